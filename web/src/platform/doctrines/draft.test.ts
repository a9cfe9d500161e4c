import { describe, expect, it } from "vitest";
import {
  addCondition, addRule, canAddRule, fromDoctrine, moveRule, newDraft, placeOf, removeCondition, removeRule,
  rename, setKind, setValue, startFrom, takeStart, toDoctrine,
} from "./draft";
import { MAX_RULES, type Doctrine } from "./lists";

describe("the doctrine editor's rule list", () => {
  it("holds 8 rules at most and 1 at least", () => {
    let draft = newDraft("wall");
    for (let i = 0; i < 12; i += 1) draft = addRule(draft);
    expect(draft.rules).toHaveLength(MAX_RULES);
    expect(canAddRule(draft)).toBe(false);
    for (let i = 0; i < 12; i += 1) draft = removeRule(draft, 0);
    expect(draft.rules).toHaveLength(1);
  });

  it("holds 4 conditions a rule at most", () => {
    let draft = newDraft("wall");
    for (let i = 0; i < 6; i += 1) draft = addCondition(draft, 0);
    expect(draft.rules[0]!.conditions).toHaveLength(4);
    draft = removeCondition(draft, 0, 1);
    expect(draft.rules[0]!.conditions).toHaveLength(3);
  });

  it("writes the doctrine's JSON: empty parameters left to their defaults, numbers and yes/no typed", () => {
    let draft = rename(newDraft(), "Hold the centre");
    draft = addCondition(draft, 0);
    draft = setKind(draft, { rule: 0, condition: 0 }, "outnumber");
    draft = setValue(draft, { rule: 0, condition: 0 }, "at", "centre");
    draft = setValue(draft, { rule: 0, condition: 0 }, "ratio", "1.5");
    draft = addCondition(draft, 0);
    draft = setKind(draft, { rule: 0, condition: 1 }, "enemy_at");
    draft = setValue(draft, { rule: 0, condition: 1 }, "at", "my-hq");
    draft = setValue(draft, { rule: 0, condition: 1 }, "present", "no");
    draft = setKind(draft, { rule: 0, action: true }, "converge");
    draft = setValue(draft, { rule: 0, action: true }, "keep", "1");
    draft = addRule(draft);
    draft = setKind(draft, { rule: 1, action: true }, "predict");
    expect(toDoctrine(draft)).toEqual({
      name: "Hold the centre",
      rules: [
        {
          if: [{ outnumber: { at: "centre", ratio: 1.5 } }, { enemy_at: { at: "my-hq", present: false } }],
          then: { converge: { keep: 1 } },
        },
        { if: [], then: { predict: {} } },
      ],
    });
  });

  it("keeps a number it cannot read as typed, for the server to name", () => {
    const draft = setValue(newDraft("x"), { rule: 0, action: true }, "at_most", "four");
    expect(toDoctrine(draft).rules[0]!.then).toEqual({ reinforce_all: { at_most: "four" } });
  });

  it("keeps the parameters two kinds share when the kind changes, and drops the others'", () => {
    let draft = setKind(newDraft("x"), { rule: 0, action: true }, "advance");
    draft = setValue(draft, { rule: 0, action: true }, "keep", "2");
    draft = setValue(draft, { rule: 0, action: true }, "toward", "centre");
    draft = setKind(draft, { rule: 0, action: true }, "converge");
    expect(draft.rules[0]!.action.values).toEqual({ at: "", keep: "2", share: "" });
  });

  it("reads a stored doctrine back unchanged", () => {
    const doctrine = {
      name: "Ram-like",
      rules: [
        { if: [{ turn: { at_least: 2, at_most: 6 } }, { flag: { at: "centre" as const, owner: "not-mine" as const } }],
          then: { advance: { from: "my-hq" as const, toward: "centre" as const, keep: 1, share: 50 } } },
        { if: [{ enemy_at: { at: "my-relay" as const, present: true } }], then: { entrench: { at: "my-relay" as const } } },
        { then: { reinforce_all: {} } },
      ],
    };
    // Parameters left out take their defaults, which the generated types (answers' view) call required.
    const again = toDoctrine(fromDoctrine(doctrine as unknown as Doctrine));
    expect(again).toEqual({ ...doctrine, rules: doctrine.rules.map((rule) => ({ if: rule.if ?? [], then: rule.then })) });
  });

  it("moves a rule up and down, and not past either end", () => {
    let draft = addRule(addRule(newDraft("x")));
    draft = setKind(draft, { rule: 2, action: true }, "scout");
    draft = moveRule(draft, 2, -1);
    expect(draft.rules.map((rule) => rule.action.kind)).toEqual(["reinforce_all", "scout", "reinforce_all"]);
    expect(moveRule(draft, 0, -1)).toBe(draft);
    expect(moveRule(draft, 2, 1)).toBe(draft);
  });

  it("places the API's errors on the controls their fields name", () => {
    expect(placeOf("doctrine.rules[0].if[0].units_at.at_least")).toEqual({ rule: 0, part: { rule: 0, condition: 0 }, param: "at_least" });
    expect(placeOf("doctrine.rules[3].then.advance")).toEqual({ rule: 3, part: { rule: 3, action: true } });
    expect(placeOf("doctrine.rules[1]")).toEqual({ rule: 1 });
    expect(placeOf("doctrine.name")).toEqual({ name: true });
    expect(placeOf("slot")).toBeNull();
  });

  it("hands a draft to the next new doctrine once, then starts empty", () => {
    const house = rename(addRule(newDraft()), "Sentinel");
    startFrom(house);
    expect(takeStart()).toBe(house);
    expect(takeStart()).toEqual(newDraft());
  });
});
