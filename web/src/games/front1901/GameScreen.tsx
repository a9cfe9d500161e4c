/** A Front 1901 game: the map, my orders by clicking or typing, the results, the negotiation and the help. */
import { useEffect, useMemo, useState } from "preact/hooks";
import type { ServerTime } from "../../app/clock";
import { ErrorNote, Loading } from "../../app/errors";
import { Link, type Params } from "../../app/router";
import { useView } from "../../app/poll";
import * as calls from "./calls";
import { Help } from "./Help";
import { MapView, unitsOf } from "./MapView";
import { Negotiation, type Picking } from "./Negotiation";
import { Online } from "./Online";
import { mentions, ordersMatching, readOrder, type DrawnOrder } from "./orders";
import { OrdersPanel, withOrder } from "./OrdersPanel";
import { powerName } from "./powers";
import { Results } from "./Results";

const POLL_MS = 20_000;

export function GameScreen({ params }: { params: Params }) {
  const gameId = params["gameId"]!;
  const polled = useView(`/v1/front1901/games/${gameId}`, calls.loadGame(gameId), POLL_MS);
  const [latest, setLatest] = useState<calls.Game | undefined>(undefined);
  // A poll that arrives after my action's answer replaces it, unless it was of an earlier phase (sent before).
  useEffect(() => setLatest((mine) => (mine && polled.data && phaseOrder(mine.view.phase) > phaseOrder(polled.data.view.phase) ? mine : undefined)), [polled.data]);
  const game = latest ?? polled.data;
  if (!game) return polled.error ? <ErrorNote error={polled.error} /> : <Loading what="the game" />;
  return <Board game={game} onGame={setLatest} refresh={polled.refresh} time={polled.time} />;
}

/** Phases in the order they are played: S1901M < F1901M < F1901R < W1901A < S1902M. */
export function phaseOrder(phase: string): number {
  const season = { S: 0, F: 1, W: 2 }[phase[0] as "S" | "F" | "W"] ?? 0;
  const step = { M: 0, R: 1, A: 2 }[phase[5] as "M" | "R" | "A"] ?? 0;
  return Number(phase.slice(1, 5)) * 9 + season * 3 + step;
}

function trustKey(gameId: string) {
  return `front1901.trust:${gameId}`;
}

function Board({ game, onGame, refresh, time }:
  { game: calls.Game; onGame: (g: calls.Game) => void; refresh: () => void; time: ServerTime | undefined }) {
  const view = game.view;
  const gameId = game.game_id;
  const [draft, setDraft] = useState<string[]>(view.draft?.orders ?? []);
  const [selected, setSelected] = useState<string | null>(null);
  const [clicks, setClicks] = useState<string[]>([]);
  const [note, setNote] = useState<string>("");
  const [error, setError] = useState<unknown>(undefined);
  const [talkError, setTalkError] = useState<unknown>(undefined);
  const [checked, setChecked] = useState<calls.View["draft"]>(null);
  const [threats, setThreats] = useState<Record<string, number> | null>(null);
  const [picking, setPicking] = useState<Picking | null>(null);
  const [busy, setBusy] = useState(false);
  const [trustSeen, setTrustSeen] = useState<Record<string, number[]>>(() => JSON.parse(sessionStorage.getItem(trustKey(gameId)) ?? "{}"));

  useEffect(() => {
    setDraft(view.draft?.orders ?? []);
    setSelected(null);
    setClicks([]);
    setThreats(null);
    setChecked(null);
    // The trust as seen at each phase this page opened: the view holds only today's values.
    setTrustSeen((seen) => {
      const next: Record<string, number[]> = { ...seen };
      for (const [power, value] of Object.entries(view.trust)) next[power] = [...(next[power] ?? []), value].slice(-40);
      sessionStorage.setItem(trustKey(gameId), JSON.stringify(next));
      return next;
    });
  }, [view.phase]);

  const legalOf = (unit: string) => view.legal.find((entry) => entry.unit === unit)?.orders ?? [];
  const myUnitAt = (place: string) => view.legal.find((entry) => entry.unit && entry.unit.slice(2, 5) === place.slice(0, 3))?.unit ?? null;
  const choices = selected ? ordersMatching(legalOf(selected), clicks) : [];
  const loose = view.legal.filter((entry) => !entry.unit).flatMap((entry) => entry.orders);
  const [looseChoices, setLooseChoices] = useState<string[]>([]);

  const act = async <T,>(work: () => Promise<T>, onError = setError): Promise<T | undefined> => {
    setBusy(true);
    onError(undefined);
    try {
      return await work();
    } catch (failure) {
      onError(failure);
      return undefined;
    } finally {
      setBusy(false);
    }
  };

  const pick = (place: string) => {
    setNote("");
    if (picking) {
      const province = place.slice(0, 3);
      if (picking.kind === "split" && picking.side === "yours") setPicking({ ...picking, yours: toggle(picking.yours, province) });
      else setPicking({ ...picking, places: picking.kind === "support" ? [...picking.places, province].slice(-3) : toggle(picking.places, province) });
      return;
    }
    if (loose.length > 0 && !view.legal.some((e) => e.unit)) {
      const here = loose.filter((order) => readOrder(order)?.at.slice(0, 3) === place.slice(0, 3));
      const exact = here.filter((order) => readOrder(order)?.at === place);
      const options = exact.length > 0 ? exact : here;
      if (options.length === 1) setDraft(withOrder(draft, options[0]!));
      setLooseChoices(options.length > 1 ? options : []);
      if (options.length === 0) setNote(`No build or disband at ${place}.`);
      return;
    }
    if (!selected) {
      const unit = myUnitAt(place);
      if (unit) {
        setSelected(unit);
        setClicks([]);
      } else setNote("Click one of your units first.");
      return;
    }
    const next = [...clicks, place];
    const fits = ordersMatching(legalOf(selected), next);
    if (fits.length === 0) {
      const unit = clicks.length === 0 ? myUnitAt(place) : null;
      if (unit) {
        setSelected(unit);
        setClicks([]);
      } else setNote(`No order of ${selected} goes there: type it below if you mean it.`);
      return;
    }
    const whole = fits.filter((order) => {
      const drawn = readOrder(order);
      return drawn && (mentions(drawn).length === next.length || (next.length === 1 && drawn.at.slice(0, 3) === place.slice(0, 3)));
    });
    if (fits.length === 1 && whole.length === 1) {
      setDraft(withOrder(draft, whole[0]!));
      setSelected(null);
      setClicks([]);
    } else setClicks(next);
  };

  const drawn = useMemo(() => draft.map(readOrder).filter((o): o is DrawnOrder => o !== null), [draft]);
  const targets = useMemo(() => {
    const out = new Set<string>();
    for (const order of choices) {
      const named = readOrder(order);
      const place = named && mentions(named)[clicks.length];
      if (place) out.add(place);
    }
    return out;
  }, [choices, clicks]);
  const retreats = view.step === "retreat"
    ? Object.fromEntries(view.dislodged.filter((d) => d.power === view.power).map((d) => [d.unit.slice(2), d.retreats]))
    : undefined;

  const save = async () => {
    const got = await calls.saveDraft(gameId, view.phase, draft);
    setChecked(got.draft);
    onGame(got.game);
  };
  const send = () =>
    act(async () => {
      const got = await calls.submitOrders(gameId, view.phase, draft);
      onGame(got.game);
      refresh();
      setNote(got.void.length ? `Played; ${got.void.length} void order(s): see the results.` : "Played.");
    });

  if (view.over || game.status !== "open") {
    return (
      <section class="f19">
        <h1>Front 1901: {powerName(view.power)}, over</h1>
        <p data-testid="result">{view.result ? `${view.result.kind}, ${view.result.centres} centres in ${view.result.year}` : game.status}</p>
        {calls.isTable(view) && <Ranks view={view} />}
        <MapView units={unitsOf(view.units)} centres={view.centres} mine={view.power} />
        <Results played={view.last} power={view.power} />
        <p><Link href={`/front1901/games/${gameId}/history`}>The history</Link> · <Link href={`/front1901/games/${gameId}/record`}>The record</Link></p>
      </section>
    );
  }

  return (
    <section class="f19">
      <h1>Front 1901: {powerName(view.power)}, {view.season} {view.year} ({view.step})</h1>
      <p class="f19-status">
        <span data-testid="phase">{view.phase}</span> · my centres: {view.counts[view.power] ?? 0} ·{" "}
        <Link href={`/front1901/games/${gameId}/history`}>history</Link>
      </p>
      <div class="f19-layout">
        <div class="f19-board">
          <MapView
            units={unitsOf(view.units, view.dislodged)}
            centres={view.centres}
            mine={view.power}
            orders={drawn}
            selected={selected ? selected.slice(2) : null}
            targets={targets}
            threats={threats ?? undefined}
            retreats={retreats}
            onPick={pick}
            label={`Map of ${view.phase}: click a unit of ${powerName(view.power)}, then where it goes`}
          />
          <p class="f19-note" role="status" aria-live="polite">
            {note || (picking ? "Click the map to pick the proposal's terms." : selected ? `${selected}: click where it goes, the unit it supports, or itself to hold.` : "")}
          </p>
          <Legend view={view} />
        </div>
        <div class="f19-side">
          <OrdersPanel view={view} draft={draft} onDraft={(d) => { setDraft(d); setSelected(null); setClicks([]); setLooseChoices([]); }}
            choices={selected ? choices : looseChoices} selected={selected} onSelect={(u) => { setSelected(u); setClicks([]); setLooseChoices([]); }} />
          <div class="f19-buttons">
            <button type="button" disabled={busy} onClick={() => act(save)}>Save draft</button>
            <button type="button" class="primary" disabled={busy} onClick={send}>Send orders for {view.phase}</button>
          </div>
          {checked && checked.void.length > 0 && (
            <div class="f19-void" data-testid="draft-void">
              <p>As it stands, void:</p>
              <ul>{checked.void.map((v) => <li key={v.order}><code>{v.order}</code>: {v.reason}</li>)}</ul>
            </div>
          )}
          {checked && <p role="status">Draft saved{checked.convoys.length ? `; convoys: ${checked.convoys.join("; ")}` : ""}.</p>}
          <ErrorNote error={error} />
        </div>
      </div>
      {calls.isTable(view) && <Online gameId={gameId} deadline={game.deadline} view={view} onGame={onGame} refresh={refresh} time={time} />}
      <Results played={view.last} power={view.power} />
      <Negotiation
        view={view}
        picking={picking}
        onPicking={setPicking}
        trustSeen={trustSeen}
        error={talkError}
        onPropose={async (to, proposal) => {
          const got = await act(() => calls.propose(gameId, view.phase, to, proposal), setTalkError);
          if (!got) return "";
          onGame(got.game);
          // A proposal to another member of a table has no answer yet: they reply in their own time.
          if (!got.answer) return `${powerName(to)}: sent, waiting for their reply.`;
          return `${powerName(to)}: ${got.answer.answer} (${got.answer.reason}). ${got.answer.message}`;
        }}
        onReply={(id, accept) => void act(async () => onGame(await calls.reply(gameId, view.phase, id, accept)), setTalkError)}
        onCancel={(id) => void act(async () => onGame(await calls.cancelAgreement(gameId, view.phase, id)), setTalkError)}
      />
      <Help
        gameId={gameId}
        phase={view.phase}
        movement={view.step === "movement"}
        saveDraft={save}
        onSuggest={(orders) => setDraft(orders.reduce(withOrder, draft))}
        onThreats={setThreats}
        showingThreats={threats !== null}
      />
    </section>
  );
}

function toggle(list: string[], item: string): string[] {
  return list.includes(item) ? list.filter((x) => x !== item) : [...list, item];
}

/** A table's result: each power's rank by centres as the server ranked them (ties share), and how a vote ended it. */
function Ranks({ view }: { view: calls.TableView }) {
  const ranked = Object.entries(view.ranks ?? {}).sort((a, b) => a[1] - b[1]);
  return (
    <table class="f19-legend" data-testid="ranks">
      <caption>{view.ends ? `Ended by the members' votes: ${view.ends}` : "The powers ranked by centres"}</caption>
      <tbody>
        {ranked.map(([power, rank]) => (
          <tr key={power} class={power === view.power ? "mine" : undefined}>
            <td class="number">{rank}</td>
            <th scope="row">{powerName(power)}{view.members.includes(power as calls.TableView["power"]) ? " (a member)" : ""}</th>
            <td class="number">{view.counts[power] ?? 0}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function Legend({ view }: { view: calls.View }) {
  return (
    <table class="f19-legend">
      <caption>Centres by power</caption>
      <tbody>
        {Object.entries(view.counts).map(([power, count]) => (
          <tr key={power} class={power === view.power ? "mine" : undefined}>
            <th scope="row"><span class={`f19-swatch f19-${power.toLowerCase()}`} aria-hidden="true" /> {powerName(power)}{power === view.power ? " (me)" : ""}</th>
            <td class="number">{count}</td>
            <td>{(view.centres[power] ?? []).join(" ")}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
