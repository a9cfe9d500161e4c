/** The map of Europe, 1901: provinces, centres by owner, units, the orders drawn as arrows, the threats. */
import type { JSX } from "preact";
import { MAP, pathOf, pointOf, provinceOf } from "./geometry";
import type { DrawnOrder } from "./orders";
import { POWER_COLOUR } from "./powers";

export interface MapUnit {
  power: string;
  kind: "A" | "F";
  at: string;
  dislodged?: boolean;
}

export interface MapProps {
  units: MapUnit[];
  /** Each power's centres. */
  centres: Record<string, string[]>;
  /** The power I play: its units are outlined. */
  mine?: string;
  orders?: DrawnOrder[];
  /** Where the selected unit stands, and the places an order could name next. */
  selected?: string | null;
  targets?: Set<string>;
  /** Per province, how many of another power's units could reach it (the threat map). */
  threats?: Record<string, number>;
  /** Retreat options to draw: a dislodged unit's location -> where it may go. */
  retreats?: Record<string, string[]>;
  onPick?: (location: string) => void;
  label?: string;
}

const FILL = { land: "#efe6cf", coast: "#efe6cf", sea: "#a9cbe8", impassable: "#c9c2b0" } as const;
const CENTRES = new Set(["ANK", "BEL", "BER", "BRE", "BUD", "BUL", "CON", "DEN", "EDI", "GRE", "HOL", "KIE", "LON", "LVP",
  "MAR", "MOS", "MUN", "NAP", "NWY", "PAR", "POR", "ROM", "RUM", "SER", "SEV", "SMY", "SPA", "STP", "SWE", "TRI",
  "TUN", "VEN", "VIE", "WAR"]);

export function MapView(props: MapProps): JSX.Element {
  const owner = new Map<string, string>();
  for (const [power, list] of Object.entries(props.centres)) for (const c of list) owner.set(c, power);
  const pick = (location: string) => props.onPick?.(location);
  const regions = Object.entries(MAP.regions);
  return (
    <svg
      class="f19-map"
      viewBox={`0 0 ${MAP.width} ${MAP.height}`}
      role="group"
      aria-label={props.label ?? "Map of Europe, 1901"}
      data-testid="front1901-map"
    >
      <rect width={MAP.width} height={MAP.height} fill="#7d8a99" />
      {regions.map(([name, region]) => {
        const province = region.province;
        const kind = (province && MAP.provinces[province]?.kind) || "impassable";
        const held = province ? owner.get(province) : undefined;
        const target = props.targets?.has(name) || (province !== null && props.targets?.has(province));
        return (
          <path
            key={name}
            d={pathOf(name)}
            data-region={name}
            fill={province ? (held && kind !== "sea" ? tint(POWER_COLOUR[held] ?? "#888888") : FILL[kind]) : "#b8b2a2"}
            fill-rule="evenodd"
            stroke={target ? "#000" : "#4a4a4a"}
            stroke-width={target ? 2.2 : 0.7}
            stroke-dasharray={name.includes("/") ? "3 2" : undefined}
            class={province && kind !== "impassable" ? "f19-pickable" : undefined}
            onClick={province && kind !== "impassable" ? () => pick(name) : undefined}
          />
        );
      })}
      {props.threats && <Threats threats={props.threats} />}
      {Object.entries(MAP.provinces).map(([province, shape]) => (
        <g key={province} class="f19-label" aria-hidden="true">
          <text x={shape.at[0]} y={shape.at[1] - 9} text-anchor="middle">{province}</text>
          {CENTRES.has(province) && (
            <circle
              cx={shape.at[0] + 13}
              cy={shape.at[1] - 12}
              r={3.4}
              fill={owner.has(province) ? POWER_COLOUR[owner.get(province)!] : "#fff"}
              stroke="#222"
              stroke-width={0.8}
              data-centre={province}
              data-owner={owner.get(province) ?? ""}
            />
          )}
        </g>
      ))}
      {props.retreats && <Retreats retreats={props.retreats} />}
      {(props.orders ?? []).map((order, i) => <OrderMark key={i} order={order} />)}
      {props.units.map((unit) => (
        <UnitMark key={`${unit.at}${unit.dislodged ? "*" : ""}`} unit={unit} mine={unit.power === props.mine}
          selected={props.selected === unit.at && !unit.dislodged === !props.retreats} onPick={pick} />
      ))}
    </svg>
  );
}

function tint(colour: string): string {
  const n = parseInt(colour.slice(1), 16);
  const mix = (c: number) => Math.round(c + (255 - c) * 0.62);
  return `rgb(${mix(n >> 16)},${mix((n >> 8) & 255)},${mix(n & 255)})`;
}

function UnitMark(props: { unit: MapUnit; mine: boolean; selected: boolean; onPick: (at: string) => void }) {
  const [x0, y0] = pointOf(props.unit.at);
  const [x, y] = props.unit.dislodged ? [x0 + 9, y0 + 12] : [x0, y0 + 4];
  const colour = POWER_COLOUR[props.unit.power] ?? "#888";
  const ring = props.selected ? "#000" : props.mine ? "#fff" : "#222";
  return (
    <g
      class="f19-unit"
      data-unit={`${props.unit.kind} ${props.unit.at}`}
      data-power={props.unit.power}
      data-dislodged={props.unit.dislodged ? "yes" : undefined}
      onClick={() => props.onPick(props.unit.at)}
    >
      {props.unit.kind === "A" ? (
        <circle cx={x} cy={y} r={9} fill={colour} stroke={ring} stroke-width={props.mine || props.selected ? 2.4 : 1.2} />
      ) : (
        <path d={`M${x - 11} ${y - 5}L${x + 11} ${y - 5}L${x + 6} ${y + 7}L${x - 6} ${y + 7}Z`} fill={colour} stroke={ring}
          stroke-width={props.mine || props.selected ? 2.4 : 1.2} />
      )}
      <text x={x} y={y + 3.5} text-anchor="middle" class="f19-unit-letter" aria-hidden="true">{props.unit.kind}</text>
      {props.unit.dislodged && <circle cx={x} cy={y} r={11} fill="none" stroke="#c00" stroke-width={1.6} stroke-dasharray="3 2" />}
    </g>
  );
}

function arrow(from: [number, number], to: [number, number], colour: string, dashed?: string, key?: string) {
  const [x1, y1] = from;
  const [x2, y2] = to;
  const length = Math.hypot(x2 - x1, y2 - y1) || 1;
  const ux = (x2 - x1) / length;
  const uy = (y2 - y1) / length;
  const ex = x2 - ux * 8;
  const ey = y2 - uy * 8;
  const head = `M${x2 - ux * 2} ${y2 - uy * 2}L${ex - uy * 5} ${ey + ux * 5}L${ex + uy * 5} ${ey - ux * 5}Z`;
  return (
    <g key={key}>
      <line x1={x1 + ux * 8} y1={y1 + uy * 8} x2={ex} y2={ey} stroke={colour} stroke-width={2.6} stroke-dasharray={dashed} />
      <path d={head} fill={colour} />
    </g>
  );
}

function OrderMark({ order }: { order: DrawnOrder }) {
  const from = pointOf(order.at);
  const colour = "#111";
  switch (order.kind) {
    case "move":
    case "retreat":
      return <g class="f19-order" data-order={order.text}>{arrow(from, pointOf(order.to!), order.kind === "retreat" ? "#b00" : colour)}</g>;
    case "support":
    case "convoy": {
      const to = order.to ? pointOf(order.to) : pointOf(order.of!);
      const of = pointOf(order.of!);
      const aim: [number, number] = order.to ? [(of[0] + to[0]) / 2, (of[1] + to[1]) / 2] : to;
      return (
        <g class="f19-order" data-order={order.text}>
          {order.to && order.kind === "support" && arrow(of, to, "#555", "2 3")}
          {arrow(from, order.kind === "support" && order.to ? to : aim, order.kind === "support" ? "#2a6" : "#26a", "5 3")}
        </g>
      );
    }
    case "hold":
      return <circle class="f19-order" data-order={order.text} cx={from[0]} cy={from[1] + 4} r={12} fill="none" stroke={colour} stroke-width={2} />;
    case "build":
      return (
        <g class="f19-order" data-order={order.text}>
          <circle cx={from[0]} cy={from[1] + 4} r={11} fill="#fff" stroke="#080" stroke-width={2} stroke-dasharray="3 2" />
          <text x={from[0]} y={from[1] + 8} text-anchor="middle" class="f19-unit-letter">{order.unitKind ?? "+"}</text>
        </g>
      );
    case "disband":
      return (
        <path class="f19-order" data-order={order.text} d={`M${from[0] - 9} ${from[1] - 5}L${from[0] + 9} ${from[1] + 13}M${from[0] + 9} ${from[1] - 5}L${from[0] - 9} ${from[1] + 13}`}
          stroke="#c00" stroke-width={3} />
      );
    default:
      return null;
  }
}

function Threats({ threats }: { threats: Record<string, number> }) {
  return (
    <g class="f19-threats" aria-hidden="true" pointer-events="none">
      {Object.entries(threats).map(([province, count]) =>
        (MAP.provinces[province]?.regions ?? []).map((region) => (
          <path key={region} d={pathOf(region)} fill="#d00" fill-opacity={Math.min(0.55, 0.14 * count)} fill-rule="evenodd" />
        )),
      )}
    </g>
  );
}

function Retreats({ retreats }: { retreats: Record<string, string[]> }) {
  return (
    <g class="f19-retreats" aria-hidden="true" pointer-events="none">
      {Object.entries(retreats).flatMap(([at, options]) =>
        options.map((to) => arrow(pointOf(at), pointOf(to), "#c60", "1 3", `${at}-${to}`)),
      )}
    </g>
  );
}

/** Units from a view's "units" ({power: ["A LVP", ...]}) and its dislodged ones. */
export function unitsOf(units: Record<string, string[]>, dislodged: { unit: string; power: string }[] = []): MapUnit[] {
  const out: MapUnit[] = [];
  for (const [power, list] of Object.entries(units)) {
    for (const text of list) out.push({ power, kind: text[0] as "A" | "F", at: text.slice(2) });
  }
  for (const d of dislodged) out.push({ power: d.power, kind: d.unit[0] as "A" | "F", at: d.unit.slice(2), dislodged: true });
  return out;
}

export { provinceOf };
