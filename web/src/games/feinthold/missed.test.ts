import { describe, expect, it } from "vitest";
import { missedTurn } from "./missed";

const TURN_1 = { turn: 1, deadline: "2026-12-01T09:05:00Z" };

describe("a missed turn", () => {
  it("is the turn that closed at its deadline while no orders of mine were seen sent", () => {
    expect(missedTurn({ ...TURN_1, sent: false }, { turn: 2, opened_at: "2026-12-01T09:05:01Z" })).toBe(1);
    expect(missedTurn({ ...TURN_1, sent: false }, { turn: 2, opened_at: "2026-12-01T09:05:00Z" })).toBe(1);
  });
  it("is none when my orders were sent, or the turn closed on both sides' orders before its deadline", () => {
    expect(missedTurn({ ...TURN_1, sent: true }, { turn: 2, opened_at: "2026-12-01T09:05:01Z" })).toBeUndefined();
    expect(missedTurn({ ...TURN_1, sent: false }, { turn: 2, opened_at: "2026-12-01T09:02:00Z" })).toBeUndefined();
  });
  it("is none when the page did not see the turn before, or saw several pass at once", () => {
    expect(missedTurn(undefined, { turn: 2, opened_at: "2026-12-01T09:05:01Z" })).toBeUndefined();
    expect(missedTurn({ ...TURN_1, sent: false }, { turn: 3, opened_at: "2026-12-01T09:10:01Z" })).toBeUndefined();
    expect(missedTurn({ turn: 1, deadline: null, sent: false }, { turn: 2, opened_at: "2026-12-01T09:05:01Z" })).toBeUndefined();
  });
});
