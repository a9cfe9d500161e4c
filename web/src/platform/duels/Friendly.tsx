// Friendly games: invite a member (pace, my side, a layout) and answer the invitations I received; a friendly
// game is unrated and has no stakes.
import { useState } from "preact/hooks";
import { api, type Schemas } from "../../app/api";
import { gamePaceValues } from "../../api/generated/schema";
import { change } from "../../app/change";
import { useAction } from "../../app/action";
import { ErrorNote, errorFor } from "../../app/errors";
import { Link, navigate } from "../../app/router";
import { Act } from "../kit/Act";
import { paceName, when, words } from "../kit/format";
import { to } from "../kit/links";
import { Loaded, Screen, Table, useLoad } from "../kit/Page";

type Invitation = Schemas["InvitationOut"];

function Invite({ onSent }: { onSent: () => void }) {
  const [invitee, setInvitee] = useState("");
  const [pace, setPace] = useState<Schemas["GamePace"]>("1d");
  const [side, setSide] = useState<"" | Schemas["Side"]>("");
  const { busy, error, run } = useAction();
  const submit = async (event: Event) => {
    event.preventDefault();
    await run(async () => {
      await change((key) => api.POST("/v1/feinthold/invitations", {
        body: { invitee: invitee.trim(), pace, ...(side ? { side } : {}) },
        params: { header: { "Idempotency-Key": key } },
      }));
      setInvitee("");
      onSent();
    });
  };
  const onInvitee = errorFor(error, "invitee");
  return (
    <form class="card form" onSubmit={(event) => void submit(event)} aria-labelledby="invite-title">
      <h2 id="invite-title">Invite a member to a friendly game</h2>
      <label for="invitee">Member's name</label>
      <input id="invitee" value={invitee} onInput={(e) => setInvitee(e.currentTarget.value)} aria-invalid={onInvitee ? true : undefined} />
      {onInvitee ? <ErrorNote error={onInvitee} /> : null}
      <label for="invite-pace">Pace</label>
      <select id="invite-pace" value={pace} onChange={(e) => setPace(e.currentTarget.value as Schemas["GamePace"])}>
        {gamePaceValues.map((p) => <option value={p}>{paceName(p)}</option>)}
      </select>
      <label for="invite-side">My side</label>
      <select id="invite-side" value={side} onChange={(e) => setSide(e.currentTarget.value as "" | Schemas["Side"])}>
        <option value="">drawn at random</option><option value="south">south</option><option value="north">north</option>
      </select>
      <button type="submit" class="button primary" disabled={busy} aria-busy={busy}>Invite</button>
      {onInvitee ? null : <ErrorNote error={error} />}
    </form>
  );
}

function Row({ invitation, received, refresh }: { invitation: Invitation; received: boolean; refresh: () => void }) {
  const path = (key: string) => ({ params: { path: { invitation_id: invitation.invitation_id }, header: { "Idempotency-Key": key } } });
  return (
    <tr>
      <td>{received ? invitation.inviter : invitation.invitee}</td>
      <td>{paceName(invitation.pace)}</td>
      <td>{words(invitation.status)}</td>
      <td>{when(invitation.expires_at)}</td>
      <td class="actions">
        {invitation.game_id ? <Link href={to.board(invitation.game_id)}>The game</Link> : null}
        {received && invitation.status === "pending" ? (
          <>
            <Act label="Accept" onDone={(game: Schemas["GameOut"]) => navigate(to.board(game.game_id))}
              call={(key) => api.POST("/v1/feinthold/invitations/{invitation_id}/accept", path(key))} />
            <Act label="Decline" kind="danger" onDone={refresh}
              call={(key) => api.POST("/v1/feinthold/invitations/{invitation_id}/decline", path(key))} />
          </>
        ) : null}
      </td>
    </tr>
  );
}

export function Friendly() {
  const view = useLoad("invitations", () => api.GET("/v1/feinthold/invitations"), 10_000);
  const list = (title: string, items: Invitation[], received: boolean) => (
    <section class="card" aria-label={title}>
      <h2>{title}</h2>
      {items.length === 0 ? <p>None.</p> : (
        <Table caption={title}>
          <thead><tr><th scope="col">{received ? "From" : "To"}</th><th scope="col">Pace</th><th scope="col">Status</th><th scope="col">Expires</th><th scope="col">Answer</th></tr></thead>
          <tbody>{items.map((invitation) => <Row invitation={invitation} received={received} refresh={view.refresh} />)}</tbody>
        </Table>
      )}
    </section>
  );
  return (
    <Screen title="Friendly games" intro="A friendly game is between two members, unrated and without stakes.">
      <div class="grid">
        <Invite onSent={view.refresh} />
        <Loaded view={view} what="invitations">
          {(mine) => (
            <>
              {list("Invitations to me", mine.received, true)}
              {list("Invitations I sent", mine.sent, false)}
            </>
          )}
        </Loaded>
      </div>
    </Screen>
  );
}
