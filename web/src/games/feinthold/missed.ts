// A missed turn, as this page saw it pass: the turn closed at its deadline (the next one opened at or after
// it: not on both sides' orders) while the last view of it carried no orders of mine. The server says what
// was played in the history; this says only that my orders did not make it.
import type { Game } from "./model";

export interface TurnSeen {
  turn: number;
  deadline: string | null | undefined;
  /** whether my orders for it were seen sent (by a view or by this page's own send) */
  sent: boolean;
}

/** The turn I missed, when `now` is the view after it; undefined when none (or nothing was seen of it). */
export function missedTurn(before: TurnSeen | undefined, now: Pick<Game, "turn" | "opened_at">): number | undefined {
  if (!before || before.sent || !before.deadline || now.turn !== before.turn + 1) return undefined;
  return Date.parse(now.opened_at) >= Date.parse(before.deadline) ? before.turn : undefined;
}
