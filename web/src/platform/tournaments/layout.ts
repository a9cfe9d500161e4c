// The bracket drawn as a picture: where each match's box stands and the lines that join a match to the one its
// winner plays next. Only a drawing: which matches a tournament has, who plays them and who goes on is the
// server's (each match's `round` and `slot`); the shape is the knockout's, a round's k-th match (from 0) feeding
// the next round's (k / 2)-th, as the API documents its bracket.
import type { components } from "../../api/generated/schema";

export type Match = components["schemas"]["MatchOut"];
export type Size = components["schemas"]["TournamentSize"];

/** A match box and the room around it; `top` keeps a line above the boxes for the rounds' names. */
export const BOX = { width: 180, height: 56, gapX: 48, gapY: 20, margin: 8, top: 24 } as const;

export interface Box {
  readonly round: number;
  /** Index of the match in its round, from 0 (top to bottom). */
  readonly index: number;
  readonly x: number;
  readonly y: number;
  /** The server's match, once the bracket is drawn (null: a tournament not full yet). */
  readonly match: Match | null;
}

export interface Line {
  /** From the right edge of a match to the left edge of the next one, as an SVG path. */
  readonly d: string;
  readonly from: number;
  readonly to: number;
}

export interface Layout {
  readonly width: number;
  /** Where each round's name is written, above its column. */
  readonly rounds: readonly { readonly round: number; readonly x: number; readonly y: number }[];
  readonly height: number;
  readonly boxes: readonly Box[];
  readonly lines: readonly Line[];
}

/** The rounds of a knockout of `size` members: 2 for 4, 3 for 8. */
export function roundsOf(size: Size): number {
  return Math.log2(size);
}

export function layout(size: Size, matches: readonly Match[]): Layout {
  const rounds = roundsOf(size);
  const byRound = new Map<number, Match[]>();
  for (const match of [...matches].sort((a, b) => a.slot - b.slot)) {
    byRound.set(match.round, [...(byRound.get(match.round) ?? []), match]);
  }
  const boxes: Box[] = [];
  const centres: number[][] = [];
  for (let round = 1; round <= rounds; round += 1) {
    const count = size >> round;
    const x = BOX.margin + (round - 1) * (BOX.width + BOX.gapX);
    const ys: number[] = [];
    for (let index = 0; index < count; index += 1) {
      const before = centres[round - 2];
      const centre = before === undefined
        ? BOX.margin + BOX.top + index * (BOX.height + BOX.gapY) + BOX.height / 2
        : ((before[2 * index] ?? 0) + (before[2 * index + 1] ?? 0)) / 2;
      ys.push(centre);
      boxes.push({ round, index, x, y: centre - BOX.height / 2, match: byRound.get(round)?.[index] ?? null });
    }
    centres.push(ys);
  }
  const lines: Line[] = [];
  boxes.forEach((box, from) => {
    if (box.round === rounds) return;
    const to = boxes.findIndex((next) => next.round === box.round + 1 && next.index === Math.floor(box.index / 2));
    const target = boxes[to];
    if (target === undefined) return;
    const x1 = box.x + BOX.width;
    const y1 = box.y + BOX.height / 2;
    const x2 = target.x;
    const y2 = target.y + BOX.height / 2;
    const mid = x1 + BOX.gapX / 2;
    lines.push({ from, to, d: `M${x1} ${y1}H${mid}V${y2}H${x2}` });
  });
  const first = size >> 1;
  return {
    width: 2 * BOX.margin + rounds * BOX.width + (rounds - 1) * BOX.gapX,
    rounds: Array.from({ length: rounds }, (_, at) => ({ round: at + 1, x: BOX.margin + at * (BOX.width + BOX.gapX), y: BOX.margin + 14 })),
    height: 2 * BOX.margin + BOX.top + first * BOX.height + (first - 1) * BOX.gapY,
    boxes,
    lines,
  };
}

/** A round's name, counted from the final. */
export function roundName(size: Size, round: number): string {
  const fromFinal = roundsOf(size) - round;
  return fromFinal === 0 ? "Final" : fromFinal === 1 ? "Semi-finals" : "Quarter-finals";
}

/** What a match's winner did: went on to the next round, or (the final) won the tournament. */
export function wentOn(who: string, final: boolean): string {
  const I = who === "I";
  return final ? `${who} won the tournament` : `${who} ${I ? "go" : "goes"} on`;
}
