/** A game of bots watched face-up with a replay slider over its steps; a finished game's record. */
import { useEffect, useState } from "preact/hooks";
import { api, answer, type Schemas } from "../../app/api";
import { ErrorNote, Loading } from "../../app/errors";
import { type Params } from "../../app/router";
import { Board } from "./Board";
import { stepText } from "./story";

type RecordStep = Schemas["FeintRecordStep"];

function commandsOf(step: RecordStep) {
  return step.commands.map((c) => ({ seat: c.seat, kind: c.kind, missed: c.missed }));
}

/** Every token face-up where the steps' moves up to `at` put it (the server's moves, drawn one after the other). */
export function after(tokens: Schemas["FeintToken"][], steps: RecordStep[], at: number): Schemas["FeintToken"][] {
  const cells = new Map<string, number[] | null>();
  for (const step of steps.slice(0, at + 1)) for (const move of step.moves) cells.set(move.token, move.to);
  return tokens.map((t) => ({ ...t, cell: cells.has(t.id) ? cells.get(t.id)! : t.cell, revealed: true }));
}

export function Watch({ params }: { params: Params }) {
  const gameId = params["gameId"]!;
  const [watch, setWatch] = useState<Schemas["FeintWatch"] | null>(null);
  const [steps, setSteps] = useState<RecordStep[]>([]);
  const [at, setAt] = useState(0);
  const [error, setError] = useState<unknown>(undefined);
  useEffect(() => {
    (async () => {
      setWatch(await answer(api.GET("/v1/feint/watch/{game_id}", { params: { path: { game_id: gameId } } })));
      const all: RecordStep[] = [];
      let cursor: string | undefined;
      do {
        const page = await answer(api.GET("/v1/feint/watch/{game_id}/steps", { params: { path: { game_id: gameId }, query: { limit: 50, ...(cursor ? { cursor } : {}) } } }));
        all.push(...page.steps);
        cursor = page.cursor ?? undefined;
      } while (cursor);
      setSteps(all);
      setAt(all.length - 1);
    })().catch(setError);
  }, [gameId]);
  if (error) return <ErrorNote error={error} />;
  if (!watch) return <Loading what="the game" />;
  const step = steps[at];
  return (
    <section class="fe">
      <h1>Feint: watching {watch.seats} bots</h1>
      <p data-testid="outcome">{watch.status}: {watch.draw ? "a draw" : `seat ${watch.winner} wins`}{watch.table.outcome ? ` (${watch.table.outcome.reason})` : ""}.</p>
      <Board radius={watch.table.radius} tokens={after(watch.table.tokens, steps, at)} seat={null} moves={step?.moves}
        label={`The board face-up after step ${at + 1}`} />
      {steps.length > 0 && step && (
        <>
          <label for="fe-replay">Step {at + 1} of {steps.length}</label>
          <input id="fe-replay" type="range" min={0} max={steps.length - 1} value={at} onInput={(e) => setAt(Number((e.target as HTMLInputElement).value))} />
          <p data-testid="step">{stepText({ ...step, commands: commandsOf(step) })}</p>
        </>
      )}
    </section>
  );
}

export function FeintRecord({ params }: { params: Params }) {
  const gameId = params["gameId"]!;
  const [record, setRecord] = useState<Schemas["FeintRecord"] | null>(null);
  const [error, setError] = useState<unknown>(undefined);
  useEffect(() => {
    answer(api.GET("/v1/feint/games/{game_id}/record", { params: { path: { game_id: gameId } } })).then(setRecord, setError);
  }, [gameId]);
  if (error) return <section class="fe"><h1>Feint: the record</h1><ErrorNote error={error} /></section>;
  if (!record) return <Loading what="the record" />;
  const f = record.final;
  return (
    <section class="fe">
      <h1>Feint: the record</h1>
      <p>{record.draw ? "A draw" : `Seat ${record.winner} won`}{f.outcome ? ` (${f.outcome.reason})` : ""}: {f.battles} battles, {f.retreats} Retreats, round {f.round}.</p>
      <Board radius={f.radius} tokens={f.tokens.map((t) => ({ ...t, revealed: true }))} seat={null} label="Every token face-up, where it ended" />
      <table data-testid="record">
        <caption>Every strength</caption>
        <thead><tr><th>Token</th><th>Seat</th><th>Strength</th><th>Revealed in play</th><th>Ended on</th></tr></thead>
        <tbody>{f.tokens.map((t) => <tr key={t.id}><td>{t.id}</td><td>{t.seat}</td><td class="number">{t.strength}</td><td>{t.revealed ? "yes" : "no"}</td><td>{t.cell ? t.cell.join(",") : "lost"}</td></tr>)}</tbody>
      </table>
      <ol>{record.steps.map((s) => <li key={s.number}>{stepText({ ...s, commands: commandsOf(s) })}</li>)}</ol>
    </section>
  );
}
