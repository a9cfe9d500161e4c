// The board: the seven positions and the layout's paths, flags, my pieces, and the fog (unknown, seen now,
// remembered). Each position is a button: clicking it (or Enter/Space on it) offers the orders given there.
import { fogOf } from "./fog";
import type { Position, View } from "./model";

/** Where each position is drawn (south at the bottom); every layout uses these seven, its paths differ. */
export const PLACES: Record<Position, { x: number; y: number }> = {
  "hq-n": { x: 50, y: 9 },
  "r-n": { x: 72, y: 29 },
  "p-w": { x: 13, y: 50 },
  c: { x: 50, y: 50 },
  "p-e": { x: 87, y: 50 },
  "r-s": { x: 28, y: 71 },
  "hq-s": { x: 50, y: 91 },
};

const NAMES: Record<Position, string> = {
  "hq-s": "south HQ",
  "hq-n": "north HQ",
  c: "centre",
  "r-s": "south relay",
  "r-n": "north relay",
  "p-w": "west post",
  "p-e": "east post",
};

export function positionName(at: Position): string {
  return `${NAMES[at]} (${at})`;
}

export function Board({ view, selected, onSelect }: { view: View; selected: Position | undefined; onSelect: (at: Position) => void }) {
  const fog = fogOf(view);
  return (
    <svg class="board" viewBox="0 -5 100 108" role="group" aria-label={`The board, layout ${view.layout.id}`} data-testid="board">
      {view.layout.paths.map(([a, b]) => (
        <line key={`${a}-${b}`} class="path" x1={PLACES[a!].x} y1={PLACES[a!].y} x2={PLACES[b!].x} y2={PLACES[b!].y} />
      ))}
      {view.layout.positions.map((place) => {
        const at = place.id;
        const { x, y } = PLACES[at];
        const shown = fog[at];
        const flag = view.flags[at];
        const mine = [shown.units ? `${shown.units} units` : "", shown.decoys ? `${shown.decoys} decoys` : ""].filter(Boolean).join(", ");
        const enemy = shown.enemy ? `enemy: ${shown.enemy}${shown.sight === "memory" ? `, remembered from turn ${shown.seenTurn}` : ""}` : shown.sight === "unknown" ? "unknown" : "";
        const label = `${positionName(at)}, ${place.kind}, flag ${flag ?? "neutral"}${mine ? `, mine: ${mine}` : ""}${enemy ? `, ${enemy}` : ""}`;
        const choose = () => onSelect(at);
        return (
          <g
            key={at}
            class={`place sight-${shown.sight} flag-${flag ?? "none"} kind-${place.kind}${selected === at ? " selected" : ""}`}
            role="button"
            tabindex={0}
            aria-label={label}
            aria-pressed={selected === at}
            data-position={at}
            onClick={choose}
            onKeyDown={(event) => {
              if (event.key === "Enter" || event.key === " ") {
                event.preventDefault();
                choose();
              }
            }}
          >
            {place.kind === "hq" ? (
              <rect x={x - 8} y={y - 7} width={16} height={14} rx={2} class="disc" />
            ) : place.kind === "post" ? (
              <polygon points={`${x},${y - 8} ${x + 8},${y} ${x},${y + 8} ${x - 8},${y}`} class="disc" />
            ) : (
              <circle cx={x} cy={y} r={7.5} class="disc" />
            )}
            <text x={x} y={y - 9.5} class="name">
              {at}
            </text>
            <text x={x} y={y + 1.2} class="count">
              {shown.units || shown.decoys ? `${shown.units}${shown.decoys ? `+${shown.decoys}d` : ""}` : ""}
            </text>
            {shown.enemy ? (
              <text x={x} y={y + 5.5} class={`enemy ${shown.sight === "memory" ? "memory" : ""}`}>
                {shown.enemy}
                {shown.sight === "memory" ? ` (t${shown.seenTurn})` : ""}
              </text>
            ) : null}
          </g>
        );
      })}
    </svg>
  );
}
