// A member's record for moderators: their freeze, their marks (each closed with a reason), the actions about
// them, and freeze or unfreeze with the reason the audit log keeps.
import { api } from "../../app/api";
import { Link, type Params } from "../../app/router";
import { when, words } from "../kit/format";
import { to } from "../kit/links";
import { Loaded, Screen, useLoad } from "../kit/Page";
import { ReasonAction } from "../kit/Reason";
import { AuditTable } from "./Moderation";

export function MemberRecord({ params }: { params: Params }) {
  const who = params["member"] ?? "";
  const view = useLoad(`mod:member:${who}`, () => api.GET("/v1/moderation/members/{member}", { params: { path: { member: who } } }));
  const path = (key: string) => ({ path: { member: who }, header: { "Idempotency-Key": key } });
  return (
    <Screen title={`Record of ${who}`}>
      <Loaded view={view} what="the member's record">
        {(record) => (
          <div class="grid">
            <section class="card" aria-labelledby="freeze-title">
              <h2 id="freeze-title">Freeze</h2>
              <p class="status">{record.frozen ? `Frozen since ${when(record.frozen_since)} by ${record.frozen_by ?? "?"}: no new duels, tournaments or challenges, no rating moves, no prizes or titles.` : "Not frozen."}</p>
              {record.frozen
                ? <ReasonAction label="Unfreeze" onDone={view.refresh} call={(why, key) => api.POST("/v1/moderation/members/{member}/unfreeze", { body: { why }, params: path(key) })} />
                : <ReasonAction label="Freeze" onDone={view.refresh} call={(why, key) => api.POST("/v1/moderation/members/{member}/freeze", { body: { why }, params: path(key) })} />}
            </section>
            <section class="card" aria-labelledby="member-marks-title">
              <h2 id="member-marks-title">Marks</h2>
              {record.marks.length === 0 ? <p>No mark.</p> : (
                <ul class="plain">
                  {record.marks.map((mark) => (
                    <li>
                      {when(mark.at)}: {words(mark.kind)}{mark.other_member ? ` with ${mark.other_member}` : ""} in <code>{mark.game_id}</code> — {words(mark.status)}{mark.why ? `: ${mark.why}` : ""}
                      {mark.status === "open" ? (
                        <ReasonAction label={`Close the ${words(mark.kind)} mark`} onDone={view.refresh}
                          call={(why, key) => api.POST("/v1/moderation/marks/{member}/{mark_id}/close", {
                            body: { why }, params: { path: { member: who, mark_id: mark.mark_id }, header: { "Idempotency-Key": key } } })} />
                      ) : null}
                    </li>
                  ))}
                </ul>
              )}
            </section>
            <section class="card wide" aria-labelledby="member-actions-title">
              <h2 id="member-actions-title">Actions about {who}</h2>
              <AuditTable actions={record.actions} />
            </section>
          </div>
        )}
      </Loaded>
      <p><Link href={to.moderation}>Moderation</Link></p>
    </Screen>
  );
}
