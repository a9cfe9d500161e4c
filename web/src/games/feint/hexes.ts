/**
 * Feint's board as drawn: the radius-5 hexagon of axial cells (q, r), pointy-top with y down, so face 0
 * (r = +radius) is the bottom edge as the rules draw it. Cells are named as the rules name them: [q, r].
 */
export type Cell = [number, number];

export const RADIUS = 5;
/** The distance from a hex's centre to its corners, in px. */
export const SIZE = 30;

export function cellName(cell: readonly number[]): string {
  return `${cell[0]},${cell[1]}`;
}

export function sameCell(a: readonly number[] | null | undefined, b: readonly number[] | null | undefined): boolean {
  return !!a && !!b && a[0] === b[0] && a[1] === b[1];
}

/** Every cell of the board, ring by ring from the centre: 1 + 3r(r + 1) of them (91 at radius 5). */
export function boardCells(radius: number = RADIUS): Cell[] {
  const cells: Cell[] = [];
  for (let q = -radius; q <= radius; q++) {
    for (let r = Math.max(-radius, -q - radius); r <= Math.min(radius, -q + radius); r++) cells.push([q, r]);
  }
  return cells;
}

/** A cell's centre in px, the board's centre at (0, 0). */
export function centreOf(cell: readonly number[], size: number = SIZE): [number, number] {
  const q = cell[0] ?? 0;
  const r = cell[1] ?? 0;
  return [size * Math.sqrt(3) * (q + r / 2), size * 1.5 * r];
}

/** The six corners of a pointy-top hex as an SVG points list. */
export function hexPoints(cell: readonly number[], size: number = SIZE): string {
  const [x, y] = centreOf(cell, size);
  const points: string[] = [];
  for (let i = 0; i < 6; i++) {
    const angle = (Math.PI / 180) * (60 * i - 30);
    points.push(`${(x + size * Math.cos(angle)).toFixed(1)},${(y + size * Math.sin(angle)).toFixed(1)}`);
  }
  return points.join(" ");
}

/** The px box that holds a board of this radius, as an SVG viewBox. */
export function viewBox(radius: number = RADIUS, size: number = SIZE): string {
  const half = size * Math.sqrt(3) * (radius + 0.5) + 4;
  const tall = size * (1.5 * radius + 1) + 4;
  return `${-half} ${-tall} ${2 * half} ${2 * tall}`;
}

export const SEAT_COLOUR: Record<number, string> = {
  1: "#1f6fd1",
  2: "#c0392b",
  3: "#2e8b57",
  4: "#8e44ad",
  5: "#d68910",
  6: "#16808a",
};
