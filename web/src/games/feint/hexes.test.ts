import { describe, expect, it } from "vitest";
import { boardCells, cellName, centreOf, SIZE } from "./hexes";

describe("Feint's board as drawn", () => {
  const cells = boardCells(5);
  it("holds the 91 cells of the radius-5 hexagon, named [q, r] as the rules name them", () => {
    expect(cells).toHaveLength(91);
    expect(new Set(cells.map(cellName)).size).toBe(91);
    for (const [q, r] of cells) expect(Math.max(Math.abs(q), Math.abs(r), Math.abs(q + r))).toBeLessThanOrEqual(5);
    expect(cells.map(cellName)).toContain("0,0");
    expect(cells.map(cellName)).toContain("-2,5");
  });
  it("draws the six neighbours of a cell one hex apart, and face 0 (r = 5) at the bottom", () => {
    const [x, y] = centreOf([0, 0]);
    for (const [dq, dr] of [[1, 0], [1, -1], [0, -1], [-1, 0], [-1, 1], [0, 1]] as const) {
      const [nx, ny] = centreOf([dq, dr]);
      expect(Math.hypot(nx - x, ny - y)).toBeCloseTo(SIZE * Math.sqrt(3));
    }
    const bottom = Math.max(...cells.map((c) => centreOf(c)[1]));
    expect(cells.filter((c) => centreOf(c)[1] === bottom).every(([, r]) => r === 5)).toBe(true);
  });
});
