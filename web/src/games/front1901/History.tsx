/** The history as a slider: each played phase on the map, its orders drawn, its results listed; the record once over. */
import { useEffect, useRef, useState } from "preact/hooks";
import { api, answer, type Schemas } from "../../app/api";
import { ErrorNote, Loading } from "../../app/errors";
import { Link, type Params } from "../../app/router";
import { MapView, type MapUnit } from "./MapView";
import { readOrder, type DrawnOrder } from "./orders";
import { powerName } from "./powers";

type Phase = Schemas["Front1901PhasePlayed"];

/** The units standing when a phase was ordered: every order names its unit. */
export function unitsAt(phase: Phase): MapUnit[] {
  const units: MapUnit[] = [];
  for (const [power, orders] of Object.entries(phase.orders)) {
    for (const order of orders) {
      const drawn = readOrder(order);
      if (drawn && drawn.kind !== "build" && drawn.kind !== "waive" && drawn.unitKind) units.push({ power, kind: drawn.unitKind, at: drawn.at });
    }
  }
  return units;
}

export function History({ params }: { params: Params }) {
  const gameId = params["gameId"]!;
  const [phases, setPhases] = useState<Phase[] | null>(null);
  const [error, setError] = useState<unknown>(undefined);
  const [at, setAt] = useState(0);
  const [playing, setPlaying] = useState(false);
  const [fps, setFps] = useState<number | null>(null);
  const frame = useRef(0);
  useEffect(() => {
    (async () => {
      const all: Phase[] = [];
      let cursor: string | undefined;
      do {
        const page = await answer(api.GET("/v1/front1901/games/{game_id}/history", {
          params: { path: { game_id: gameId }, query: { limit: 50, ...(cursor ? { cursor } : {}) } },
        }));
        all.push(...page.phases);
        cursor = page.cursor ?? undefined;
      } while (cursor);
      setPhases(all);
    })().catch(setError);
  }, [gameId]);
  // Replaying: one phase a frame, the frames counted (the figure the issue asks for).
  useEffect(() => {
    if (!playing || !phases) return;
    let shown = 0;
    const began = performance.now();
    const step = () => {
      shown++;
      setAt((i) => (i + 1) % phases.length);
      if (shown < phases.length * 3) frame.current = requestAnimationFrame(step);
      else {
        setFps(Math.round((shown / (performance.now() - began)) * 1000));
        setPlaying(false);
      }
    };
    frame.current = requestAnimationFrame(step);
    return () => cancelAnimationFrame(frame.current);
  }, [playing, phases]);
  if (error) return <ErrorNote error={error} />;
  if (!phases) return <Loading what="the history" />;
  const phase = phases[at];
  return (
    <section class="f19">
      <h1>Front 1901: the history</h1>
      <p><Link href={`/front1901/games/${gameId}`}>Back to the game</Link> · <Link href={`/front1901/games/${gameId}/record`}>the record</Link></p>
      {phases.length === 0 || !phase ? <p>No phase played yet.</p> : (
        <>
          <label for="f19-slider">Phase {at + 1} of {phases.length}: {phase.phase}</label>
          <input id="f19-slider" type="range" min={0} max={phases.length - 1} value={at}
            onInput={(e) => setAt(Number((e.target as HTMLInputElement).value))} />
          <button type="button" onClick={() => setPlaying(!playing)}>{playing ? "Stop" : "Replay"}</button>
          {fps !== null && <span data-testid="fps"> {fps} frames a second</span>}
          <MapView units={unitsAt(phase)} centres={phase.centres} orders={Object.values(phase.orders).flat().map(readOrder).filter((o): o is DrawnOrder => o !== null)}
            label={`Map of ${phase.phase} with every power's orders`} />
          <details>
            <summary>Orders and results of {phase.phase}</summary>
            {Object.entries(phase.orders).map(([power, orders]) => (
              <p key={power}><strong>{powerName(power)}</strong>: {orders.map((o) => {
                const unit = o.split(" ").slice(0, 2).join(" ");
                return `${o} (${phase.results[unit] ?? "played"})`;
              }).join("; ")}</p>
            ))}
            <ul>{phase.summary.map((s, i) => <li key={i}>{s}</li>)}</ul>
          </details>
        </>
      )}
    </section>
  );
}

export function Record({ params }: { params: Params }) {
  const gameId = params["gameId"]!;
  const [record, setRecord] = useState<Schemas["Front1901Record"] | null>(null);
  const [error, setError] = useState<unknown>(undefined);
  useEffect(() => {
    answer(api.GET("/v1/front1901/games/{game_id}/record", { params: { path: { game_id: gameId } } })).then(setRecord, setError);
  }, [gameId]);
  if (error) return <section class="f19"><h1>Front 1901: the record</h1><ErrorNote error={error} /></section>;
  if (!record) return <Loading what="the record" />;
  const final = record.final;
  return (
    <section class="f19">
      <h1>Front 1901: the record</h1>
      {"power" in final
        ? <p>{powerName(final.power)} at {final.level}: {final.result ? `${final.result.kind}, ${final.result.centres} centres in ${final.result.year}` : "no result"}; winners {final.winners.map(powerName).join(", ") || "none"}.</p>
        : <p>A table at {final.level}{final.ends ? `, ended by a ${final.ends}` : ""}: winners {final.winners.map(powerName).join(", ") || "none"}.</p>}
      <MapView units={Object.entries(final.units).flatMap(([power, list]) => list.map((u) => ({ power, kind: u[0] as "A" | "F", at: u.slice(2) })))}
        centres={final.centres} mine={"power" in final ? final.power : undefined} label="The final position" />
      <ol>
        {record.steps.map((step) => (
          <li key={step.phase}>
            {step.phase}: my orders {step.orders.join("; ") || "none"}; {step.actions.length} action(s)
            {step.phases.flatMap((p) => p.messages).map((m) => m && <div key={`${step.phase}-${m.id}`}>{powerName(m.from)} → {m.to ? powerName(m.to) : "everyone"}: {m.text}</div>)}
          </li>
        ))}
      </ol>
    </section>
  );
}
