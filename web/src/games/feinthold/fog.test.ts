import { describe, expect, it } from "vitest";
import { fogOf } from "./fog";
import type { View } from "./model";

const positions = (["hq-s", "hq-n", "c", "r-s", "r-n", "p-w", "p-e"] as const).map((id) => ({ id, kind: "relay" as const, side: null }));

function viewWith(part: Partial<View>): View {
  return {
    side: "south", turn: 4, over: false, winner: null, layout: { id: "crown-1", shape: "crown", paths: [], positions },
    flags: {}, units: {}, decoys: {}, reserve: 0, income: 0, points: 0, income_total: 0, seen_turn: 3, marks: {},
    observations: {}, history: [], legal: { reinforce: [], move: [], entrench: [], scout: [], predict: [], points: 0, costs: { unit: 2, decoy: 1, entrench: 1, scout: 2, predict: 0 }, max_scouts: 2, max_predictions: 1 },
    ...part,
  } as View;
}

describe("the fog drawing", () => {
  it("tells mine, seen now, remembered and unknown apart from the view alone", () => {
    const fog = fogOf(viewWith({
      units: { "hq-s": 3 }, decoys: { "r-s": 1 },
      observations: {
        c: { turn: 3, presence: true, count: null, strength: null },
        "r-n": { turn: 1, presence: null, count: 2, strength: null },
        "p-w": { turn: 3, presence: false, count: null, strength: null },
      },
      marks: { c: "?" },
    }));
    expect(fog["hq-s"]).toMatchObject({ sight: "mine", units: 3 });
    expect(fog["r-s"]).toMatchObject({ sight: "mine", decoys: 1 });
    expect(fog["c"]).toMatchObject({ sight: "seen", enemy: "?", seenTurn: 3 });
    expect(fog["r-n"]).toMatchObject({ sight: "memory", enemy: "2 enemy", seenTurn: 1 });
    expect(fog["p-w"]).toMatchObject({ sight: "seen", enemy: "none" });
    expect(fog["p-e"]).toMatchObject({ sight: "unknown", enemy: "" });
  });
  it("shows a combat's strength when nothing was counted", () => {
    const fog = fogOf(viewWith({ observations: { c: { turn: 2, presence: true, count: null, strength: 4.5 } } }));
    expect(fog["c"]).toMatchObject({ sight: "memory", enemy: "strength 4.5" });
  });
});
