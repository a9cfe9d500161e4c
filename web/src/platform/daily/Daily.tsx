// The Daily Front: today's board (the same game for everyone), start mine and play it on Feinthold's board,
// my result and my rank, the day's board page by page, and the month's table.
import { useState } from "preact/hooks";
import { ApiError, api, type Schemas } from "../../app/api";
import { ErrorNote, Loading } from "../../app/errors";
import { member } from "../../app/auth";
import { Link, navigate } from "../../app/router";
import { Act } from "../kit/Act";
import { monthOf, paceName, when, words } from "../kit/format";
import { to } from "../kit/links";
import { Loaded, Screen, Table, useLoad } from "../kit/Page";

type Day = Schemas["DayOut"];

function Today({ day, refresh }: { day: Day; refresh: () => void }) {
  const { front, mine } = day;
  return (
    <section class="card" aria-labelledby="today-title">
      <h2 id="today-title">The Front of {front.day}</h2>
      <dl class="facts">
        <dt>House AI</dt><dd>{front.house_ai}{front.noise === "strong" ? " (more noise: Sunday)" : ""}</dd>
        <dt>Layout</dt><dd>{front.layout}</dd>
        <dt>My side</dt><dd>{front.side}</dd>
        <dt>Pace</dt><dd>{paceName(front.pace)}</dd>
      </dl>
      {mine === null ? (
        <Act label="Start today's Front" onDone={(started: Schemas["StartedOut"]) => navigate(to.board(started.game.game_id))}
          call={(key) => api.POST("/v1/feinthold/daily", { params: { header: { "Idempotency-Key": key } } })} />
      ) : mine.status === "playing" ? (
        <p>My Front is in play since {when(mine.started_at)}: <Link href={to.board(mine.game_id)}>play it on the board</Link>.</p>
      ) : (
        <div class="result" aria-label="My result">
          <p>My Front is over{mine.result ? `: a ${mine.result.outcome} in ${mine.result.turns} turns (${mine.result.seconds} s), ${mine.result.positions} positions, ${mine.result.income} income` : ": no result (stopped)"}.</p>
          <p>{mine.ranked ? "Ranked on the day's board." : `Not ranked: ${words(mine.not_ranked ?? "stopped")}.`}</p>
          <p><Link href={to.board(mine.game_id)}>My game</Link></p>
        </div>
      )}
      <button type="button" class="button" onClick={refresh}>Refresh</button>
    </section>
  );
}

/** The rank's answer when I have no ranked result that day: a state, not a failure. */
function unranked(error: unknown): boolean {
  return error instanceof ApiError && error.detail?.code === "no_ranked_result";
}

function MyRank({ day }: { day: string }) {
  const view = useLoad(`daily-rank:${day}`, () => api.GET("/v1/feinthold/daily/rank", { params: { query: { day } } }));
  return (
    <section class="card" aria-labelledby="rank-title">
      <h2 id="rank-title">My rank</h2>
      {view.data ? (
        <p class="rank">Rank <strong>{view.data.rank}</strong> of {view.data.entries} (as of {when(view.data.as_of)}).</p>
      ) : unranked(view.error) ? <p>No ranked result of mine on this day's board yet.</p>
        : view.error ? <ErrorNote error={view.error} /> : <Loading what="my rank" />}
    </section>
  );
}

function Board({ day }: { day: string }) {
  const [cursor, setCursor] = useState<string | undefined>(undefined);
  const me = member.value?.sub;
  const view = useLoad(`daily-board:${day}:${cursor ?? ""}`, () => api.GET("/v1/feinthold/daily/board", {
    params: { query: { day, limit: 20, ...(cursor ? { cursor } : {}) } },
  }));
  return (
    <section class="card" aria-labelledby="board-title">
      <h2 id="board-title">The board of {day}</h2>
      <Loaded view={view} what="the board">
        {(board) => board.entries.length === 0 ? <p>No ranked Front yet today.</p> : (
          <>
            <Table caption={`The board of ${day}`}>
              <thead><tr><th scope="col">Rank</th><th scope="col">Member</th><th scope="col">Result</th><th scope="col">Turns</th><th scope="col">Seconds</th><th scope="col">Positions</th><th scope="col">Income</th></tr></thead>
              <tbody>
                {board.entries.map((entry) => (
                  <tr class={entry.member === me ? "me" : undefined}>
                    <td>{entry.rank}</td><td>{entry.name}</td><td>{entry.outcome}</td><td>{entry.turns}</td>
                    <td>{entry.seconds}</td><td>{entry.positions}</td><td>{entry.income}</td>
                  </tr>
                ))}
              </tbody>
            </Table>
            {board.cursor ? <button type="button" class="button" onClick={() => setCursor(board.cursor ?? undefined)}>Next page</button> : null}
          </>
        )}
      </Loaded>
    </section>
  );
}

export function MonthTable({ month }: { month: string }) {
  const me = member.value?.sub;
  const view = useLoad(`daily-month:${month}`, () => api.GET("/v1/feinthold/daily/months/{month}", {
    params: { path: { month }, query: { limit: 50 } },
  }));
  return (
    <section class="card" aria-labelledby="month-title">
      <h2 id="month-title">The month {month}</h2>
      <Loaded view={view} what="the month's table">
        {(table) => table.rows.length === 0 ? <p>No ranked day this month yet.</p> : (
          <Table caption={`The Daily Front's table of ${month}`}>
            <thead><tr><th scope="col">Rank</th><th scope="col">Member</th><th scope="col">Points</th><th scope="col">Wins</th><th scope="col">Ranked days</th></tr></thead>
            <tbody>
              {table.rows.map((row) => (
                <tr class={row.member === me ? "me" : undefined}>
                  <td>{row.rank}</td><td>{row.name}</td><td>{row.points}</td><td>{row.wins}</td><td>{row.ranked_days}</td>
                </tr>
              ))}
            </tbody>
          </Table>
        )}
      </Loaded>
    </section>
  );
}

export function Daily() {
  const view = useLoad("daily", () => api.GET("/v1/feinthold/daily"), 10_000);
  return (
    <Screen title="The Daily Front" intro="One blitz game a day, the same for everyone: the same layout, the same side, the same house AI.">
      <Loaded view={view} what="today's Front">
        {(day) => (
          <div class="grid">
            <Today day={day} refresh={view.refresh} />
            <MyRank day={day.front.day} />
            <Board day={day.front.day} />
            <MonthTable month={monthOf(day.front.day)} />
          </div>
        )}
      </Loaded>
    </Screen>
  );
}
