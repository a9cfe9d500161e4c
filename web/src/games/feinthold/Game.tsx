// A Feinthold game: the board, my pieces and points, the orders I give by clicking (or the keyboard), the
// turn's report, the clock to the deadline, and at the end the winner and the record.
import { useRef, useState } from "preact/hooks";
import { api } from "../../app/api";
import { change } from "../../app/change";
import { Countdown } from "../../app/Countdown";
import { ErrorNote, errorFor, Loading } from "../../app/errors";
import { PACE_POLL_MS } from "../../app/pace";
import { useView } from "../../app/poll";
import { Link, type Params } from "../../app/router";
import { Board, positionName } from "./Board";
import type { Game as GameOut, Order, Position } from "./model";
import { OrderPanel } from "./OrderPanel";
import { DuelPanel } from "./DuelPanel";
import { missedTurn, type TurnSeen } from "./missed";
import { describeOrder, pointsLeft, removeOrder } from "./orders";
import { Report } from "./Report";

export function Game({ params }: { params: Params }) {
  const gameId = params["gameId"]!;
  const [pace, setPace] = useState<GameOut["pace"]>("1d");
  const game = useView(
    `/v1/feinthold/games/${gameId}`,
    (etag) => api.GET("/v1/feinthold/games/{game_id}", { params: { path: { game_id: gameId }, header: etag ? { "If-None-Match": etag } : {} } }),
    PACE_POLL_MS[pace],
  );
  const [selected, setSelected] = useState<Position | undefined>(undefined);
  const [draft, setDraft] = useState<Order[]>([]);
  const [draftTurn, setDraftTurn] = useState<number | undefined>(undefined);
  const [sending, setSending] = useState<string | undefined>(undefined);
  const [failure, setFailure] = useState<unknown>(undefined);
  const seen = useRef<TurnSeen | undefined>(undefined);
  const [missed, setMissed] = useState<number | undefined>(undefined);

  if (game.error && !game.data) return <ErrorNote error={game.error} />;
  if (!game.data || !game.time) return <Loading what="the game" />;
  const data = game.data;
  if (data.pace !== pace) setPace(data.pace);
  const view = data.view;
  if (draftTurn !== data.turn) {
    // A new turn: the draft starts empty (what was sent for the last one is in the history).
    setDraftTurn(data.turn);
    setDraft([]);
    setFailure(undefined);
    const passed = missedTurn(seen.current, data);
    if (passed !== undefined) setMissed(passed);
  }
  seen.current = { turn: data.turn, deadline: data.deadline, sent: data.my_orders !== null || (seen.current?.turn === data.turn && seen.current.sent) };
  const open = data.status === "open" && !view.over;
  const left = pointsLeft(draft, view.legal);
  const usedAll = data.my_submissions >= 5;

  const send = async () => {
    setSending("Sending…");
    setFailure(undefined);
    try {
      await change(
        (key) =>
          api.PUT("/v1/feinthold/games/{game_id}/turns/{turn}/orders", {
            params: { path: { game_id: gameId, turn: data.turn }, header: { "Idempotency-Key": key } },
            body: { orders: draft },
          }),
        ({ retry }) => setSending(`No answer yet: trying again (${retry})…`),
      );
      setDraft([]);
      seen.current = { turn: data.turn, deadline: data.deadline, sent: true };
      game.refresh();
    } catch (error) {
      setFailure(error);
    } finally {
      setSending(undefined);
    }
  };

  return (
    <div class="feinthold">
      <header class="game-head">
        <h1>
          Feinthold · turn {data.turn} of 8
        </h1>
        <p>
          You play <strong class={`side-${data.side}`}>{data.side}</strong> against{" "}
          {data.opponent.kind === "house" ? `the house AI ${data.opponent.name}` : data.opponent.kind === "member" ? data.opponent.sub : "a published doctrine"}
          , {data.mode}, pace {data.pace}. Layout {view.layout.id}.
        </p>
        {missed !== undefined && missed === data.turn - 1 ? (
          <p class="missed" role="status" data-testid="missed">
            Turn {missed} closed at its deadline without your orders: it was played without them (your default doctrine, if you
            have one, else your troops held).
          </p>
        ) : null}
        {open && data.deadline ? <Countdown deadline={data.deadline} time={game.time} label="Turn ends in" /> : null}
        {open ? (
          <p data-testid="status">
            Points: <strong data-testid="points">{view.points}</strong> (reserve {view.reserve}, income {view.income}) · sent{" "}
            <span data-testid="submissions">{data.my_submissions}</span> of 5 this turn
            {data.my_orders ? ` · ${data.points_left} points left after the orders sent` : ""} ·{" "}
            {data.opponent_sent ? "the opponent has sent" : "the opponent has not sent yet"}
          </p>
        ) : (
          <p class="over" role="status" data-testid="winner">
            The game is over: {view.winner === "draw" ? "a draw" : view.winner === data.side ? "you won" : `${view.winner} won`}.{" "}
            <Link href={`/feinthold/games/${encodeURIComponent(gameId)}/record`}>The record</Link>
          </p>
        )}
      </header>
      <div class="play">
        <section aria-labelledby="board-title" class="board-area">
          <h2 id="board-title" class="sr-only">
            Board
          </h2>
          <Board view={view} selected={selected} onSelect={(at) => setSelected(at === selected ? undefined : at)} />
          <p class="legend">
            <span class="key mine">mine</span> <span class="key seen">seen this turn</span> <span class="key memory">remembered (turn seen)</span>{" "}
            <span class="key unknown">unknown</span> · "?": an enemy presence · 3+2d: 3 units and 2 decoys
          </p>
        </section>
        <section aria-labelledby="orders-title" class="orders-area">
          <h2 id="orders-title">Orders</h2>
          {open ? (
            <>
              {selected ? (
                <OrderPanel legal={view.legal} at={selected} left={left} onAdd={(order) => setDraft((d) => [...d.filter((o) => JSON.stringify(o) !== JSON.stringify(order)), order])} />
              ) : (
                <p>Choose a position on the board (click it, or Tab to it and press Enter) to see the orders you may give there.</p>
              )}
              <h3>This turn's orders</h3>
              <p data-testid="points-left">
                {left} of {view.legal.points} points left
              </p>
              {draft.length === 0 ? <p>None yet: sent as they are, every unit holds.</p> : null}
              <ol class="draft">
                {draft.map((order, i) => {
                  const wrong = errorFor(failure, `orders[${i}]`);
                  return (
                    <li key={i}>
                      <span aria-describedby={wrong ? `order-error-${i}` : undefined}>{describeOrder(order)}</span>{" "}
                      <button type="button" class="small" onClick={() => setDraft(removeOrder(draft, i))} aria-label={`Remove: ${describeOrder(order)}`}>
                        Remove
                      </button>
                      {wrong ? <ErrorNote error={wrong} id={`order-error-${i}`} /> : null}
                    </li>
                  );
                })}
              </ol>
              {failure && !draft.some((_, i) => errorFor(failure, `orders[${i}]`)) ? <ErrorNote error={failure} /> : null}
              <button type="button" class="primary" disabled={sending !== undefined || usedAll} onClick={() => void send()}>
                {data.my_orders ? "Send again (replaces the orders sent)" : "Send the orders"}
              </button>
              {usedAll ? <p>You have sent 5 times this turn: the most a turn allows.</p> : null}
              {sending ? (
                <p role="status" class="loading">
                  {sending}
                </p>
              ) : null}
              {data.my_orders ? (
                <details>
                  <summary>Orders sent this turn</summary>
                  <ul>
                    {data.my_orders.map((order, i) => (
                      <li key={i}>{describeOrder(order)}</li>
                    ))}
                  </ul>
                </details>
              ) : null}
            </>
          ) : (
            <p>No more orders: the game is over.</p>
          )}
          {selected ? <p class="selected-note">Selected: {positionName(selected)}</p> : null}
          {data.mode === "duel" ? <DuelPanel gameId={gameId} open={open} onAbandoned={game.refresh} /> : null}
        </section>
      </div>
      <Report view={view} />
      {game.error ? <ErrorNote error={game.error} /> : null}
    </div>
  );
}
