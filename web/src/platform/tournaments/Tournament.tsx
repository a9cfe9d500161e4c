// A tournament: its entries or seeds, the pot and its prizes, the bracket drawn, and my match (its game on
// Feinthold's board, its round's deadline on the server's clock, abandon); join or leave while it is open.
import { api, type Schemas } from "../../app/api";
import { member } from "../../app/auth";
import { Countdown } from "../../app/Countdown";
import type { ServerTime } from "../../app/clock";
import { Link, navigate, type Params } from "../../app/router";
import { Act } from "../kit/Act";
import { when, words } from "../kit/format";
import { to } from "../kit/links";
import { Loaded, Screen, useLoad } from "../kit/Page";
import { Bracket } from "./Bracket";
import { roundName, roundsOf, wentOn } from "./layout";

type Tournament = Schemas["TournamentOut"];

function MyMatch({ tournament, me, time, refresh }: { tournament: Tournament; me: string; time: ServerTime | undefined; refresh: () => void }) {
  const mine = tournament.matches.filter((match) => match.players.some((player) => player?.member === me));
  const current = mine.find((match) => match.status === "playing") ?? mine.find((match) => match.status === "waiting") ?? mine[mine.length - 1];
  if (current === undefined) return null;
  const opponent = current.players.find((player) => player !== null && player.member !== me);
  return (
    <section class="card my-match" aria-labelledby="my-match-title">
      <h2 id="my-match-title">My match</h2>
      <p>{roundName(tournament.size, current.round)} (match {current.slot}) against {opponent ? `${opponent.member} (seed ${opponent.seed})` : "a player to be known"}: {words(current.status)}
        {current.winner ? `, ${wentOn(current.winner === me ? "I" : current.winner, current.round === roundsOf(tournament.size))}` : ""}{current.ending ? ` (${words(current.ending)})` : ""}.</p>
      {current.status === "playing" || current.status === "waiting"
        ? (time ? <Countdown deadline={current.deadline} time={time} label="The round closes in" /> : null) : null}
      {current.status === "playing" && current.game_id ? (
        <div class="actions">
          <button type="button" class="button primary" onClick={() => navigate(to.board(current.game_id!))}>Play my match on the board</button>
          <Act label="Abandon the match" kind="danger" confirm="Abandoning loses the match: your opponent goes on." onDone={refresh}
            call={(key) => api.POST("/v1/feinthold/tournaments/{tournament_id}/matches/{slot}/abandon", {
              params: { path: { tournament_id: tournament.tournament_id, slot: current.slot }, header: { "Idempotency-Key": key } },
            })} />
        </div>
      ) : null}
    </section>
  );
}

export function TournamentScreen({ params }: { params: Params }) {
  const id = params["tournamentId"] ?? "";
  const me = member.value?.sub;
  const view = useLoad(`tournament:${id}`, (etag) => api.GET("/v1/feinthold/tournaments/{tournament_id}", {
    params: { path: { tournament_id: id }, header: etag ? { "If-None-Match": etag } : {} },
  }), 10_000);
  const path = (key: string) => ({ params: { path: { tournament_id: id }, header: { "Idempotency-Key": key } } });
  return (
    <Screen title={view.data?.name ?? "Tournament"}>
      <Loaded view={view} what="the tournament">
        {(t) => {
          const joined = t.entries.some((entry) => entry.member === me) || t.seeds.some((seed) => seed.member === me);
          return (
            <>
              <section class="card" aria-label="The tournament">
                <dl class="facts">
                  <dt>Status</dt><dd class="status">{words(t.status)}{t.ending ? ` (${words(t.ending)})` : ""}</dd>
                  <dt>Members</dt><dd>{t.members} of {t.size}{t.status === "open" ? `, ${t.seats_left} seats left` : ""}</dd>
                  <dt>Entry fee</dt><dd>{t.fee} credits</dd>
                  <dt>Pot</dt><dd>{t.pot} credits (70% to the winner, 30% to the finalist)</dd>
                  <dt>Created by</dt><dd>{t.creator}, {when(t.created_at)}</dd>
                  {t.fill_deadline ? <><dt>Cancelled unless full by</dt><dd>{when(t.fill_deadline)}</dd></> : null}
                  {t.winner ? <><dt>Winner</dt><dd>{t.winner}{t.finalist ? `; finalist ${t.finalist}` : ""}</dd></> : null}
                </dl>
                {t.prizes.length > 0 ? <p>Prizes: {t.prizes.map((prize) => `${prize.member} ${prize.amount}`).join(", ")}.</p> : null}
                {t.status === "open" ? (
                  joined
                    ? <Act label="Leave (my fee returns)" kind="danger" onDone={view.refresh}
                        call={(key) => api.POST("/v1/feinthold/tournaments/{tournament_id}/leave", path(key))} />
                    : <Act label="Join" onDone={view.refresh} call={(key) => api.POST("/v1/feinthold/tournaments/{tournament_id}/join", path(key))} />
                ) : null}
                {t.status === "open" ? <p>In: {t.entries.map((entry) => entry.member).join(", ")}.</p>
                  : <p>Seeds: {t.seeds.map((seed) => `${seed.seed}. ${seed.member}`).join(", ")}.</p>}
              </section>
              {me && joined ? <MyMatch tournament={t} me={me} time={view.time} refresh={view.refresh} /> : null}
              <section class="card" aria-labelledby="bracket-title">
                <h2 id="bracket-title">The bracket</h2>
                <Bracket tournament={t} me={me} />
              </section>
              <p><Link href={to.tournaments}>All tournaments</Link></p>
            </>
          );
        }}
      </Loaded>
    </Screen>
  );
}
