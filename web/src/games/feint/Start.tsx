/** Feint's first screen: a solo or hot-seat game, a watched game of bots, online tables and invitations, my games. */
import { useState } from "preact/hooks";
import { api, feintPaceValues, type Schemas } from "../../app/api";
import { useAction } from "../../app/action";
import { change } from "../../app/change";
import { ErrorNote, Loading } from "../../app/errors";
import { useView } from "../../app/poll";
import { Link, navigate, type Params } from "../../app/router";

const key = (k: string) => ({ header: { "Idempotency-Key": k } });

export function Start() {
  const [seats, setSeats] = useState(3);
  const [bots, setBots] = useState(0);
  const [mode, setMode] = useState<"solo" | "hot-seat" | "watch">("solo");
  const action = useAction();
  const games = useView("/v1/feint/games", () => api.GET("/v1/feint/games", {}), 60_000);
  const start = (event: Event) => {
    event.preventDefault();
    void action.run(async () => {
      if (mode === "watch") {
        const watched = await change((k) => api.POST("/v1/feint/watch", { params: key(k), body: { seats } }));
        return navigate(`/feint/watch/${watched.game_id}`);
      }
      const body = mode === "solo" ? { mode: "solo" as const, seats } : { mode: "hot-seat" as const, seats, bots };
      const game = await change((k) => api.POST("/v1/feint/games", { params: key(k), body }));
      navigate(`/feint/games/${game.game_id}`);
    });
  };
  return (
    <section class="fe">
      <h1>Feint</h1>
      <p>Six face-down tokens each on a hexagon of 91 cells: step, charge, bluff, and keep your Moves in the bank.</p>
      <form class="fe-new" onSubmit={start}>
        <h2>A new game</h2>
        <fieldset>
          <legend>How</legend>
          {(["solo", "hot-seat", "watch"] as const).map((m) => (
            <label key={m}><input type="radio" name="fe-mode" checked={mode === m} onChange={() => setMode(m)} />
              {m === "solo" ? "solo, against bots" : m === "hot-seat" ? "hot-seat, one device passed round" : "watch bots play, face-up"}</label>
          ))}
        </fieldset>
        <label for="fe-seats">Seats</label>
        <select id="fe-seats" value={seats} onChange={(e) => setSeats(Number((e.target as HTMLSelectElement).value))}>
          {[2, 3, 4, 5, 6].map((n) => <option key={n} value={n}>{n}</option>)}
        </select>
        {mode === "hot-seat" && (
          <>
            <label for="fe-bots">of them bots</label>
            <select id="fe-bots" value={bots} onChange={(e) => setBots(Number((e.target as HTMLSelectElement).value))}>
              {[0, 1, 2, 3, 4].filter((n) => n <= seats - 2).map((n) => <option key={n} value={n}>{n}</option>)}
            </select>
          </>
        )}
        <button type="submit" class="primary" disabled={action.busy}>Start</button>
        <ErrorNote error={action.error} />
      </form>
      <p><Link href="/feint/tables">Online tables and invitations</Link></p>
      <h2>My games</h2>
      {!games.data ? <Loading what="your games" /> : games.data.games.length === 0 ? <p>None yet.</p> : (
        <ul>
          {games.data.games.map((g) => (
            <li key={g.game_id}><Link href={`/feint/games/${g.game_id}`}>{g.game_id}</Link> ({g.mode}, {g.status})</li>
          ))}
        </ul>
      )}
    </section>
  );
}

export function Tables() {
  const open = useView("/v1/feint/tables", () => api.GET("/v1/feint/tables", {}), 10_000);
  const feed = useView("/v1/feed", () => api.GET("/v1/feed", {}), 10_000);
  const [seats, setSeats] = useState(3);
  const [bots, setBots] = useState(0);
  const [pace, setPace] = useState<Schemas["FeintPace"]>("blitz");
  const [invite, setInvite] = useState("");
  const action = useAction();
  const invites = (feed.data?.notices ?? []).filter((n) => "kind" in n && n.kind === "table-invite" && "table_id" in n && n.table_id) as Schemas["NoticeOut"][];
  return (
    <section class="fe">
      <h1>Feint: online tables</h1>
      <form class="fe-new" onSubmit={(event) => {
        event.preventDefault();
        void action.run(async () => {
          const body = { seats, bots, pace, invite: invite.split(/[\s,]+/).filter(Boolean) };
          const table = await change((k) => api.POST("/v1/feint/tables", { params: key(k), body }));
          navigate(`/feint/tables/${table.table_id}`);
        });
      }}>
        <h2>Open a table</h2>
        <label for="fe-t-seats">Seats</label>
        <select id="fe-t-seats" value={seats} onChange={(e) => setSeats(Number((e.target as HTMLSelectElement).value))}>
          {[2, 3, 4, 5, 6].map((n) => <option key={n} value={n}>{n}</option>)}
        </select>
        <label for="fe-t-bots">Bots</label>
        <select id="fe-t-bots" value={bots} onChange={(e) => setBots(Number((e.target as HTMLSelectElement).value))}>
          {[0, 1, 2, 3, 4, 5].filter((n) => n < seats).map((n) => <option key={n} value={n}>{n}</option>)}
        </select>
        <label for="fe-t-pace">Pace</label>
        <select id="fe-t-pace" value={pace} onChange={(e) => setPace((e.target as HTMLSelectElement).value as Schemas["FeintPace"])}>
          {feintPaceValues.map((p) => <option key={p} value={p}>{p}</option>)}
        </select>
        <label for="fe-t-invite">Invite (members, by name)</label>
        <input id="fe-t-invite" value={invite} onInput={(e) => setInvite((e.target as HTMLInputElement).value)} />
        <button type="submit" class="primary" disabled={action.busy}>Open</button>
        <ErrorNote error={action.error} />
      </form>
      <h2>Invitations</h2>
      {invites.length === 0 ? <p>None.</p> : (
        <ul data-testid="invitations">{invites.map((n) => <li key={n.table_id!}><Link href={`/feint/tables/${n.table_id}`}>A seat kept for me at table {n.table_id}</Link></li>)}</ul>
      )}
      <h2>Open tables</h2>
      {!open.data ? <Loading what="the tables" /> : open.data.tables.length === 0 ? <p>None open.</p> : (
        <ul>{open.data.tables.map((t) => <li key={t.table_id}><Link href={`/feint/tables/${t.table_id}`}>{t.host}'s table</Link>: {t.seats} seats, {t.open_seats} open, {t.pace}, closes {t.closes_at}</li>)}</ul>
      )}
    </section>
  );
}

export function Table({ params }: { params: Params }) {
  const tableId = params["tableId"]!;
  const table = useView(`/v1/feint/tables/${tableId}`, () => api.GET("/v1/feint/tables/{table_id}", { params: { path: { table_id: tableId } } }), 3000);
  const action = useAction();
  const t = table.data;
  if (!t) return table.error ? <ErrorNote error={table.error} /> : <Loading what="the table" />;
  return (
    <section class="fe">
      <h1>Feint: {t.host}'s table</h1>
      <p data-testid="table-status">{t.status}: {t.seats} seats ({t.bots} bots), {t.pace}; joined {t.joined.join(", ")}; kept for {t.invited.join(", ") || "nobody"}; {t.open_seats} open; closes {t.closes_at}.</p>
      {t.game_id ? <p><Link href={`/feint/games/${t.game_id}`}>To the game</Link></p> : (
        <button type="button" class="primary" disabled={action.busy} onClick={() => void action.run(async () => {
          await change((k) => api.POST("/v1/feint/tables/{table_id}/join", { params: { path: { table_id: tableId }, ...key(k) } }));
          table.refresh();
        })}>Take a seat</button>
      )}
      <ErrorNote error={action.error} />
    </section>
  );
}
