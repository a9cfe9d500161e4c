/** Feint's board in SVG: the hexes named [q, r], each seat's tokens, face-down (mine show my strength) or face-up. */
import type { JSX } from "preact";
import type { Schemas } from "../../app/api";
import { boardCells, cellName, centreOf, hexPoints, SEAT_COLOUR, sameCell, viewBox } from "./hexes";

export type Token = Schemas["FeintToken"];

export interface BoardProps {
  radius: number;
  tokens: Token[];
  /** The seat looking: its face-down tokens show their strength. */
  seat: number | null;
  home?: number[][];
  /** Cells and tokens a click would do something with now. */
  targetCells?: number[][];
  targetTokens?: Set<string>;
  selected?: string | null;
  /** The moves to draw (the last step's, as it is shown). */
  moves?: { from: number[] | null; to: number[] | null }[];
  onCell?: (cell: number[]) => void;
  onToken?: (token: Token) => void;
  label: string;
}

export function tokenLabel(token: Token, seat: number | null): string {
  const face = token.revealed ? `face-up, strength ${token.strength}` : token.seat === seat ? `face-down, my strength ${token.strength}` : "face-down";
  return `token ${token.id} of seat ${token.seat}, ${face}`;
}

export function Board(props: BoardProps): JSX.Element {
  const at = new Map(props.tokens.filter((t) => t.cell).map((t) => [cellName(t.cell!), t]));
  const isTarget = (cell: number[]) => props.targetCells?.some((c) => sameCell(c, cell)) ?? false;
  const isHome = (cell: number[]) => props.home?.some((c) => sameCell(c, cell)) ?? false;
  return (
    <svg class="fe-board" viewBox={viewBox(props.radius)} role="group" aria-label={props.label} data-testid="feint-board">
      {boardCells(props.radius).map((cell) => {
        const name = cellName(cell);
        const target = isTarget(cell);
        const [x, y] = centreOf(cell);
        return (
          <g key={name} data-cell={name} class={target ? "fe-cell fe-target" : "fe-cell"} onClick={() => props.onCell?.(cell)}>
            <polygon points={hexPoints(cell)} class={isHome(cell) ? "fe-home" : name === "0,0" ? "fe-centre" : undefined} />
            <text x={x} y={y + 19} class="fe-name" aria-hidden="true">{name}</text>
          </g>
        );
      })}
      {(props.moves ?? []).map((m, i) =>
        m.from && m.to ? (() => {
          const [x1, y1] = centreOf(m.from);
          const [x2, y2] = centreOf(m.to);
          return <line key={i} x1={x1} y1={y1} x2={x2} y2={y2} class="fe-move" />;
        })() : null,
      )}
      {[...at.values()].map((token) => {
        const [x, y] = centreOf(token.cell!);
        const mine = token.seat === props.seat;
        const shown = token.revealed || mine;
        const target = props.targetTokens?.has(token.id);
        return (
          <g
            key={token.id}
            class={`fe-token${token.revealed ? " fe-up" : " fe-down"}${target ? " fe-target" : ""}${props.selected === token.id ? " fe-selected" : ""}`}
            data-token={token.id}
            data-seat={token.seat}
            onClick={(event) => {
              event.stopPropagation();
              props.onToken?.(token);
            }}
          >
            <title>{tokenLabel(token, props.seat)}</title>
            <circle cx={x} cy={y} r={17} fill={SEAT_COLOUR[token.seat] ?? "#777"} />
            {!token.revealed && <circle cx={x} cy={y} r={13} fill="none" class="fe-back" />}
            <text x={x} y={y + 6} class="fe-strength" aria-hidden="true">{shown && token.strength !== null ? token.strength : "?"}</text>
          </g>
        );
      })}
    </svg>
  );
}
