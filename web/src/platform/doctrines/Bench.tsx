// The test bench's results: the doctrine against the three house AIs on both sides (36 games), as a table and
// a chart, by opponent and rule by rule.
import type { Schemas } from "../../app/api";
import { Table } from "../kit/Page";
import { CHART, bars, type Row } from "./chart";

type Bench = Schemas["BenchOut"];

const WIDTH = 420;

function Chart({ title, rows }: { title: string; rows: Row[] }) {
  const drawn = bars(rows, WIDTH);
  const id = `chart-${title.replace(/\W+/g, "-").toLowerCase()}`;
  return (
    <figure class="chart">
      <svg viewBox={`0 0 ${WIDTH} ${drawn.height}`} width="100%" role="img" aria-labelledby={id}>
        {drawn.bars.map((bar) => (
          <g>
            <text x={0} y={bar.y + CHART.barHeight * 0.7} class="chart-label">{bar.label}</text>
            {bar.segments.map((segment) => (
              <rect x={segment.x} y={bar.y} width={segment.width} height={CHART.barHeight} class={`part-${segment.name}`}>
                <title>{`${bar.label}: ${segment.value} ${segment.name}`}</title>
              </rect>
            ))}
          </g>
        ))}
      </svg>
      <figcaption id={id}>{title} (the table above says the same in numbers)</figcaption>
    </figure>
  );
}

function Legend({ names }: { names: string[] }) {
  return <p class="legend">{names.map((name) => <span class="key"><span class={`swatch part-${name}`} aria-hidden="true" />{name}</span>)}</p>;
}

export function BenchResults({ bench }: { bench: Bench }) {
  const opponents = Object.entries(bench.by_opponent);
  const results = ["won", "drawn", "lost"] as const;
  const outcomes = ["fired", "skipped", "idle", "refused"] as const;
  return (
    <section class="card bench" aria-labelledby="bench-title">
      <h2 id="bench-title">Test bench: {bench.doctrine}</h2>
      <p class="score">{bench.played} games (seed {bench.seed}): won {bench.score.won}, drawn {bench.score.drawn}, lost {bench.score.lost}.</p>
      <Table caption="Results by opponent">
        <thead><tr><th scope="col">House AI</th>{results.map((r) => <th scope="col" class="number">{r}</th>)}</tr></thead>
        <tbody>{opponents.map(([name, score]) => <tr><td>{name}</td>{results.map((r) => <td class="number">{score[r]}</td>)}</tr>)}</tbody>
      </Table>
      <Legend names={[...results]} />
      <Chart title="Results by opponent" rows={opponents.map(([name, score]) => ({ label: name, parts: results.map((r) => ({ name: r, value: score[r] })) }))} />
      <Table caption="What each rule did, turns over all games">
        <thead><tr><th scope="col">Rule</th>{outcomes.map((o) => <th scope="col" class="number">{o}</th>)}</tr></thead>
        <tbody>{bench.rules.map((rule) => <tr><td>Rule {rule.rule}</td>{outcomes.map((o) => <td class="number">{rule[o]}</td>)}</tr>)}</tbody>
      </Table>
      <Legend names={[...outcomes]} />
      <Chart title="What each rule did" rows={bench.rules.map((rule) => ({ label: `rule ${rule.rule}`, parts: outcomes.map((o) => ({ name: o, value: rule[o] })) }))} />
    </section>
  );
}
