// The game's own clock: every view says the server's `now`; a deadline counts down from it, moved on by the
// time the browser has waited since that view arrived (the browser's own clock says nothing else).
export interface ServerTime {
  /** the server's now, as the view said it (ms since the epoch) */
  serverNow: number;
  /** performance.now() when the view arrived */
  receivedAt: number;
}

export function serverTime(now: string, receivedAt: number = performance.now()): ServerTime {
  return { serverNow: Date.parse(now), receivedAt };
}

/** The server's now at browser instant `at` (performance.now()). */
export function nowOf(time: ServerTime, at: number = performance.now()): number {
  return time.serverNow + Math.max(0, at - time.receivedAt);
}

/** Milliseconds left until `deadline` on the server's clock, never below 0. */
export function remaining(deadline: string, time: ServerTime, at: number = performance.now()): number {
  return Math.max(0, Date.parse(deadline) - nowOf(time, at));
}

/** "2 d 03:04:05", "03:04:05" or "04:05", what a clock shows of `ms`. */
export function formatRemaining(ms: number): string {
  const total = Math.ceil(ms / 1000);
  const days = Math.floor(total / 86400);
  const hours = Math.floor((total % 86400) / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const seconds = total % 60;
  const two = (n: number) => String(n).padStart(2, "0");
  const clock = hours > 0 || days > 0 ? `${two(hours)}:${two(minutes)}:${two(seconds)}` : `${two(minutes)}:${two(seconds)}`;
  return days > 0 ? `${days} d ${clock}` : clock;
}
