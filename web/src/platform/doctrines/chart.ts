// The test bench's chart: one stacked bar per row (an opponent's won/drawn/lost, a rule's fired/skipped/idle/
// refused), each part as wide as its share of the row's largest total. Pure geometry, drawn by Chart.tsx.
export interface Row {
  readonly label: string;
  readonly parts: readonly { readonly name: string; readonly value: number }[];
}

export interface Segment {
  readonly name: string;
  readonly value: number;
  readonly x: number;
  readonly width: number;
}

export interface Bar {
  readonly label: string;
  readonly y: number;
  readonly total: number;
  readonly segments: readonly Segment[];
}

export const CHART = { labelWidth: 110, barHeight: 22, gap: 8, margin: 4 } as const;

export function bars(rows: readonly Row[], width: number): { bars: Bar[]; height: number } {
  const room = width - CHART.labelWidth - 2 * CHART.margin;
  const widest = Math.max(1, ...rows.map((row) => row.parts.reduce((sum, part) => sum + part.value, 0)));
  const drawn = rows.map((row, index): Bar => {
    let x = CHART.labelWidth + CHART.margin;
    const segments = row.parts.filter((part) => part.value > 0).map((part) => {
      const segment = { name: part.name, value: part.value, x, width: (part.value / widest) * room };
      x += segment.width;
      return segment;
    });
    return {
      label: row.label,
      y: CHART.margin + index * (CHART.barHeight + CHART.gap),
      total: row.parts.reduce((sum, part) => sum + part.value, 0),
      segments,
    };
  });
  return { bars: drawn, height: 2 * CHART.margin + rows.length * (CHART.barHeight + CHART.gap) - CHART.gap };
}
