// Feint's screens: start (solo, hot-seat, watch), a game at one seat, online tables, a watched game, the record.
import type { Area } from "../../app/router";
import "./feint.css";
import { FeintGame } from "./GameScreen";
import { Start, Table, Tables } from "./Start";
import { FeintRecord, Watch } from "./Watch";

export const routes: Area["routes"] = [
  { path: "/feint", title: "Feint", view: Start },
  { path: "/feint/tables", title: "Feint: tables", view: Tables },
  { path: "/feint/tables/:tableId", title: "Feint: a table", view: Table },
  { path: "/feint/games/:gameId", title: "Feint", view: FeintGame },
  { path: "/feint/games/:gameId/record", title: "Feint: the record", view: FeintRecord },
  { path: "/feint/watch/:gameId", title: "Feint: watching", view: Watch },
];
