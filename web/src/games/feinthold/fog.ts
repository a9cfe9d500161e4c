// The fog as drawn: what each position shows from my view alone. Mine: my units and decoys. Seen: an
// observation of the last resolved turn. Memory: an older observation, marked with its turn. Unknown: never seen.
import type { Position, View } from "./model";

export type Sight = "mine" | "seen" | "memory" | "unknown";

export interface Shown {
  sight: Sight;
  /** my pieces there */
  units: number;
  decoys: number;
  /** what is known of the enemy there, in words ("?" for a presence without a count) */
  enemy: string;
  /** the turn the enemy facts were seen (memory and seen) */
  seenTurn?: number;
}

export function fogOf(view: View): Record<Position, Shown> {
  const shown = {} as Record<Position, Shown>;
  for (const place of view.layout.positions) {
    const at = place.id;
    const units = view.units[at] ?? 0;
    const decoys = view.decoys[at] ?? 0;
    const seen = view.observations[at];
    let enemy = "";
    let sight: Sight = units || decoys ? "mine" : "unknown";
    if (seen && (seen.presence !== null || seen.count !== null || seen.strength !== null)) {
      if (seen.count !== null) enemy = `${seen.count} enemy`;
      else if (seen.strength !== null) enemy = `strength ${seen.strength}`;
      else enemy = seen.presence ? "?" : "none";
      if (sight !== "mine") sight = seen.turn >= view.seen_turn ? "seen" : "memory";
    }
    if (view.marks[at] && !enemy) enemy = "?";
    shown[at] = { sight, units, decoys, enemy, ...(seen && enemy ? { seenTurn: seen.turn } : {}) };
  }
  return shown;
}
