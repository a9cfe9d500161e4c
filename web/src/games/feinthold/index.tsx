// Feinthold's screens: start a house game, the board, the record.
import type { Area } from "../../app/router";
import { Start } from "./Start";

export const routes: Area["routes"] = [{ path: "/feinthold", title: "Feinthold", view: Start }];
