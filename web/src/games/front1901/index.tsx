// Front 1901's screens: the start, a game (map, orders, negotiation, help), its history and record, the daily challenge, online tables.
import type { Area } from "../../app/router";
import "./front1901.css";
import { GameScreen } from "./GameScreen";
import { History, Record } from "./History";
import { Daily, Start } from "./Start";
import { Tables, TableScreen } from "./Tables";

export const routes: Area["routes"] = [
  { path: "/front1901", title: "Front 1901", view: Start },
  { path: "/front1901/daily", title: "Front 1901: today's challenge", view: Daily },
  { path: "/front1901/tables", title: "Front 1901 online", view: Tables },
  { path: "/front1901/tables/:tableId", title: "Front 1901: a table", view: TableScreen },
  { path: "/front1901/games/:gameId", title: "Front 1901", view: GameScreen },
  { path: "/front1901/games/:gameId/history", title: "Front 1901: history", view: History },
  { path: "/front1901/games/:gameId/record", title: "Front 1901: record", view: Record },
];
