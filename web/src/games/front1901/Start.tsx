/** Front 1901's first screen: my games, a new solo game, the daily challenge. */
import { useState } from "preact/hooks";
import { api, answer, type Schemas } from "../../app/api";
import { change } from "../../app/change";
import { useAction } from "../../app/action";
import { ErrorNote, Loading } from "../../app/errors";
import { useView } from "../../app/poll";
import { Link, navigate } from "../../app/router";
import { POWERS, powerName } from "./powers";

export function Start() {
  const games = useView("/v1/front1901/games", () => api.GET("/v1/front1901/games", {}), 60_000);
  const [power, setPower] = useState<string>("");
  const [level, setLevel] = useState<Schemas["Front1901Level"]>("normal");
  const [length, setLength] = useState<Schemas["Front1901Length"]>("short");
  const { busy, error, run } = useAction();
  const start = async (event: Event) => {
    event.preventDefault();
    await run(async () => {
      const body: Schemas["NewFront1901Game"] = { level, length, power: power ? (power as Schemas["Front1901Power"]) : null };
      const game = await change((k) => api.POST("/v1/front1901/games", { params: { header: { "Idempotency-Key": k } }, body }));
      navigate(`/front1901/games/${game.game_id}`);
    });
  };
  return (
    <section class="f19">
      <h1>Front 1901</h1>
      <p>Europe, 1901: you play one power against six AI powers who negotiate, keep or break their word, and trust you less when you break yours.</p>
      <p><Link href="/front1901/daily">Today's challenge</Link> · <Link href="/front1901/tables">Online tables</Link></p>
      <form class="f19-new" onSubmit={start}>
        <h2>A new game</h2>
        <label for="f19-power">Power</label>
        <select id="f19-power" value={power} onChange={(e) => setPower((e.target as HTMLSelectElement).value)}>
          <option value="">drawn for me</option>
          {POWERS.map((p) => <option key={p} value={p}>{powerName(p)}</option>)}
        </select>
        <label for="f19-level">Level</label>
        <select id="f19-level" value={level} onChange={(e) => setLevel((e.target as HTMLSelectElement).value as typeof level)}>
          <option value="easy">easy</option>
          <option value="normal">normal</option>
          <option value="hard">hard</option>
        </select>
        <label for="f19-length">Length</label>
        <select id="f19-length" value={length} onChange={(e) => setLength((e.target as HTMLSelectElement).value as typeof length)}>
          <option value="short">short (18 centres or the end of 1910)</option>
          <option value="full">full</option>
        </select>
        <button type="submit" class="primary" disabled={busy}>Start</button>
        <ErrorNote error={error} />
      </form>
      <h2>My games</h2>
      {!games.data ? <Loading what="your games" /> : games.data.games.length === 0 ? <p>None yet.</p> : (
        <table>
          <thead><tr><th>Game</th><th>Power</th><th>Phase</th><th>Status</th></tr></thead>
          <tbody>
            {games.data.games.map((g) => (
              <tr key={g.game_id}>
                <td><Link href={`/front1901/games/${g.game_id}`}>{g.game_id}</Link></td>
                <td>{powerName(g.power)}</td><td>{g.phase}</td><td>{g.result ?? g.status}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}

/** The day's challenge: its power and level, my entry, the start (once a day), the board and my rank. */
export function Daily() {
  const day = useView("/v1/front1901/daily", () => api.GET("/v1/front1901/daily", {}), 60_000);
  const board = useView("/v1/front1901/daily/board", () => api.GET("/v1/front1901/daily/board", {}), 60_000);
  const [error, setError] = useState<unknown>(undefined);
  const start = async () => {
    setError(undefined);
    try {
      const got = await change((k) => api.POST("/v1/front1901/daily", { params: { header: { "Idempotency-Key": k } } }));
      navigate(`/front1901/games/${got.game.game_id}`);
    } catch (failure) {
      setError(failure);
    }
  };
  const challenge = day.data?.challenge;
  const mine = day.data?.mine;
  return (
    <section class="f19">
      <h1>Front 1901: today's challenge</h1>
      {!challenge ? <Loading what="the challenge" /> : (
        <>
          <p data-testid="challenge">{challenge.day}: {powerName(challenge.power)} at {challenge.level}, a {challenge.length} game; ranked until {challenge.window_closes_at}.</p>
          {mine && (
            <p data-testid="my-entry">
              My game: <Link href={`/front1901/games/${mine.game_id}`}>{mine.game_id}</Link>, {mine.status}
              {mine.result ? `: ${mine.result.kind}, ${mine.result.centres} centres in ${mine.result.year}` : ""}
              {mine.not_ranked ? ` (not ranked: ${mine.not_ranked})` : ""}
            </p>
          )}
          <button type="button" class="primary" onClick={start}>Start today's game</button>
          <ErrorNote error={error} />
        </>
      )}
      <h2>Today's board</h2>
      {!board.data ? <Loading what="the board" /> : (
        <>
          <p data-testid="my-rank">{board.data.mine ? `My rank: ${board.data.mine.rank} of ${board.data.mine.entries}` : "No ranked result of mine today."}</p>
          <table>
            <thead><tr><th>Rank</th><th>Member</th><th>Result</th><th>Centres</th><th>Year</th></tr></thead>
            <tbody>
              {board.data.entries.map((e) => (
                <tr key={e.member}><td class="number">{e.rank}</td><td>{e.name}</td><td>{e.result}</td><td class="number">{e.centres}</td><td>{e.year}</td></tr>
              ))}
            </tbody>
          </table>
        </>
      )}
    </section>
  );
}
