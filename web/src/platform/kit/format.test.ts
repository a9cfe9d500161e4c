import { describe, expect, it } from "vitest";
import { monthBefore, when, words } from "./format";

describe("the platform's words for times and names", () => {
  it("finds the month before, across a year's turn", () => {
    expect(monthBefore("2026-12")).toBe("2026-11");
    expect(monthBefore("2027-01")).toBe("2026-12");
    expect(monthBefore("2026-10")).toBe("2026-09");
  });

  it("writes instants in UTC, whatever the browser's zone", () => {
    expect(when("2026-12-01T23:30:00Z")).toBe("1 Dec 2026, 23:30 UTC");
    expect(when(null)).toBe("–");
  });

  it("reads the API's hyphenated names as words", () => {
    expect(words("ready-room")).toBe("ready room");
    expect(words("played-by-default-doctrine")).toBe("played by default doctrine");
  });
});
