// Feinthold's types, as the generated client has them.
import type { Schemas } from "../../app/api";

export type Game = Schemas["GameOut"];
export type View = Schemas["FeintholdView"];
export type Legal = Schemas["FeintholdLegal"];
export type Order = Schemas["OrderSet"]["orders"][number];
export type Position = Schemas["Position"];
