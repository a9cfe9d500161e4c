/** Online Front 1901: open a table (its options), the tables with a seat open, one table (join, pick a power), my tables. */
import { useState } from "preact/hooks";
import {
  api,
  front1901LengthValues,
  front1901LevelValues,
  front1901PressValues,
  front1901SeatingValues,
  phasePaceValues,
  type Schemas,
} from "../../app/api";
import { useAction } from "../../app/action";
import { ErrorNote, Loading } from "../../app/errors";
import { useView } from "../../app/poll";
import { Link, navigate, type Params } from "../../app/router";
import * as calls from "./calls";
import { POWERS, powerName } from "./powers";

const TABLES_POLL_MS = 10_000;

const PACE_WORDS: Record<Schemas["PhasePace"], string> = {
  live: "live (movement 5 minutes, retreats and adjustments 2)",
  "1d": "a day (movement 24 hours, retreats and adjustments 12)",
  "2d": "two days (movement 48 hours, retreats and adjustments 24)",
};
const PRESS_WORDS: Record<Schemas["Front1901Press"], string> = { full: "full press", gunboat: "gunboat (no messages)" };
const LENGTH_WORDS: Record<Schemas["Front1901Length"], string> = { short: "the short game", full: "the full game" };
const SEATING_WORDS: Record<Schemas["Front1901Seating"], string> = { dealt: "powers dealt at the start", picked: "each member picks" };

/** The words of a table's options, as the table answers them. */
export function optionsOf(table: calls.Table): string {
  return [`${table.seats} members' seats`, `AI ${table.level}`, PACE_WORDS[table.pace], PRESS_WORDS[table.press],
    LENGTH_WORDS[table.length], table.rated ? "rated" : "unrated", SEATING_WORDS[table.seating]].join(", ");
}

function Choose<T extends string>({ id, label, values, words, value, onChange }:
  { id: string; label: string; values: readonly T[]; words?: Record<T, string>; value: T; onChange: (v: T) => void }) {
  return (
    <>
      <label for={id}>{label}</label>
      <select id={id} value={value} onChange={(e) => onChange((e.target as HTMLSelectElement).value as T)}>
        {values.map((v) => <option key={v} value={v}>{words ? words[v] : v}</option>)}
      </select>
    </>
  );
}

export function Tables() {
  const [table, setTable] = useState<calls.NewTable>({ seats: 2, pace: "live", level: "easy", press: "full", length: "short", rated: false, seating: "dealt" });
  const [invite, setInvite] = useState("");
  const action = useAction();
  const open = useView("/v1/front1901/tables", calls.loadTables, TABLES_POLL_MS);
  const mine = useView("/v1/games", () => api.GET("/v1/games", {}), TABLES_POLL_MS);
  const set = (change: Partial<calls.NewTable>) => setTable({ ...table, ...change });
  const submit = (event: Event) => {
    event.preventDefault();
    void action.run(async () => {
      const invited = invite.split(/[\s,]+/).filter(Boolean);
      const body: calls.NewTable = { ...table, invite: invited, power: table.seating === "picked" ? table.power ?? "ENGLAND" : null };
      const made = await calls.openTable(body);
      navigate(`/front1901/tables/${made.table_id}`);
    });
  };
  const myGames = mine.data?.games.filter((g) => g.mode === "front1901-online") ?? [];
  return (
    <section class="f19">
      <h1>Front 1901 online</h1>
      <form class="f19-table-new" onSubmit={submit}>
        <h2>Open a table</h2>
        <Choose id="f19-seats" label="Members' seats" values={["2", "3", "4", "5", "6", "7"]} value={String(table.seats)}
          onChange={(v) => set({ seats: Number(v) })} />
        <Choose id="f19-level" label="AI level" values={front1901LevelValues} value={table.level ?? "normal"} onChange={(level) => set({ level })} />
        <Choose id="f19-pace" label="Pace" values={phasePaceValues} words={PACE_WORDS} value={table.pace} onChange={(pace) => set({ pace })} />
        <Choose id="f19-press" label="Press" values={front1901PressValues} words={PRESS_WORDS} value={table.press ?? "full"} onChange={(press) => set({ press })} />
        <Choose id="f19-length" label="Length" values={front1901LengthValues} words={LENGTH_WORDS} value={table.length ?? "short"} onChange={(length) => set({ length })} />
        <Choose id="f19-seating" label="Seating" values={front1901SeatingValues} words={SEATING_WORDS} value={table.seating ?? "dealt"} onChange={(seating) => set({ seating })} />
        {table.seating === "picked" && (
          <Choose id="f19-my-power" label="My power" values={POWERS} value={table.power ?? "ENGLAND"} onChange={(power) => set({ power })} />
        )}
        <label><input type="checkbox" checked={table.rated ?? false} onChange={(e) => set({ rated: (e.target as HTMLInputElement).checked })} /> rated</label>
        <label for="f19-invite">Invite (names)</label>
        <input id="f19-invite" value={invite} onInput={(e) => setInvite((e.target as HTMLInputElement).value)} />
        <button type="submit" class="primary" disabled={action.busy}>Open the table</button>
        <ErrorNote error={action.error} />
      </form>
      <h2>Tables with a seat open</h2>
      {!open.data ? <Loading what="the tables" /> : open.data.tables.length === 0 ? <p>None now.</p> : (
        <ul data-testid="open-tables">
          {open.data.tables.map((t) => (
            <li key={t.table_id}><Link href={`/front1901/tables/${t.table_id}`}>{t.host}'s table</Link>: {optionsOf(t)}; {t.open_seats} open</li>
          ))}
        </ul>
      )}
      <h2>My tables</h2>
      {!mine.data ? <Loading what="your games" /> : myGames.length === 0 ? <p>None started yet.</p> : (
        <ul data-testid="my-tables">
          {myGames.map((g) => <li key={g.game_id}><Link href={`/front1901/games/${g.game_id}`}>{g.label}</Link> ({g.status})</li>)}
        </ul>
      )}
      <p><Link href="/front1901">A solo game</Link></p>
    </section>
  );
}

export function TableScreen({ params }: { params: Params }) {
  const tableId = params["tableId"]!;
  const polled = useView(`/v1/front1901/tables/${tableId}`, calls.loadTable(tableId), TABLES_POLL_MS);
  const [power, setPower] = useState<Schemas["Front1901Power"]>("ENGLAND");
  const [joined, setJoined] = useState<calls.Table | undefined>(undefined);
  const action = useAction();
  const me = useView("/v1/me", () => api.GET("/v1/me", {}), 60_000);
  const table = joined ?? polled.data;
  if (!table) return polled.error ? <ErrorNote error={polled.error} /> : <Loading what="the table" />;
  const seated = me.data ? table.joined.includes(me.data.sub) : false;
  const taken = new Set(Object.values(table.picked));
  const join = () =>
    void action.run(async () => {
      const got = await calls.joinTable(tableId, table.seating === "picked" ? power : null);
      setJoined(got.table);
      polled.refresh();
    });
  return (
    <section class="f19">
      <h1>{table.host}'s table</h1>
      <p>{optionsOf(table)}.</p>
      <p data-testid="table-status">
        {table.status}: seated {table.joined.join(", ")}
        {table.invited.length ? `; kept for ${table.invited.join(", ")}` : ""}; {table.open_seats} seat(s) open
        {table.starts_at ? `; starts at ${table.starts_at} with AI powers in the empty seats` : ""}; cancelled unless started by {table.closes_at}.
      </p>
      {Object.keys(table.picked).length > 0 && (
        <p>Picked: {Object.entries(table.picked).map(([m, p]) => `${m} ${powerName(p)}`).join(", ")}</p>
      )}
      {table.status === "open" && !seated && (
        <div class="f19-buttons">
          {table.seating === "picked" && (
            <Choose id="f19-pick" label="My power" values={POWERS.filter((p) => !taken.has(p))} value={power} onChange={setPower} />
          )}
          <button type="button" class="primary" disabled={action.busy} onClick={join}>Take a seat</button>
        </div>
      )}
      {table.game_id && <p><Link href={`/front1901/games/${table.game_id}`}>To the game</Link></p>}
      <ErrorNote error={action.error} />
      <p><Link href="/front1901/tables">All tables</Link></p>
    </section>
  );
}
