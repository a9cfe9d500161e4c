import { describe, expect, it } from "vitest";
import { BOX, layout, roundName, wentOn, type Match } from "./layout";

function match(slot: number, round: number, players: string[] = []): Match {
  return {
    slot, round, status: "waiting", deadline: "2026-12-06T09:00:00Z", ended_at: null, ending: null, game_id: null,
    opened_at: null, players: players.map((member, at) => ({ member, seed: at + 1 })), rating: null, tallies: [],
    tiebreak: null, too_fast: [], winner: null,
  };
}

const centre = (box: { y: number }) => box.y + BOX.height / 2;

describe("the bracket layout", () => {
  it("draws 7 matches in 3 rounds for 8 members, each later match midway between the two it follows", () => {
    const drawn = layout(8, []);
    expect(drawn.boxes.map((box) => box.round)).toEqual([1, 1, 1, 1, 2, 2, 3]);
    const [q1, q2, q3, q4, s1, s2, final] = drawn.boxes;
    expect(centre(s1!)).toBe((centre(q1!) + centre(q2!)) / 2);
    expect(centre(s2!)).toBe((centre(q3!) + centre(q4!)) / 2);
    expect(centre(final!)).toBe((centre(s1!) + centre(s2!)) / 2);
    expect(drawn.boxes.every((box) => box.match === null)).toBe(true);
  });

  it("joins each match to the one its winner plays next, and nothing to the final", () => {
    const drawn = layout(8, []);
    expect(drawn.lines.map((line) => [line.from, line.to])).toEqual([[0, 4], [1, 4], [2, 5], [3, 5], [4, 6], [5, 6]]);
    const four = layout(4, []);
    expect(four.lines.map((line) => [line.from, line.to])).toEqual([[0, 2], [1, 2]]);
  });

  it("puts the server's matches in their places by round and slot, whatever order they come in", () => {
    const drawn = layout(4, [match(3, 2, ["ann", "cy"]), match(2, 1, ["bo", "cy"]), match(1, 1, ["ann", "dee"])]);
    expect(drawn.boxes.map((box) => box.match?.slot)).toEqual([1, 2, 3]);
    expect(drawn.boxes[2]!.match!.players.map((p) => p?.member)).toEqual(["ann", "cy"]);
  });

  it("keeps every box inside the picture", () => {
    for (const size of [4, 8] as const) {
      const drawn = layout(size, []);
      for (const box of drawn.boxes) {
        expect(box.x).toBeGreaterThanOrEqual(0);
        expect(box.y).toBeGreaterThanOrEqual(0);
        expect(box.x + BOX.width).toBeLessThanOrEqual(drawn.width);
        expect(box.y + BOX.height).toBeLessThanOrEqual(drawn.height);
      }
    }
  });

  it("writes each round's name above its column, clear of the boxes", () => {
    const drawn = layout(8, []);
    expect(drawn.rounds.map((column) => column.x)).toEqual([1, 2, 3].map((round) => drawn.boxes.find((box) => box.round === round)!.x));
    expect(Math.max(...drawn.rounds.map((column) => column.y))).toBeLessThan(Math.min(...drawn.boxes.map((box) => box.y)));
  });

  it("names the rounds from the final", () => {
    expect([1, 2, 3].map((round) => roundName(8, round))).toEqual(["Quarter-finals", "Semi-finals", "Final"]);
    expect([1, 2].map((round) => roundName(4, round))).toEqual(["Semi-finals", "Final"]);
  });

  it("says where a match's winner went: on, or to the title", () => {
    expect(wentOn("I", false)).toBe("I go on");
    expect(wentOn("ann", false)).toBe("ann goes on");
    expect(wentOn("ann", true)).toBe("ann won the tournament");
  });
});
