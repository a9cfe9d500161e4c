import { describe, expect, it } from "vitest";
import { mentions, ordersMatching, readOrder } from "./orders";

describe("reading orders for drawing", () => {
  it("reads the compact notation and the spelled-out one alike", () => {
    expect(readOrder("A PAR - BUR")).toMatchObject({ kind: "move", at: "PAR", to: "BUR", unitKind: "A" });
    expect(readOrder("army par to bur")).toMatchObject({ kind: "move", at: "PAR", to: "BUR" });
    expect(readOrder("F NTH S A LON - BEL")).toMatchObject({ kind: "support", at: "NTH", of: "LON", to: "BEL" });
    expect(readOrder("f nth supports a lvp")).toMatchObject({ kind: "support", of: "LVP", to: undefined });
    expect(readOrder("F MAO - SPA(nc)")).toMatchObject({ kind: "move", to: "SPA/NC" });
    expect(readOrder("F NTH C A YOR - NWY")).toMatchObject({ kind: "convoy", of: "YOR", to: "NWY" });
    expect(readOrder("A PAR R BUR")).toMatchObject({ kind: "retreat", to: "BUR" });
    expect(readOrder("F STP/SC B")).toMatchObject({ kind: "build", at: "STP/SC" });
    expect(readOrder("A PAR D")).toMatchObject({ kind: "disband" });
    expect(readOrder("nonsense")).toBeNull();
  });

  it("names the places after the unit in order", () => {
    expect(mentions(readOrder("A LVP S F EDI - CLY")!)).toEqual(["EDI", "CLY"]);
  });
});

describe("matching clicks against the legal orders", () => {
  const legal = ["F LON H", "F LON - NTH", "F LON - ENG", "F LON S F EDI - NTH", "F LON S A LVP - YOR", "F LON S F EDI"];
  it("a destination clicked picks the move and every order naming it first", () => {
    expect(ordersMatching(legal, ["NTH"])).toEqual(["F LON - NTH"]);
    expect(ordersMatching(legal, ["EDI"])).toEqual(["F LON S F EDI - NTH", "F LON S F EDI"]);
    expect(ordersMatching(legal, ["EDI", "NTH"])).toEqual(["F LON S F EDI - NTH"]);
  });
  it("the unit's own place is a hold", () => {
    expect(ordersMatching(legal, ["LON"])).toEqual(["F LON H"]);
  });
  it("a split coast clicked picks that coast; the province, any coast", () => {
    const spain = ["F MAO - SPA/NC", "F MAO - SPA/SC", "F MAO - POR"];
    expect(ordersMatching(spain, ["SPA/SC"])).toEqual(["F MAO - SPA/SC"]);
    expect(ordersMatching(spain, ["SPA"])).toEqual(["F MAO - SPA/NC", "F MAO - SPA/SC"]);
    expect(ordersMatching(["A GAS - SPA"], ["SPA/NC"])).toEqual(["A GAS - SPA"]);
  });
});
