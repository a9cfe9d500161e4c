// Tournaments: the open ones to join, mine, and a new one (its name, 4 or 8 members, the entry fee).
import { useState } from "preact/hooks";
import { api, type Schemas } from "../../app/api";
import { tournamentSizeValues } from "../../api/generated/schema";
import { change } from "../../app/change";
import { useAction } from "../../app/action";
import { ErrorNote, errorFor } from "../../app/errors";
import { Link, navigate } from "../../app/router";
import { Act } from "../kit/Act";
import { when, words } from "../kit/format";
import { to } from "../kit/links";
import { Loaded, MyCredits, Screen, Table, useLoad } from "../kit/Page";

type Summary = Schemas["TournamentSummary"];

function Create() {
  const [name, setName] = useState("");
  const [size, setSize] = useState<Schemas["TournamentSize"]>(4);
  const [fee, setFee] = useState("0");
  const { busy, error, run } = useAction();
  const submit = async (event: Event) => {
    event.preventDefault();
    await run(async () => {
      const made = await change((key) => api.POST("/v1/feinthold/tournaments", {
        body: { name, size, fee: Number(fee) }, params: { header: { "Idempotency-Key": key } },
      }));
      navigate(to.tournament(made.tournament_id));
    });
  };
  const onName = errorFor(error, "name");
  const onFee = errorFor(error, "fee");
  return (
    <form class="card form" onSubmit={(event) => void submit(event)} aria-labelledby="create-title">
      <h2 id="create-title">Create a tournament</h2>
      <label for="t-name">Name</label>
      <input id="t-name" value={name} onInput={(e) => setName(e.currentTarget.value)} aria-invalid={onName ? true : undefined} />
      {onName ? <ErrorNote error={onName} /> : null}
      <fieldset>
        <legend>Members</legend>
        {tournamentSizeValues.map((n) => (
          <label class="inline"><input type="radio" name="t-size" checked={size === n} onChange={() => setSize(n)} /> {n}</label>
        ))}
      </fieldset>
      <label for="t-fee">Entry fee (credits into the pot; 0 allowed)</label>
      <input id="t-fee" type="number" inputMode="numeric" min={0} value={fee} onInput={(e) => setFee(e.currentTarget.value)}
        aria-invalid={onFee ? true : undefined} />
      {onFee ? <ErrorNote error={onFee} /> : null}
      <MyCredits />
      <button type="submit" class="button primary" disabled={busy} aria-busy={busy}>Create and join</button>
      {onName || onFee ? null : <ErrorNote error={error} />}
    </form>
  );
}

function List({ title, rows, joinable, joined, refresh }: {
  title: string; rows: Summary[]; joinable: boolean; joined: ReadonlySet<string>; refresh: () => void;
}) {
  return rows.length === 0 ? <p>None.</p> : (
    <Table caption={title}>
      <thead><tr><th scope="col">Name</th><th scope="col">Status</th><th scope="col">Members</th><th scope="col">Fee</th><th scope="col">Pot</th><th scope="col">{joinable ? "Fills by" : "Winner"}</th>{joinable ? <th scope="col">Join</th> : null}</tr></thead>
      <tbody>
        {rows.map((t) => (
          <tr>
            <td><Link href={to.tournament(t.tournament_id)}>{t.name}</Link></td>
            <td>{words(t.status)}</td><td>{t.members} / {t.size}</td><td>{t.fee}</td><td>{t.pot}</td>
            <td>{joinable ? when(t.fill_deadline) : (t.winner ?? "–")}</td>
            {joinable && joined.has(t.tournament_id) ? <td>I am in</td> : joinable ? (
              <td><Act label={`Join ${t.name}`} onDone={(joined: Schemas["TournamentOut"]) => { refresh(); navigate(to.tournament(joined.tournament_id)); }}
                call={(key) => api.POST("/v1/feinthold/tournaments/{tournament_id}/join", {
                  params: { path: { tournament_id: t.tournament_id }, header: { "Idempotency-Key": key } },
                })} /></td>
            ) : null}
          </tr>
        ))}
      </tbody>
    </Table>
  );
}

export function Tournaments() {
  const open = useLoad("tournaments", () => api.GET("/v1/feinthold/tournaments", { params: { query: { limit: 50 } } }));
  const mine = useLoad("tournaments:mine", () => api.GET("/v1/feinthold/tournaments/mine", { params: { query: { limit: 50 } } }));
  return (
    <Screen title="Tournaments" intro="Knockout, 4 or 8 members, seeded by the duel rating; each match a Feinthold game at 12 hours a turn.">
      <div class="grid">
        <Create />
        <section class="card" aria-labelledby="open-title">
          <h2 id="open-title">Open tournaments</h2>
          <Loaded view={open} what="the open tournaments">
            {(page) => <List title="Open tournaments" rows={page.tournaments.filter((t) => t.status === "open")} joinable
              joined={new Set(mine.data?.tournaments.map((t) => t.tournament_id))} refresh={() => { open.refresh(); mine.refresh(); }} />}
          </Loaded>
        </section>
        <section class="card" aria-labelledby="mine-title">
          <h2 id="mine-title">My tournaments</h2>
          <Loaded view={mine} what="my tournaments">
            {(page) => <List title="My tournaments" rows={page.tournaments} joinable={false} joined={new Set()} refresh={mine.refresh} />}
          </Loaded>
        </section>
      </div>
    </Screen>
  );
}
