// How often a game's view is asked for, by its pace: a step of 60 s is watched every 2 s (the fastest the
// client ever polls), a day's step every 30 s. A house game resolves on my orders, so its view changes
// when I act: the poll then only keeps a stale tab honest.
import type { Schemas } from "./api";

export const PACE_POLL_MS: Record<Schemas["Pace"], number> = {
  blitz: 2_000,
  "5m": 5_000,
  "12h": 30_000,
  "1d": 30_000,
  "2d": 30_000,
  "3d": 30_000,
};
