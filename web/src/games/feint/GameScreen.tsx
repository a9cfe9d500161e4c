/**
 * A Feint game at one seat: the board, commands by pointing (or from the list, by keyboard), the pre-charge
 * panel, the bots' steps one by one, the history and the record. In hot-seat the page holds one seat at a
 * time: between seats a curtain, and the seat before is dropped, its view and all, before the next is loaded.
 */
import { useEffect, useRef, useState } from "preact/hooks";
import { ApiError } from "../../app/api";
import { Countdown } from "../../app/Countdown";
import { ErrorNote, Loading } from "../../app/errors";
import { useView } from "../../app/poll";
import { Link, type Params } from "../../app/router";
import { Board, type Token } from "./Board";
import * as calls from "./calls";
import { chargesOn, commandsOf, commandsToCell, describeCommand, isCommand } from "./commands";
import { cellName, SEAT_COLOUR, sameCell } from "./hexes";
import { battleText, stepText } from "./story";

const STRENGTHS = [0, 1, 2, 2, 3, 4];
const PACE_MS = 700;

export function FeintGame({ params }: { params: Params }) {
  const gameId = params["gameId"]!;
  const [seat, setSeat] = useState<number | null>(null);
  const [curtain, setCurtain] = useState<number | null>(null);
  if (curtain !== null) return <Curtain seat={curtain} onReady={() => { setSeat(curtain); setCurtain(null); }} />;
  return <SeatGame key={seat ?? 0} gameId={gameId} seat={seat} onPass={setCurtain} />;
}

function Curtain({ seat, onReady }: { seat: number; onReady: () => void }) {
  const button = useRef<HTMLButtonElement>(null);
  useEffect(() => button.current?.focus(), []);
  return (
    <section class="fe-curtain" data-testid="curtain">
      <h1>Pass the device to seat {seat}</h1>
      <p>Nothing of the other seats is on this page. Seat {seat}, press the button when only you can see the screen.</p>
      <button ref={button} type="button" class="primary" onClick={onReady}>I am seat {seat}: show my board</button>
    </section>
  );
}

function SeatGame({ gameId, seat, onPass }: { gameId: string; seat: number | null; onPass: (seat: number) => void }) {
  const polled = useView(`/v1/feint/games/${gameId}?seat=${seat ?? ""}`, calls.loadGame(gameId, seat), 5000);
  const [latest, setLatest] = useState<calls.Game | undefined>(undefined);
  // An answer to my command is newer than a poll sent before it: the higher command number wins.
  const game = latest && (!polled.data || latest.number >= polled.data.number) ? latest : polled.data;
  // Hot-seat: the seat that looks is the one the curtain let in; when another decides, the curtain falls.
  const waiting = game && game.mode === "hot-seat" && game.next && !game.next.seats.includes(game.seat) ? game.next.seats[0] : undefined;
  useEffect(() => {
    if (waiting !== undefined) onPass(waiting);
  }, [waiting]);
  if (!game) return polled.error ? <ErrorNote error={polled.error} /> : <Loading what="the game" />;
  if (waiting !== undefined) return null;
  return <Play game={game} time={polled.time} onGame={setLatest} refresh={polled.refresh} onPass={onPass} />;
}

interface PlayProps {
  game: calls.Game;
  time: ReturnType<typeof useView>["time"];
  onGame: (game: calls.Game) => void;
  refresh: () => void;
  onPass: (seat: number) => void;
}

function Play({ game, time, onGame, refresh, onPass }: PlayProps) {
  const view = game.view;
  const me = game.seat;
  const hotSeat = game.mode === "hot-seat";
  const [selected, setSelected] = useState<string | null>(null);
  const [choices, setChoices] = useState<calls.Legal[]>([]);
  const [placing, setPlacing] = useState<number[][]>([]);
  const [error, setError] = useState<unknown>(undefined);
  const [note, setNote] = useState("");
  const [busy, setBusy] = useState(false);
  const [shown, setShown] = useState<calls.Step | null>(null);
  const [story, setStory] = useState<calls.Step[]>([]);
  const replay = useRef(0);
  const legal = game.legal;
  const myTurn = game.next?.mine.includes(me) ?? false;

  const send = async (command: calls.Command) => {
    setBusy(true);
    setError(undefined);
    setNote("");
    const before = game.number;
    try {
      const got = await calls.sendCommand(game.game_id, before, command, hotSeat ? me : null);
      setSelected(null);
      setChoices([]);
      setPlacing([]);
      const next = got.game.next;
      if (hotSeat && next && !next.seats.includes(me)) {
        onPass(next.seats[0]!); // the next seat's view is not kept: the curtain first
        return;
      }
      onGame(got.game);
      setBusy(false);
      // The steps the bots played after mine, one at a time (the next command may come before the last is shown).
      const steps = (await calls.historyAfter(game.game_id, before)).filter((s) => s.number > before + 1);
      setStory((old) => [...old, ...steps]);
      const run = ++replay.current;
      for (const step of steps) {
        if (run !== replay.current) return;
        setShown(step);
        await new Promise((done) => setTimeout(done, PACE_MS));
      }
      if (run === replay.current) setShown(null);
    } catch (failure) {
      if (failure instanceof ApiError && failure.detail?.code === "stale_command") {
        setNote("The board had moved on: it is shown again as it stands now. Choose again.");
        refresh();
      } else setError(failure);
    } finally {
      setBusy(false);
    }
  };

  const mineAt = (cell: number[]) => view.tokens.find((t) => t.seat === me && sameCell(t.cell, cell));
  const onToken = (token: Token) => {
    setNote("");
    if (token.seat === me && view.phase === "play") {
      setSelected(token.id === selected ? null : token.id);
      setChoices([]);
      return;
    }
    const charges = chargesOn(legal, token.id, selected);
    if (charges.length === 0) setNote(selected ? `${selected} cannot charge ${token.id} now.` : "Select one of your tokens first.");
    setChoices(charges);
  };
  const onCell = (cell: number[]) => {
    setNote("");
    if (view.phase === "deployment" && !view.deployed[String(me)]) {
      if (!view.home.some((c) => sameCell(c, cell)) || placing.some((c) => sameCell(c, cell))) return;
      if (placing.length < 6) setPlacing([...placing, cell]);
      return;
    }
    const token = mineAt(cell);
    if (token) return onToken(token);
    const fits = commandsToCell(legal, selected, cell);
    if (fits.length === 1) void send(fits[0]!.command);
    else if (fits.length > 1) setChoices(fits);
    else setNote(selected ? `${selected} cannot go to ${cellName(cell)} now.` : "");
  };

  const selectedCommands = selected ? commandsOf(legal, selected) : [];
  const targetCells = selected
    ? selectedCommands.flatMap((l) => (l.command.kind === "step" || l.command.kind === "two_step" ? [l.command.to] : []))
    : legal.flatMap((l) => (l.command.kind === "retreat" ? [l.command.to] : []));
  const targetTokens = new Set(selectedCommands.flatMap((l) => (l.command.kind === "charge" ? [l.command.target] : [])));
  const deploying = view.phase === "deployment" && !view.deployed[String(me)] && myTurn;
  const pending = view.pending;
  const over = game.status !== "open";

  return (
    <section class="fe" aria-busy={busy} data-number={game.number}>
      <h1>Feint: {game.mode === "hot-seat" ? `hot-seat, seat ${me}` : `seat ${me}`}</h1>
      <Status game={game} time={time} />
      <div class="fe-layout">
        <div>
          <Board
            radius={view.radius}
            tokens={deploying ? placing.map((cell, i) => ({ id: `new${i}`, seat: me, cell, strength: STRENGTHS[i]!, revealed: false })) : view.tokens}
            seat={me}
            home={view.phase === "deployment" ? view.home : undefined}
            targetCells={deploying ? view.home.filter((c) => !placing.some((p) => sameCell(p, c))) : targetCells}
            targetTokens={targetTokens}
            selected={selected}
            moves={shown?.moves}
            onCell={onCell}
            onToken={onToken}
            label={`Feint board, seat ${me}${pending ? `: a charge on ${pending.target}` : ""}`}
          />
          <p class="fe-note" role="status" aria-live="polite" data-testid="note">{note || (shown ? stepText(shown) : "")}</p>
        </div>
        <div class="fe-side">
          {deploying && (
            <section aria-labelledby="fe-deploy-title">
              <h2 id="fe-deploy-title">Deployment</h2>
              <p>Place strengths {STRENGTHS.join(" ")} in that order on six of your seven home cells.</p>
              <ol>{placing.map((c, i) => <li key={cellName(c)}>strength {STRENGTHS[i]} on {cellName(c)}</li>)}</ol>
              {placing.length < 6 && (
                <div class="fe-buttons" role="group" aria-label="Home cells">
                  {view.home.filter((c) => !placing.some((p) => sameCell(p, c))).map((c) => (
                    <button type="button" key={cellName(c)} onClick={() => onCell(c)}>
                      Strength {STRENGTHS[placing.length]} on {cellName(c)}
                    </button>
                  ))}
                </div>
              )}
              <div class="fe-buttons">
                <button type="button" class="primary" disabled={placing.length !== 6 || busy} onClick={() => void send({ kind: "deploy", cells: placing })}>Deploy</button>
                <button type="button" disabled={busy} onClick={() => setPlacing([])}>Clear</button>
                <button type="button" disabled={busy} onClick={() => void send({ kind: "deal" })}>A random deal</button>
              </div>
            </section>
          )}
          {pending && (
            <section class="fe-pending" data-testid="pending">
              <h2>A charge</h2>
              <p>Seat {pending.seat} charges {pending.target} (seat {pending.defender_seat}) with {pending.tokens.join(" and ")}.
                {pending.defender_seat === me && myTurn ? " Retreat (1 Move) to a cell marked on the board, or stand." : ""}</p>
            </section>
          )}
          {choices.length > 0 && (
            <section class="fe-charge" aria-labelledby="fe-choices-title" data-testid="choices">
              <h2 id="fe-choices-title">{choices[0]!.command.kind === "charge" ? "Before the charge" : "Which one?"}</h2>
              <ul>
                {choices.map((l, i) => (
                  <li key={i}>
                    <button type="button" disabled={busy} onClick={() => void send(l.command)}>{describeCommand(l)}</button>
                  </li>
                ))}
              </ul>
              <button type="button" onClick={() => setChoices([])}>Cancel</button>
            </section>
          )}
          {myTurn && !deploying && !over && (
            <section aria-labelledby="fe-commands-title">
              <h2 id="fe-commands-title">My commands</h2>
              <div class="fe-buttons">
                {legal.filter((l) => isCommand("end_turn")(l) || isCommand("stand")(l)).map((l) => (
                  <button type="button" key={l.command.kind} class="primary" disabled={busy} onClick={() => void send(l.command)}>{describeCommand(l)}</button>
                ))}
              </div>
              {!legal.some(isCommand("end_turn")) && !pending && <p>Sitting on two Moves: spend at least one before ending the turn.</p>}
              <label for="fe-all">Every command I may give</label>
              <select id="fe-all" onChange={(e) => {
                const i = Number((e.target as HTMLSelectElement).value);
                const l = legal[i];
                if (l) setChoices([l]);
              }}>
                <option value="">choose…</option>
                {legal.map((l, i) => <option key={i} value={i}>{describeCommand(l)}</option>)}
              </select>
            </section>
          )}
          <ErrorNote error={error} />
          <Banks game={game} />
        </div>
      </div>
      <Story gameId={game.game_id} number={game.number} extra={story} />
      {over && <p><Link href={`/feint/games/${game.game_id}/record`}>The record, every strength</Link></p>}
    </section>
  );
}

function Status({ game, time }: { game: calls.Game; time: PlayProps["time"] }) {
  const next = game.next;
  const view = game.view;
  if (game.status !== "open") {
    const o = view.outcome;
    return <p data-testid="outcome" class="fe-status">Over: {game.draw ? "a draw" : `seat ${game.winner} wins`}{o ? ` (${o.reason})` : ""}.</p>;
  }
  return (
    <div class="fe-status">
      <p data-testid="whose-turn">
        {next ? `${next.kind === "deployment" ? "Deployment" : next.kind === "retreat" ? "A Retreat to decide" : "Turn"}: seat ${next.seats.join(", ")}${next.mine.includes(game.seat) ? " (me)" : ""}` : "Waiting"}
        {view.phase === "play" ? ` · round ${view.round}, turn ${view.turn}, ${view.spent} Move(s) spent` : ""}
      </p>
      {next?.deadline && time && <Countdown deadline={next.deadline} time={time} label="Decide by" />}
      {game.replaced.map((r) => (
        <p key={r.seat}>Seat {r.seat}: {r.member} left; a {r.by.kind} plays on.</p>
      ))}
    </div>
  );
}

function Banks({ game }: { game: calls.Game }) {
  const view = game.view;
  return (
    <table class="fe-banks">
      <caption>Seats</caption>
      <thead><tr><th>Seat</th><th>Player</th><th>Moves</th><th>Pool left</th></tr></thead>
      <tbody>
        {Object.entries(view.banks).map(([seat, bank]) => {
          const player = game.players[seat];
          return (
            <tr key={seat} class={Number(seat) === game.seat ? "mine" : undefined}>
              <th scope="row"><span class="fe-swatch" style={{ background: SEAT_COLOUR[Number(seat)] }} aria-hidden="true" /> {seat}{Number(seat) === game.seat ? " (me)" : ""}</th>
              <td>{player?.sub ?? player?.kind ?? ""}</td>
              <td class="number">{bank}</td>
              <td>{(view.pools[seat] ?? []).join(" ")}</td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}

function Story({ gameId, number, extra }: { gameId: string; number: number; extra: calls.Step[] }) {
  const [steps, setSteps] = useState<calls.Step[] | null>(null);
  useEffect(() => {
    void calls.historyAfter(gameId, 0).then(setSteps);
  }, [gameId, number]);
  const all = steps ?? extra;
  const battles = all.filter((s) => s.battle);
  return (
    <section class="fe-history" aria-labelledby="fe-history-title">
      <h2 id="fe-history-title">History</h2>
      <h3>Battles</h3>
      {battles.length === 0 ? <p>No battle yet.</p> : (
        <ol data-testid="battles">{battles.map((s) => <li key={s.number}>Turn {s.label}: {battleText(s.battle!)}</li>)}</ol>
      )}
      <details>
        <summary>Every step ({all.length})</summary>
        <ol>{all.map((s) => <li key={s.number}>{stepText(s)}</li>)}</ol>
      </details>
    </section>
  );
}
