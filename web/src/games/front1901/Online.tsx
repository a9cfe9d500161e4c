/**
 * What a table's game shows beside the solo game's board: the phase's deadline (the game's, counted down on the
 * game view's clock), who plays which power, the texts (to one power or to all), my vote of the
 * phase, and reclaiming the seat an AI keeps.
 * Everything is the member's view as the server sent it: no rule is worked out here.
 */
import { useEffect, useState } from "preact/hooks";
import { useAction } from "../../app/action";
import type { ServerTime } from "../../app/clock";
import { Countdown } from "../../app/Countdown";
import { ErrorNote } from "../../app/errors";
import * as calls from "./calls";
import { POWERS, powerName } from "./powers";

/** A table's game waits on other members (their texts, their orders): asked again more often than a solo game. */
const TABLE_POLL_MS = 5_000;

export function Online({ gameId, deadline, view, onGame, refresh, time }: {
  gameId: string;
  /** when the open phase closes (the game's answer says it), or null */
  deadline: string | null;
  view: calls.TableView;
  onGame: (g: calls.Game) => void;
  refresh: () => void;
  /** the game view's server clock: the deadline counts down from it (the runner's manual clock too) */
  time: ServerTime | undefined;
}) {
  useEffect(() => {
    const timer = setInterval(refresh, TABLE_POLL_MS);
    return () => clearInterval(timer);
  }, [refresh]);
  // Each phase has its own votes.
  useEffect(() => setVoted(""), [view.phase]);
  const others = POWERS.filter((p) => p !== view.power);
  const [to, setTo] = useState<string>("");
  const [text, setText] = useState("");
  const [concedeTo, setConcedeTo] = useState<string>(others[0]!);
  const [voted, setVoted] = useState<string>("");
  const action = useAction();
  const texts = view.messages.filter((m) => m.kind === "text" || m.to === null);
  const send = (event: Event) => {
    event.preventDefault();
    void action.run(async () => {
      onGame(await calls.sendText(gameId, view.phase, to || null, text));
      setText("");
    });
  };
  const castVote = (body: calls.Vote, said: string) =>
    void action.run(async () => {
      onGame(await calls.vote(gameId, view.phase, body));
      setVoted(said);
    });
  return (
    <section class="f19-online" aria-labelledby="f19-online-title">
      <h2 id="f19-online-title">The table</h2>
      {deadline && time ? <Countdown deadline={deadline} time={time} label={`${view.phase} closes in`} /> : null}
      <p data-testid="members">
        Members play {view.members.map(powerName).join(", ")}; AI powers the others.
        {view.against ? ` The coalition stands against ${powerName(view.against)}.` : ""}
      </p>
      {view.kept_by_ai && (
        <p class="f19-void" data-testid="kept">
          An AI power keeps my seat since I missed two phases.{" "}
          <button type="button" disabled={action.busy}
            onClick={() => void action.run(async () => onGame(await calls.reclaim(gameId, view.phase)))}>Reclaim my seat</button>
        </p>
      )}
      {view.press === "full" ? (
        <>
          <h3>Texts</h3>
          <ol class="f19-messages" data-testid="texts">
            {texts.map((m) => (
              <li key={`${m.to ?? "all"}-${m.from}-${m.id}`} class={m.from === view.power ? "from-me" : "to-me"}>
                <strong>{powerName(m.from)}</strong> to {m.to ? powerName(m.to) : "all"}: {m.text}
              </li>
            ))}
          </ol>
          <form class="f19-propose" onSubmit={send}>
            <label for="f19-text-to">Text to</label>
            <select id="f19-text-to" value={to} onChange={(e) => setTo((e.target as HTMLSelectElement).value)}>
              <option value="">every power</option>
              {others.map((p) => <option key={p} value={p}>{powerName(p)}</option>)}
            </select>
            <label for="f19-text">Message</label>
            <input id="f19-text" maxLength={1000} value={text} onInput={(e) => setText((e.target as HTMLInputElement).value)} />
            <button type="submit" disabled={action.busy || !text}>Send the text</button>
          </form>
        </>
      ) : <p>Gunboat: no messages at this table.</p>}
      <div class="f19-buttons" role="group" aria-label="My vote of the phase">
        <button type="button" disabled={action.busy} onClick={() => castVote({ vote: "draw" }, "a draw")}>Vote for a draw</button>
        <label for="f19-concede">Concede to</label>
        <select id="f19-concede" value={concedeTo} onChange={(e) => setConcedeTo((e.target as HTMLSelectElement).value)}>
          {others.map((p) => <option key={p} value={p}>{powerName(p)}</option>)}
        </select>
        <button type="button" disabled={action.busy}
          onClick={() => castVote({ vote: "concede", to: concedeTo as calls.Vote["to"] }, `conceding to ${powerName(concedeTo)}`)}>Concede</button>
        <button type="button" disabled={action.busy} onClick={() => castVote({ vote: "none" }, "")}>Withdraw my vote</button>
        {voted && <span role="status">My vote this phase: {voted}.</span>}
      </div>
      <ErrorNote error={action.error} />
    </section>
  );
}
