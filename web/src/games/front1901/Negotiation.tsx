/** Talking with the six AI powers: a conversation per power, proposals of every kind, answers, agreements, trust. */
import { useState } from "preact/hooks";
import { ErrorNote } from "../../app/errors";
import type { Proposal, View } from "./calls";
import { POWERS, powerName } from "./powers";

export type ProposalKind = "pact" | "support" | "split" | "alliance" | "dmz";

/** What the map's clicks fill while a proposal is being written. */
export interface Picking {
  kind: ProposalKind;
  /** support: their unit, my unit, the destination; split: centres (mine first, then "yours"); dmz: around, then provinces */
  places: string[];
  side: "mine" | "yours";
  yours: string[];
}

export interface NegotiationProps {
  view: View;
  picking: Picking | null;
  onPicking: (picking: Picking | null) => void;
  onPropose: (to: string, proposal: Proposal) => Promise<string>;
  onReply: (messageId: number, accept: boolean) => void;
  onCancel: (agreementId: number) => void;
  /** Each power's trust in me as this page saw it phase by phase. */
  trustSeen: Record<string, number[]>;
  error: unknown;
}

export function proposalOf(picking: Picking, against: string, unitText: (place: string) => string | undefined): Proposal | string {
  const p = picking.places;
  switch (picking.kind) {
    case "pact":
      return { kind: "pact" };
    case "alliance":
      return { kind: "alliance", against: against as Proposal extends { against: infer A } ? A : never };
    case "support": {
      const [theirs, mine, to] = p;
      const a = theirs && unitText(theirs);
      const b = mine && unitText(mine);
      if (!a || !b || !to) return "Click their unit, then your unit, then where yours moves.";
      return { kind: "support", order: `${a} S ${b} - ${to}` };
    }
    case "split":
      if (p.length === 0 || picking.yours.length === 0) return "Click the centres for you, then switch and click theirs.";
      return { kind: "split", mine: p, yours: picking.yours };
    case "dmz": {
      const [around, ...provinces] = p;
      if (!around || provinces.length === 0) return "Click one of your centres, then the provinces around it.";
      return { kind: "dmz", around, provinces };
    }
  }
}

export function Negotiation(props: NegotiationProps) {
  const { view } = props;
  const others = POWERS.filter((p) => p !== view.power);
  const [power, setPower] = useState<string>(others[0]!);
  const [kind, setKind] = useState<ProposalKind>("pact");
  const [against, setAgainst] = useState<string>(others.find((p) => p !== power) ?? others[0]!);
  const [said, setSaid] = useState<string>("");
  const conversation = view.messages.filter((m) => m.from === power || m.to === power);
  const picking = props.picking;
  const unitText = (place: string) =>
    Object.values(view.units).flat().find((u) => u.slice(2, 5) === place.slice(0, 3));
  const built = picking ? proposalOf(picking, against, unitText) : proposalOf({ kind, places: [], side: "mine", yours: [] }, against, unitText);
  const movement = view.step === "movement";
  return (
    <section class="f19-talk" aria-labelledby="f19-talk-title">
      <h2 id="f19-talk-title">Negotiation</h2>
      <div role="tablist" aria-label="Powers" class="f19-powers">
        {others.map((p) => {
          const open = view.messages.filter((m) => m.from === p && m.status === "open").length;
          return (
            <button type="button" role="tab" key={p} aria-selected={p === power} onClick={() => setPower(p)}>
              {powerName(p)}{open ? ` (${open})` : ""}
            </button>
          );
        })}
      </div>
      <div role="tabpanel" aria-label={`Conversation with ${powerName(power)}`}>
        <p class="f19-trust">
          <label for="f19-trust-meter">{powerName(power)}'s trust in me</label>{" "}
          <meter id="f19-trust-meter" min={0} max={100} value={view.trust[power] ?? 0}>{view.trust[power]}</meter>{" "}
          {view.trust[power]}
          <Spark values={props.trustSeen[power] ?? []} label={`${powerName(power)}'s trust over the phases seen`} />
        </p>
        <ol class="f19-messages" data-testid="messages">
          {conversation.map((m) => (
            <li key={m.id} class={m.from === view.power ? "from-me" : "to-me"}>
              <strong>{powerName(m.from)}</strong> ({m.kind}{m.status ? `, ${m.status}` : ""}): {m.text}
              {m.answer && <em> {m.answer.answer} ({m.answer.reason}): {m.answer.message}</em>}
              {m.status === "open" && m.to === view.power && movement && (
                <span class="f19-reply">
                  <button type="button" onClick={() => props.onReply(m.id, true)}>Accept</button>
                  <button type="button" onClick={() => props.onReply(m.id, false)}>Decline</button>
                </span>
              )}
            </li>
          ))}
        </ol>
        {movement && (
          <form
            class="f19-propose"
            onSubmit={(event) => {
              event.preventDefault();
              if (typeof built === "string") return;
              void props.onPropose(power, built).then((text) => {
                setSaid(text);
                props.onPicking(null);
              });
            }}
          >
            <label for="f19-kind">Propose to {powerName(power)}</label>
            <select id="f19-kind" value={kind} onChange={(event) => {
              const next = (event.target as HTMLSelectElement).value as ProposalKind;
              setKind(next);
              props.onPicking(next === "pact" || next === "alliance" ? null : { kind: next, places: [], side: "mine", yours: [] });
            }}>
              <option value="pact">a pact</option>
              <option value="support">support for one of my moves</option>
              <option value="split">a split of centres</option>
              <option value="alliance">an alliance</option>
              <option value="dmz">a demilitarised zone</option>
            </select>
            {kind === "alliance" && (
              <>
                <label for="f19-against">against</label>
                <select id="f19-against" value={against} onChange={(event) => setAgainst((event.target as HTMLSelectElement).value)}>
                  {others.filter((p) => p !== power).map((p) => <option key={p} value={p}>{powerName(p)}</option>)}
                </select>
              </>
            )}
            {picking && (
              <div class="f19-picking" aria-live="polite">
                <p>Terms picked on the map: {picking.places.join(", ") || "none yet"}
                  {picking.kind === "split" ? `; theirs: ${picking.yours.join(", ") || "none yet"}` : ""}</p>
                {picking.kind === "split" && (
                  <button type="button" onClick={() => props.onPicking({ ...picking, side: picking.side === "mine" ? "yours" : "mine" })}>
                    Now picking {picking.side === "mine" ? "mine" : "theirs"}: switch
                  </button>
                )}
                <label for="f19-terms">or type the places</label>
                <input id="f19-terms" value={picking.places.join(" ")} onInput={(event) =>
                  props.onPicking({ ...picking, places: (event.target as HTMLInputElement).value.toUpperCase().split(/[\s,]+/).filter(Boolean) })} />
                <button type="button" onClick={() => props.onPicking({ ...picking, places: [], yours: [] })}>Clear</button>
              </div>
            )}
            {typeof built === "string" ? <p>{built}</p> : <p>Sends: <code>{JSON.stringify(built)}</code></p>}
            <button type="submit" disabled={typeof built === "string" || (view.proposals_left[power] ?? 0) <= 0}>
              Propose ({view.proposals_left[power] ?? 0} left this phase)
            </button>
          </form>
        )}
        {said && <p role="status" data-testid="answer">{said}</p>}
        <ErrorNote error={props.error} />
      </div>
      <h3>Agreements in force</h3>
      {view.agreements.length === 0 ? <p>None.</p> : (
        <ul data-testid="agreements">
          {view.agreements.map((a) => (
            <li key={a.id}>
              {a.kind} between {powerName(a.proposer)} and {powerName(a.recipient)} since {a.since}: <code>{JSON.stringify(a.terms)}</code>
              {movement && a.kind !== "support" && (
                <button type="button" onClick={() => props.onCancel(a.id)}>Cancel</button>
              )}
            </li>
          ))}
        </ul>
      )}
      {view.coalition.length > 0 && <p>A coalition stands against me: {view.coalition.map(powerName).join(", ")}.</p>}
    </section>
  );
}

/** A small line of the values seen, oldest first (drawn only; the numbers are in the meter). */
function Spark({ values, label }: { values: number[]; label: string }) {
  if (values.length < 2) return null;
  const points = values.map((v, i) => `${(i / (values.length - 1)) * 80},${20 - (v / 100) * 20}`).join(" ");
  return (
    <svg class="f19-spark" width="80" height="20" role="img" aria-label={`${label}: ${values.join(", ")}`}>
      <polyline points={points} fill="none" stroke="currentColor" stroke-width="1.5" />
    </svg>
  );
}
