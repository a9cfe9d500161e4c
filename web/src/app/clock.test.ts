import { describe, expect, it } from "vitest";
import { formatRemaining, nowOf, remaining, serverTime } from "./clock";

describe("the server's clock", () => {
  it("counts down from the view's now, not the browser's clock", () => {
    // The browser's own Date says 2030; the view says 09:00:00: only the view counts.
    const time = serverTime("2026-12-01T09:00:00Z", 1000);
    expect(remaining("2026-12-01T09:01:00Z", time, 1000)).toBe(60_000);
    expect(remaining("2026-12-01T09:01:00Z", time, 16_000)).toBe(45_000);
    expect(nowOf(time, 61_000)).toBe(Date.parse("2026-12-01T09:01:00Z"));
  });
  it("never goes below zero, and a browser instant before the view counts as the view's", () => {
    const time = serverTime("2026-12-01T09:00:00Z", 5000);
    expect(remaining("2026-12-01T08:59:00Z", time, 5000)).toBe(0);
    expect(nowOf(time, 0)).toBe(Date.parse("2026-12-01T09:00:00Z"));
  });
  it("shows minutes, hours and days", () => {
    expect(formatRemaining(59_001)).toBe("01:00");
    expect(formatRemaining(3_600_000 + 61_000)).toBe("01:01:01");
    expect(formatRemaining(2 * 86_400_000 + 5_000)).toBe("2 d 00:00:05");
  });
});
