// Duels: propose one (to a member or to anyone, a pace and a stake), the proposals made to me and those open
// to anyone (accept, decline, withdraw), and my duels.
import { useState } from "preact/hooks";
import { api, type Schemas } from "../../app/api";
import { duelPaceValues } from "../../api/generated/schema";
import { member } from "../../app/auth";
import { change } from "../../app/change";
import { useAction } from "../../app/action";
import { ErrorNote, errorFor } from "../../app/errors";
import { Link, navigate } from "../../app/router";
import { Act } from "../kit/Act";
import { paceName, when, words } from "../kit/format";
import { to } from "../kit/links";
import { Loaded, MyCredits, Screen, Table, useLoad } from "../kit/Page";

type Duel = Schemas["DuelOut"];

function ProposeDuel() {
  const [opponent, setOpponent] = useState("");
  const [pace, setPace] = useState<Schemas["DuelPace"]>("blitz");
  const [stake, setStake] = useState("10");
  const { busy, error, run } = useAction();

  const submit = async (event: Event) => {
    event.preventDefault();
    await run(async () => {
      const body = { pace, stake: Number(stake), ...(opponent.trim() ? { opponent: opponent.trim() } : {}) };
      const duel = await change((key) =>
        api.POST("/v1/feinthold/duels", { body, params: { header: { "Idempotency-Key": key } } }));
      navigate(to.duel(duel.duel_id));
    });
  };
  const onField = (name: string) => errorFor(error, name);
  const shownAtField = onField("opponent") ?? onField("pace") ?? onField("stake");

  return (
    <form class="card form" onSubmit={(event) => void submit(event)} aria-labelledby="propose-duel">
      <h2 id="propose-duel">Propose a duel</h2>
      <label for="duel-opponent">Opponent (a member's name; empty: open to anyone)</label>
      <input id="duel-opponent" value={opponent} onInput={(e) => setOpponent(e.currentTarget.value)}
        aria-invalid={onField("opponent") ? true : undefined} />
      {onField("opponent") ? <ErrorNote error={onField("opponent")} /> : null}
      <label for="duel-pace">Pace</label>
      <select id="duel-pace" value={pace} onChange={(e) => setPace(e.currentTarget.value as Schemas["DuelPace"])}>
        {duelPaceValues.map((p) => <option value={p}>{paceName(p)}</option>)}
      </select>
      {onField("pace") ? <ErrorNote error={onField("pace")} /> : null}
      <label for="duel-stake">Stake (credits each; the winner takes both)</label>
      <input id="duel-stake" type="number" inputMode="numeric" min={0} value={stake}
        onInput={(e) => setStake(e.currentTarget.value)} aria-invalid={onField("stake") ? true : undefined} />
      {onField("stake") ? <ErrorNote error={onField("stake")} /> : null}
      <MyCredits />
      <button type="submit" class="button primary" disabled={busy} aria-busy={busy}>Propose</button>
      {shownAtField ? null : <ErrorNote error={error} />}
    </form>
  );
}

function DuelRow({ duel, mine, refresh }: { duel: Duel; mine: boolean; refresh: () => void }) {
  const header = (key: string) => ({ params: { path: { duel_id: duel.duel_id }, header: { "Idempotency-Key": key } } });
  return (
    <tr>
      <td><Link href={to.duel(duel.duel_id)}>{duel.proposer}{duel.opponent ? ` vs ${duel.opponent}` : " vs anyone"}</Link></td>
      <td>{paceName(duel.pace)}</td>
      <td>{duel.stake}</td>
      <td>{when(duel.lapses_at)}</td>
      <td class="actions">
        {mine ? (
          <Act label="Withdraw" kind="danger" onDone={refresh}
            call={(key) => api.POST("/v1/feinthold/duels/{duel_id}/withdraw", header(key))} />
        ) : (
          <>
            <Act label="Accept" onDone={(d: Duel) => navigate(to.duel(d.duel_id))}
              call={(key) => api.POST("/v1/feinthold/duels/{duel_id}/accept", header(key))} />
            {duel.opponent ? (
              <Act label="Decline" kind="danger" onDone={refresh}
                call={(key) => api.POST("/v1/feinthold/duels/{duel_id}/decline", header(key))} />
            ) : null}
          </>
        )}
      </td>
    </tr>
  );
}

function Proposals({ list, title }: { list: Schemas["DuelListing"]; title: string }) {
  const me = member.value?.sub;
  const view = useLoad(`duels:${list}`, () => api.GET("/v1/feinthold/duels", { params: { query: { list } } }), 10_000);
  return (
    <section class="card" aria-label={title}>
      <h2>{title}</h2>
      <Loaded view={view} what={title.toLowerCase()}>
        {(page) => page.duels.length === 0 ? <p>None now.</p> : (
          <Table caption={title}>
            <thead><tr><th scope="col">Duel</th><th scope="col">Pace</th><th scope="col">Stake</th><th scope="col">Lapses</th><th scope="col">Answer</th></tr></thead>
            <tbody>{page.duels.map((duel) => <DuelRow duel={duel} mine={duel.proposer === me} refresh={view.refresh} />)}</tbody>
          </Table>
        )}
      </Loaded>
    </section>
  );
}

function MyDuels() {
  const view = useLoad("my-games", () => api.GET("/v1/games", { params: { query: { limit: 50 } } }));
  return (
    <section class="card" aria-label="My duels">
      <h2>My duels</h2>
      <Loaded view={view} what="my duels">
        {(page) => {
          const duels = page.games.filter((game) => game.mode === "duel");
          return duels.length === 0 ? <p>No duel yet: propose one, or accept one above.</p> : (
            <ul class="plain">
              {duels.map((game) => (
                <li><Link href={to.duel(game.game_id)}>The duel of {when(game.created_at)}</Link>: turn {game.label}, {words(game.status)}, as {game.seats.join(", ")}
                  {game.deadline ? `, this turn closes ${when(game.deadline)}` : ""}</li>
              ))}
            </ul>
          );
        }}
      </Loaded>
    </section>
  );
}

export function Duels() {
  return (
    <Screen title="Duels" intro="A duel is a rated Feinthold game between two members, with a stake each: the winner takes both.">
      <div class="grid">
        <ProposeDuel />
        <Proposals list="to-me" title="Proposed to me" />
        <Proposals list="open" title="Open to anyone" />
        <MyDuels />
      </div>
    </Screen>
  );
}
