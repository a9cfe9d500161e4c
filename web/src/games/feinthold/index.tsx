// Feinthold's screens: start a house game, the board, the record.
import type { Area } from "../../app/router";
import "./feinthold.css";
import { Game } from "./Game";
import { Record } from "./Record";
import { Start } from "./Start";

export const routes: Area["routes"] = [
  { path: "/feinthold", title: "Feinthold", view: Start },
  { path: "/feinthold/games/:gameId", title: "Feinthold game", view: Game },
  { path: "/feinthold/games/:gameId/record", title: "Feinthold record", view: Record },
];
