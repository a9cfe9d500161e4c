// One duel: where it stands (proposed, the ready room, in play, over), its stakes and pace, the clock of the
// open turn on the server's time, Ready and abandon, the link to its board, and once over its result, what it
// did to the ratings and the turns each member missed.
import { api, type Schemas } from "../../app/api";
import { member } from "../../app/auth";
import { Countdown } from "../../app/Countdown";
import { Link, navigate, type Params } from "../../app/router";
import { Act } from "../kit/Act";
import { paceName, when, words } from "../kit/format";
import { to } from "../kit/links";
import type { View } from "../../app/poll";
import { PACE_POLL_MS } from "../../app/pace";
import { Loaded, Screen, Table, useLoad } from "../kit/Page";
import { MissedTurns } from "./MissedTurns";

type Duel = Schemas["DuelOut"];

const OVER: Schemas["DuelStatus"][] = ["won", "drawn", "cancelled", "declined", "withdrawn", "lapsed", "voided"];

function Stakes({ duel }: { duel: Duel }) {
  return (
    <dl class="facts">
      <dt>Players</dt><dd>{duel.proposer} vs {duel.opponent ?? "anyone (open)"}</dd>
      <dt>Pace</dt><dd>{paceName(duel.pace)}</dd>
      <dt>Stake</dt><dd>{duel.stake} credits each</dd>
      <dt>Status</dt><dd class="status">{words(duel.status)}{duel.ending ? ` (${words(duel.ending)})` : ""}</dd>
      <dt>Proposed</dt><dd>{when(duel.proposed_at)}</dd>
      {duel.started_at ? <><dt>Started</dt><dd>{when(duel.started_at)}</dd></> : null}
      {duel.finished_at ? <><dt>Finished</dt><dd>{when(duel.finished_at)}</dd></> : null}
    </dl>
  );
}

function Rating({ duel }: { duel: Duel }) {
  const rating = duel.rating;
  if (rating === null) return null;
  if (!rating.rated) return <p>Unrated: {words(rating.why)}.</p>;
  return (
    <Table caption="Rating changes">
      <thead><tr><th scope="col">Member</th><th scope="col">Elo</th><th scope="col">Game rating</th><th scope="col">Deviation</th></tr></thead>
      <tbody>
        {Object.entries(rating.elo).map(([who, points]) => (
          <tr><td>{who}</td><td>{points > 0 ? `+${points}` : points}</td>
            <td>{rating.game[who]?.rating ?? "–"}</td><td>{rating.game[who]?.deviation ?? "–"}</td></tr>
        ))}
      </tbody>
    </Table>
  );
}

function Moves({ duel, me, refresh }: { duel: Duel; me: string | undefined; refresh: () => void }) {
  const path = (key: string) => ({ params: { path: { duel_id: duel.duel_id }, header: { "Idempotency-Key": key } } });
  const inIt = me !== undefined && (duel.proposer === me || duel.opponent === me);
  if (!inIt) {
    return duel.status === "proposed" && duel.opponent === null
      ? <Act label="Accept this duel" onDone={refresh} call={(key) => api.POST("/v1/feinthold/duels/{duel_id}/accept", path(key))} />
      : null;
  }
  if (duel.status === "proposed") {
    return duel.proposer === me
      ? <Act label="Withdraw my proposal" kind="danger" onDone={refresh}
          call={(key) => api.POST("/v1/feinthold/duels/{duel_id}/withdraw", path(key))} />
      : (
        <div class="actions">
          <Act label="Accept" onDone={refresh} call={(key) => api.POST("/v1/feinthold/duels/{duel_id}/accept", path(key))} />
          <Act label="Decline" kind="danger" onDone={refresh} call={(key) => api.POST("/v1/feinthold/duels/{duel_id}/decline", path(key))} />
        </div>
      );
  }
  if (duel.status === "ready-room") {
    const ready = duel.ready.includes(me);
    return (
      <div class="actions">
        {ready ? <p>You are ready; waiting for {duel.ready.length === 2 ? "the game" : "your opponent"}.</p>
          : <Act label="Ready" onDone={refresh} call={(key) => api.POST("/v1/feinthold/duels/{duel_id}/ready", path(key))} />}
        <Act label="Leave the ready room" kind="danger" confirm="The duel is cancelled and both stakes return." onDone={refresh}
          call={(key) => api.POST("/v1/feinthold/duels/{duel_id}/abandon", path(key))} />
      </div>
    );
  }
  if (duel.status === "playing") {
    return (
      <div class="actions">
        {duel.game_id ? <button type="button" class="button primary" onClick={() => navigate(to.board(duel.game_id!))}>Play turn {duel.turn} on the board</button> : null}
        <Act label="Abandon" kind="danger" confirm="Abandoning loses the duel by forfeit: your opponent wins the stakes." onDone={refresh}
          call={(key) => api.POST("/v1/feinthold/duels/{duel_id}/abandon", path(key))} />
      </div>
    );
  }
  return null;
}

function load(duelId: string) {
  return (etag: string | undefined) => api.GET("/v1/feinthold/duels/{duel_id}", {
    params: { path: { duel_id: duelId }, header: etag ? { "If-None-Match": etag } : {} },
  });
}

export function DuelScreen({ params }: { params: Params }) {
  const duelId = params["duelId"] ?? "";
  // The first answer tells the pace; from then on the duel is followed at the pace's rate.
  const first = useLoad(`duel:${duelId}`, load(duelId), 60_000);
  return first.data
    ? <Following duelId={duelId} pace={first.data.pace} first={first} />
    : <Screen title="Duel"><Loaded view={first} what="the duel">{() => null}</Loaded></Screen>;
}

function Following({ duelId, pace, first }: { duelId: string; pace: Schemas["Pace"]; first: View<Duel> }) {
  const me = member.value?.sub;
  const followed = useLoad(`duel:${duelId}:${pace}`, load(duelId), PACE_POLL_MS[pace]);
  const shown = followed.data ? followed : first;
  const refresh = () => { followed.refresh(); first.refresh(); };
  return (
    <Screen title="Duel">
      <Loaded view={shown} what="the duel">
        {(duel) => (
          <>
            <section class="card" aria-label="Stakes and pace"><Stakes duel={duel} /></section>
            <section class="card" aria-label="Where it stands">
              {duel.status === "proposed" && duel.lapses_at && shown.time
                ? <Countdown deadline={duel.lapses_at} time={shown.time} label="Unanswered, the proposal lapses in" /> : null}
              {duel.status === "ready-room" ? (
                <>
                  <h2>The ready room</h2>
                  <p>Ready: {duel.ready.length === 0 ? "nobody yet" : duel.ready.join(", ")}. The second Ready opens turn 1.</p>
                  {duel.ready_room_closes && shown.time
                    ? <Countdown deadline={duel.ready_room_closes} time={shown.time} label="Cancelled unless both are ready in" /> : null}
                </>
              ) : null}
              {duel.status === "playing" ? (
                <>
                  <h2>Turn {duel.turn}</h2>
                  <p>{duel.turns_passed} turn{duel.turns_passed === 1 ? "" : "s"} played. A turn a member misses is played at its deadline by their default doctrine, else their troops hold.</p>
                  {duel.deadline && shown.time ? <Countdown deadline={duel.deadline} time={shown.time} label="This turn closes in" /> : null}
                </>
              ) : null}
              {OVER.includes(duel.status) ? (
                <>
                  <h2>Result</h2>
                  <p class="result">{duel.winner ? `${duel.winner} won` : duel.status === "drawn" ? "A draw" : "No winner"}{duel.ending ? ` (${words(duel.ending)})` : ""}.</p>
                  <Rating duel={duel} />
                </>
              ) : null}
              <Moves duel={duel} me={me} refresh={refresh} />
            </section>
            {duel.game_id && OVER.includes(duel.status) ? <MissedTurns gameId={duel.game_id} /> : null}
            <p><Link href={to.duels}>All duels</Link></p>
          </>
        )}
      </Loaded>
    </Screen>
  );
}
