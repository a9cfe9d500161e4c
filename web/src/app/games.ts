// Where each game's screen lives, for links from the home screen and the feed.
import type { Schemas } from "./api";

export function gameHref(game: Schemas["GameKind"], gameId: string): string {
  return `/${game}/games/${encodeURIComponent(gameId)}`;
}

export const GAME_NAMES: Record<Schemas["GameKind"], string> = {
  feinthold: "Feinthold",
  feint: "Feint",
  front1901: "Front 1901",
};
