// Ratings and the month's boards: the duel leaderboard (game rating, 8 rated duels), the challengers' board
// (8 rated challenges), the public doctrines' board (10 rated challenges faced), and the Daily Front's table.
import { api, type Schemas } from "../../app/api";
import type { View } from "../../app/poll";
import { member } from "../../app/auth";
import { MonthTable } from "../daily/Daily";
import { Link } from "../../app/router";
import { monthBefore } from "../kit/format";
import { to } from "../kit/links";
import { Loaded, Screen, Table, useLoad } from "../kit/Page";

function Duels({ view }: { view: View<Schemas["LeaderboardOut"]> }) {
  const me = member.value?.sub;
  return (
    <section class="card" aria-labelledby="duel-board">
      <h2 id="duel-board">Duels{view.data ? `, ${view.data.month}` : ""}</h2>
      <Loaded view={view} what="the duel board">
        {(board) => board.standings.length === 0 ? <p>Nobody has 8 rated duels this month yet.</p> : (
          <Table caption="The month's duel board">
            <thead><tr><th scope="col">Place</th><th scope="col">Member</th><th scope="col">Rating</th><th scope="col">Rated duels</th></tr></thead>
            <tbody>{board.standings.map((s) => <tr class={s.member === me ? "me" : undefined}><td>{s.place}</td><td>{s.member}</td><td>{s.rating}</td><td>{s.rated_duels}</td></tr>)}</tbody>
          </Table>
        )}
      </Loaded>
    </section>
  );
}

function Challengers() {
  const me = member.value?.sub;
  const view = useLoad("board:challengers", () => api.GET("/v1/feinthold/leaderboards/challengers"));
  return (
    <section class="card" aria-labelledby="challenger-board">
      <h2 id="challenger-board">Challengers</h2>
      <Loaded view={view} what="the challengers' board">
        {(board) => board.challengers.length === 0 ? <p>Nobody has 8 rated challenges this month yet.</p> : (
          <Table caption="The month's challengers">
            <thead><tr><th scope="col">Place</th><th scope="col">Member</th><th scope="col">Challenge rating</th><th scope="col">Rated challenges</th></tr></thead>
            <tbody>{board.challengers.map((s) => <tr class={s.member === me ? "me" : undefined}><td>{s.place}</td><td>{s.member}</td><td>{s.rating}</td><td>{s.rated_challenges}</td></tr>)}</tbody>
          </Table>
        )}
      </Loaded>
    </section>
  );
}

function Doctrines() {
  const view = useLoad("board:doctrines", () => api.GET("/v1/feinthold/leaderboards/doctrines"));
  return (
    <section class="card" aria-labelledby="doctrine-board">
      <h2 id="doctrine-board">Doctrines</h2>
      <Loaded view={view} what="the doctrines' board">
        {(board) => board.doctrines.length === 0 ? <p>No public doctrine has faced 10 rated challenges this month yet.</p> : (
          <Table caption="The month's doctrines">
            <thead><tr><th scope="col">Place</th><th scope="col">Doctrine</th><th scope="col">Author</th><th scope="col">Rating</th><th scope="col">Faced</th></tr></thead>
            <tbody>{board.doctrines.map((d) => <tr><td>{d.place}</td><td><Link href={to.publishedOne(d.doctrine_id)}>{d.name}</Link></td><td>{d.author ?? "house AI"}</td><td>{d.rating}</td><td>{d.faced}</td></tr>)}</tbody>
          </Table>
        )}
      </Loaded>
    </section>
  );
}

export function Boards() {
  const duels = useLoad("board:duels", () => api.GET("/v1/feinthold/leaderboards/duels"));
  return (
    <Screen title="Ratings and the month's boards" intro="Each board is this month's (UTC); the season's close awards its prizes and titles.">
      <div class="grid">
        <Duels view={duels} />
        <Challengers />
        <Doctrines />
        {duels.data ? <MonthTable month={duels.data.month} /> : null}
      </div>
      {duels.data ? <p><Link href={to.season(monthBefore(duels.data.month))}>The last season: its prizes, titles and final boards</Link></p> : null}
    </Screen>
  );
}
