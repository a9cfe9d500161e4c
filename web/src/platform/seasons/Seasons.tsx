// Seasons: a month's page (its close, prizes and titles, the first places of its final boards) and a
// member's history of prizes and titles.
import { api } from "../../app/api";
import { member } from "../../app/auth";
import { Link, type Params } from "../../app/router";
import { monthBefore, when, words } from "../kit/format";
import { to } from "../kit/links";
import { Loaded, Screen, Table, useLoad } from "../kit/Page";

export function SeasonScreen({ params }: { params: Params }) {
  const season = params["season"] ?? "";
  const view = useLoad(`season:${season}`, () => api.GET("/v1/seasons/{season}", { params: { path: { season } } }));
  return (
    <Screen title={`The season ${season}`}>
      <Loaded view={view} what="the season">
        {(s) => (
          <div class="grid">
            <section class="card" aria-labelledby="prizes-title">
              <h2 id="prizes-title">Prizes and titles</h2>
              <p>The close: {words(s.status)}.</p>
              {s.titles.length === 0 ? <p>No title awarded (yet: titles come at 00:30 UTC on the 1st).</p> : (
                <ul class="plain">{s.titles.map((t) => <li>{words(t.title)}: {t.member}</li>)}</ul>
              )}
              {s.prizes.length === 0 ? <p>No duel prize.</p> : (
                <Table caption="Duel prizes">
                  <thead><tr><th scope="col">Game</th><th scope="col">Place</th><th scope="col">Member</th><th scope="col">Credits</th><th scope="col">Paid</th></tr></thead>
                  <tbody>{s.prizes.map((p) => <tr><td>{p.game}</td><td>{p.place}</td><td>{p.member}</td><td>{p.credits}</td><td>{p.paid ? "yes" : "not yet"}</td></tr>)}</tbody>
                </Table>
              )}
            </section>
            <section class="card" aria-labelledby="final-title">
              <h2 id="final-title">Final boards</h2>
              <Table caption="Duels">
                <thead><tr><th scope="col">Member</th><th scope="col">Rating</th><th scope="col">Rated duels</th></tr></thead>
                <tbody>{s.duels.map((l) => <tr><td>{l.member}</td><td>{l.rating}</td><td>{l.rated_duels}</td></tr>)}</tbody>
              </Table>
              <Table caption="Daily Front">
                <thead><tr><th scope="col">Member</th><th scope="col">Points</th><th scope="col">Wins</th><th scope="col">Ranked days</th></tr></thead>
                <tbody>{s.fronts.map((l) => <tr><td>{l.member}</td><td>{l.points}</td><td>{l.wins}</td><td>{l.ranked_days}</td></tr>)}</tbody>
              </Table>
              <Table caption="Challengers">
                <thead><tr><th scope="col">Member</th><th scope="col">Rating</th><th scope="col">Rated challenges</th></tr></thead>
                <tbody>{s.challengers.map((l) => <tr><td>{l.member}</td><td>{l.rating}</td><td>{l.rated_challenges}</td></tr>)}</tbody>
              </Table>
            </section>
          </div>
        )}
      </Loaded>
      <p><Link href={to.season(monthBefore(season))}>The season before</Link></p>
    </Screen>
  );
}

export function HistoryScreen({ params }: { params: Params }) {
  const who = params["member"] ?? member.value?.sub ?? "";
  const view = useLoad(`season-history:${who}`, () => api.GET("/v1/seasons/members/{member}", { params: { path: { member: who } } }));
  return (
    <Screen title={`Season history of ${who}`}>
      <Loaded view={view} what="the history">
        {(history) => history.lines.length === 0 ? <p>No prize or title yet.</p> : (
          <Table caption="Prizes and titles, the latest season first">
            <thead><tr><th scope="col">Season</th><th scope="col">What</th><th scope="col">When</th></tr></thead>
            <tbody>{history.lines.map((line) => (
              <tr><td><Link href={to.season(line.season)}>{line.season}</Link></td>
                <td>{line.title ? words(line.title) : `${line.game ?? ""} place ${line.place ?? ""}: ${line.credits ?? 0} credits`}</td>
                <td>{when(line.at)}</td></tr>
            ))}</tbody>
          </Table>
        )}
      </Loaded>
    </Screen>
  );
}
