import { describe, expect, it } from "vitest";
import type { Legal } from "./model";
import { addOrder, affordable, canAdd, draftCost, offersAt, orderOf, pointsLeft, removeOrder } from "./orders";

const LEGAL: Legal = {
  reinforce: [{ at: "hq-s", cap: 4 }, { at: "r-s", cap: 2 }],
  move: [{ from: "hq-s", to: "r-s", units: 3, decoys: 1 }, { from: "hq-s", to: "p-w", units: 3, decoys: 1 }],
  entrench: [{ at: "hq-s", cost: 0, if_placed: false }, { at: "r-s", cost: 1, if_placed: true }],
  scout: [{ at: "c" }, { at: "r-n" }],
  predict: [{ at: "c" }, { at: "hq-s" }],
  points: 5,
  costs: { unit: 2, decoy: 1, entrench: 1, scout: 2, predict: 0 },
  max_scouts: 2,
  max_predictions: 1,
};

describe("order entry", () => {
  it("offers at a position only what the server's legal orders list there", () => {
    expect(offersAt(LEGAL, "hq-s").map((o) => o.label)).toEqual([
      "Reinforce hq-s with units",
      "Place decoys on hq-s",
      "Move from hq-s to r-s",
      "Move from hq-s to p-w",
      "Entrench hq-s",
      "Predict a move into hq-s",
    ]);
    expect(offersAt(LEGAL, "c").map((o) => o.kind)).toEqual(["scout", "predict"]);
    expect(offersAt(LEGAL, "p-e")).toEqual([]);
  });
  it("bounds counts by the cap, what stands there, and the points left", () => {
    const [units, decoys, move] = offersAt(LEGAL, "hq-s");
    expect(affordable(units!, 5).units).toBe(2); // 4 allowed, 5 points buy 2
    expect(affordable(decoys!, 5).decoys).toBe(4); // the cap
    expect(affordable(move!, 0)).toEqual({ units: 3, decoys: 1, fixed: true }); // a move costs nothing
    expect(canAdd(units!, 1)).toBe(false);
    expect(canAdd(offersAt(LEGAL, "c")[0]!, 1)).toBe(false); // a scouting costs 2
  });
  it("costs a draft at the server's costs and keeps one order per kind and place", () => {
    const [units, , move] = offersAt(LEGAL, "hq-s");
    let draft = addOrder([], orderOf(units!, 2, 0));
    draft = addOrder(draft, orderOf(offersAt(LEGAL, "r-s").find((o) => o.kind === "entrench")!, 0, 0));
    draft = addOrder(draft, orderOf(move!, 1, 1));
    expect(draftCost(draft, LEGAL)).toBe(5);
    expect(pointsLeft(draft, LEGAL)).toBe(0);
    draft = addOrder(draft, orderOf(units!, 1, 0)); // replaces the first reinforcement
    expect(draft).toHaveLength(3);
    expect(pointsLeft(draft, LEGAL)).toBe(2);
    expect(removeOrder(draft, 0).map((o) => Object.keys(o)[0])).toEqual(["move", "reinforce"]);
  });
});
