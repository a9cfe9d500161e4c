import { describe, expect, it } from "vitest";
import { CHART, bars } from "./chart";

describe("the bench's chart", () => {
  const rows = [
    { label: "sentinel", parts: [{ name: "won", value: 6 }, { name: "drawn", value: 3 }, { name: "lost", value: 3 }] },
    { label: "ram", parts: [{ name: "won", value: 2 }, { name: "drawn", value: 0 }, { name: "lost", value: 4 }] },
  ];

  it("scales every bar to the largest row's total, parts side by side in order", () => {
    const { bars: drawn } = bars(rows, 410);
    const room = 410 - CHART.labelWidth - 2 * CHART.margin;
    const [first, second] = drawn;
    expect(first!.segments.map((s) => s.width)).toEqual([room / 2, room / 4, room / 4]);
    expect(first!.segments[1]!.x).toBe(first!.segments[0]!.x + first!.segments[0]!.width);
    expect(second!.total).toBe(6);
    expect(second!.segments.reduce((sum, s) => sum + s.width, 0)).toBe(room / 2);
  });

  it("leaves out empty parts and stacks the rows downwards", () => {
    const { bars: drawn, height } = bars(rows, 410);
    expect(drawn[1]!.segments.map((s) => s.name)).toEqual(["won", "lost"]);
    expect(drawn[1]!.y).toBe(drawn[0]!.y + CHART.barHeight + CHART.gap);
    expect(height).toBe(drawn[1]!.y + CHART.barHeight + CHART.margin);
  });

  it("draws a bench that played nothing without dividing by zero", () => {
    const { bars: drawn } = bars([{ label: "rule 1", parts: [{ name: "fired", value: 0 }] }], 300);
    expect(drawn[0]!.segments).toEqual([]);
  });
});
