// Moderators: the open marks fair play left, the audit log, a member's record, and each action with its
// required reason (stop a game, void a duel, hide a doctrine, remove a Daily Front result).
import { useState } from "preact/hooks";
import { api, type Schemas } from "../../app/api";
import { member as signedIn } from "../../app/auth";
import { Link, navigate } from "../../app/router";
import { when, words } from "../kit/format";
import { to } from "../kit/links";
import { Loaded, Screen, Table, useLoad } from "../kit/Page";
import { ReasonAction } from "../kit/Reason";

export function AuditTable({ actions }: { actions: Schemas["AuditLineOut"][] }) {
  return actions.length === 0 ? <p>No action yet.</p> : (
    <Table caption="The audit log, newest first">
      <thead><tr><th scope="col">When</th><th scope="col">Moderator</th><th scope="col">Action</th><th scope="col">Member</th><th scope="col">Target</th><th scope="col">Why</th></tr></thead>
      <tbody>{actions.map((a) => (
        <tr><td>{when(a.at)}</td><td>{a.moderator}</td><td>{words(a.action)}</td>
          <td><Link href={to.member(a.member)}>{a.member}</Link></td><td><code>{a.target}</code></td><td>{a.why}</td></tr>
      ))}</tbody>
    </Table>
  );
}

export function MarksTable({ marks }: { marks: Schemas["MarkOut"][] }) {
  return marks.length === 0 ? <p>No mark.</p> : (
    <Table caption="Marks, newest first">
      <thead><tr><th scope="col">When</th><th scope="col">Member</th><th scope="col">Mark</th><th scope="col">Game</th><th scope="col">Status</th></tr></thead>
      <tbody>{marks.map((m) => (
        <tr><td>{when(m.at)}</td><td><Link href={to.member(m.member)}>{m.member}</Link></td>
          <td>{words(m.kind)}{m.other_member ? ` with ${m.other_member}` : ""}{m.shared ? ` (${m.shared.kind} ${m.shared.value})` : ""}</td>
          <td><code>{m.game_id}</code></td><td>{words(m.status)}{m.why ? `: ${m.why}` : ""}</td></tr>
      ))}</tbody>
    </Table>
  );
}

function Target({ id, label, value, onInput }: { id: string; label: string; value: string; onInput: (v: string) => void }) {
  return (
    <>
      <label for={id}>{label}</label>
      <input id={id} value={value} onInput={(e) => onInput(e.currentTarget.value.trim())} />
    </>
  );
}

function Actions({ done }: { done: () => void }) {
  const [game, setGame] = useState("");
  const [duel, setDuel] = useState("");
  const [doctrine, setDoctrine] = useState("");
  const [day, setDay] = useState("");
  const [who, setWho] = useState("");
  const header = (key: string) => ({ "Idempotency-Key": key });
  return (
    <section class="card" aria-labelledby="actions-title">
      <h2 id="actions-title">Actions</h2>
      <div class="form">
        <Target id="stop-game" label="Game id to stop (no result)" value={game} onInput={setGame} />
        <ReasonAction label="Stop the game" onDone={done} call={(why, key) => api.POST("/v1/moderation/games/{game_id}/stop", {
          body: { why }, params: { path: { game_id: game }, header: header(key) } })} />
      </div>
      <div class="form">
        <Target id="void-duel" label="Finished duel id to void" value={duel} onInput={setDuel} />
        <ReasonAction label="Void the duel" onDone={done} call={(why, key) => api.POST("/v1/moderation/duels/{duel_id}/void", {
          body: { why }, params: { path: { duel_id: duel }, header: header(key) } })} />
      </div>
      <div class="form">
        <Target id="hide-doctrine" label="Published doctrine id to hide" value={doctrine} onInput={setDoctrine} />
        <ReasonAction label="Hide the doctrine" onDone={done} call={(why, key) => api.POST("/v1/moderation/doctrines/{doctrine_id}/hide", {
          body: { why }, params: { path: { doctrine_id: doctrine }, header: header(key) } })} />
      </div>
      <div class="form">
        <Target id="remove-day" label="Day of the Daily Front result (YYYY-MM-DD)" value={day} onInput={setDay} />
        <Target id="remove-member" label="Member whose result to remove" value={who} onInput={setWho} />
        <ReasonAction label="Remove the result" onDone={done} call={(why, key) => api.POST("/v1/feinthold/daily/{day}/results/{member}/remove", {
          body: { why }, params: { path: { day, member: who }, header: header(key) } })} />
      </div>
    </section>
  );
}

export function Moderation() {
  const [lookup, setLookup] = useState("");
  const [auditOf, setAuditOf] = useState("");
  const moderator = signedIn.value?.moderator === true;
  const marks = useLoad(moderator ? "mod:marks" : undefined, () => api.GET("/v1/moderation/marks", { params: { query: { status: "open" } } }));
  const audit = useLoad(moderator ? `mod:audit:${auditOf}` : undefined, () => api.GET("/v1/moderation/audit", {
    params: { query: auditOf ? { member: auditOf } : {} },
  }));
  if (!moderator) {
    return <Screen title="Moderation"><p>This screen is for moderators (the user pool's moderators group).</p></Screen>;
  }
  return (
    <Screen title="Moderation" intro="Every action is written to the audit log with who, when and why; members see only the outcome.">
      <div class="grid">
        <form class="card form" aria-labelledby="lookup-title" onSubmit={(event) => { event.preventDefault(); if (lookup) navigate(to.member(lookup)); }}>
          <h2 id="lookup-title">A member's record</h2>
          <label for="lookup">Member's name</label>
          <input id="lookup" value={lookup} onInput={(e) => setLookup(e.currentTarget.value.trim())} />
          <button type="submit" class="button primary">Open the record</button>
        </form>
        <Actions done={() => { audit.refresh(); marks.refresh(); }} />
        <section class="card" aria-labelledby="marks-title">
          <h2 id="marks-title">Open marks</h2>
          <Loaded view={marks} what="the marks">{(page) => <MarksTable marks={page.marks} />}</Loaded>
        </section>
        <section class="card wide" aria-labelledby="audit-title">
          <h2 id="audit-title">The audit log</h2>
          <label for="audit-of">Only about the member</label>
          <input id="audit-of" value={auditOf} onChange={(e) => setAuditOf(e.currentTarget.value.trim())} />
          <Loaded view={audit} what="the audit log">{(page) => <AuditTable actions={page.actions} />}</Loaded>
        </section>
      </div>
    </Screen>
  );
}
