// Home: my games of every kind (and whose move it is), my feed, my credits and ledger.
import { api, type Schemas } from "./api";
import { Countdown } from "./Countdown";
import { ErrorNote, Loading } from "./errors";
import { GAME_NAMES, gameHref } from "./games";
import { useView } from "./poll";
import { Link } from "./router";

const HOME_POLL_MS = 30_000;

function whoseMove(game: Schemas["MyGame"]): string {
  if (game.status === "over") return game.winner ? `over: ${game.winner === "draw" ? "a draw" : `${game.winner} won`}` : "over";
  if (game.status === "left") return "you left it";
  return game.deadline ? "your move" : "open";
}

function Games() {
  const view = useView("/v1/games", () => api.GET("/v1/games", {}), HOME_POLL_MS);
  if (view.error) return <ErrorNote error={view.error} />;
  if (!view.data || !view.time) return <Loading what="your games" />;
  const games = view.data.games;
  if (games.length === 0) return <p>No games yet. <Link href="/feinthold">Start a Feinthold game</Link>.</p>;
  return (
    <table class="games">
      <caption class="sr-only">My games</caption>
      <thead>
        <tr>
          <th scope="col">Game</th>
          <th scope="col">Mode</th>
          <th scope="col">Step</th>
          <th scope="col">Whose move</th>
          <th scope="col">Deadline</th>
        </tr>
      </thead>
      <tbody>
        {games.map((game) => (
          <tr key={game.game_id}>
            <td>
              <Link href={gameHref(game.game, game.game_id)}>
                {GAME_NAMES[game.game]} {game.seats.length ? `(${game.seats.join(", ")})` : ""}
              </Link>
            </td>
            <td>{game.mode}</td>
            <td>{game.label}</td>
            <td>{whoseMove(game)}</td>
            <td>{game.deadline && game.status === "open" ? <Countdown deadline={game.deadline} time={view.time!} label="left" /> : "—"}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function noticeText(notice: Schemas["FeedOut"]["notices"][number]): string {
  if ("kind" in notice) return `${notice.kind.replace(/-/g, " ")}${"game" in notice && notice.game ? ` · ${GAME_NAMES[notice.game as Schemas["GameKind"]] ?? notice.game}` : ""}`;
  return "notice";
}

function Feed() {
  const view = useView("/v1/feed", () => api.GET("/v1/feed", {}), HOME_POLL_MS);
  if (view.error) return <ErrorNote error={view.error} />;
  if (!view.data) return <Loading what="your feed" />;
  if (view.data.notices.length === 0) return <p>Nothing new.</p>;
  return (
    <ul class="feed">
      {view.data.notices.map((notice, i) => {
        const at = "opened_at" in notice ? notice.opened_at : "at" in notice ? String(notice.at) : "";
        const game = "game_id" in notice && notice.game_id && "game" in notice ? gameHref(notice.game as Schemas["GameKind"], notice.game_id) : undefined;
        return (
          <li key={i}>
            {game ? <Link href={game}>{noticeText(notice)}</Link> : noticeText(notice)} <time dateTime={at}>{at.replace("T", " ").replace("Z", "")}</time>
          </li>
        );
      })}
    </ul>
  );
}

function Credits() {
  const view = useView("/v1/credits", () => api.GET("/v1/credits", {}), HOME_POLL_MS);
  if (view.error) return <ErrorNote error={view.error} />;
  if (!view.data) return <Loading what="your credits" />;
  return (
    <>
      <p>
        Balance: <strong data-testid="balance">{view.data.balance}</strong> credits
      </p>
      <table class="ledger">
        <caption class="sr-only">Ledger</caption>
        <thead>
          <tr>
            <th scope="col">When</th>
            <th scope="col">Why</th>
            <th scope="col">Amount</th>
          </tr>
        </thead>
        <tbody>
          {view.data.lines.map((line, i) => (
            <tr key={i}>
              <td>{line.at.replace("T", " ").replace("Z", "")}</td>
              <td>
                {line.kind}
                {line.ref ? ` (${line.ref})` : ""}
              </td>
              <td class="number">{line.amount > 0 ? `+${line.amount}` : line.amount}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </>
  );
}

export function Home() {
  // The profile first: a new member's first call makes it (and grants the opening credits).
  const me = useView("/v1/me", () => api.GET("/v1/me", {}), 300_000);
  if (me.error) return <ErrorNote error={me.error} />;
  if (!me.data) return <Loading what="your profile" />;
  return (
    <div class="home">
      <section aria-labelledby="games-title">
        <h1 id="games-title">My games</h1>
        <Games />
      </section>
      <section aria-labelledby="feed-title">
        <h2 id="feed-title">Feed</h2>
        <Feed />
      </section>
      <section aria-labelledby="credits-title">
        <h2 id="credits-title">Credits</h2>
        <Credits />
      </section>
    </div>
  );
}
