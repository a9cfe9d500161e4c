// Published doctrines: the list by rating (the house AIs among them), a doctrine's page (its rules for its
// author alone, a house AI's for everyone), challenge it (rated or not, and why, said before), withdraw mine.
import { useState } from "preact/hooks";
import { api, type Schemas } from "../../app/api";
import { challengePaceValues } from "../../api/generated/schema";
import { member } from "../../app/auth";
import { Link, navigate, type Params } from "../../app/router";
import { Act } from "../kit/Act";
import { paceName, when, words } from "../kit/format";
import { to } from "../kit/links";
import { Loaded, Screen, Table, useLoad } from "../kit/Page";
import { BenchResults } from "./Bench";
import { fromDoctrine, startFrom } from "./draft";
import { ACTIONS, CONDITIONS, type ActionKind, type ConditionKind } from "./lists";

type Page = Schemas["PublishedPage"];

export function PublishedList() {
  const [cursor, setCursor] = useState<string | undefined>(undefined);
  const view = useLoad(`published:${cursor ?? ""}`, () => api.GET("/v1/feinthold/published", {
    params: { query: { limit: 20, ...(cursor ? { cursor } : {}) } },
  }));
  return (
    <Screen title="Published doctrines" intro="Challenge a member's doctrine or a house AI in a rated game at blitz or rapid pace.">
      <Loaded view={view} what="the published doctrines">
        {(page) => (
          <>
            <Table caption="Published doctrines, by rating">
              <thead><tr><th scope="col">Name</th><th scope="col">Author</th><th scope="col">Rating</th><th scope="col">Rated challenges</th><th scope="col">Won / drawn / lost</th></tr></thead>
              <tbody>{page.doctrines.map((d) => (
                <tr><td><Link href={to.publishedOne(d.doctrine_id)}>{d.name}</Link></td><td>{d.author ?? "house AI"}</td>
                  <td>{d.rating.rating}</td><td>{d.rated_games}</td><td>{d.record.won} / {d.record.drawn} / {d.record.lost}</td></tr>
              ))}</tbody>
            </Table>
            {page.cursor ? <button type="button" class="button" onClick={() => setCursor(page.cursor ?? undefined)}>Next page</button> : null}
          </>
        )}
      </Loaded>
    </Screen>
  );
}

function Rules({ rules }: { rules: Schemas["Doctrine"] }) {
  // One condition or action in words: its label from the lists, then each parameter given.
  const said = (one: object, labels: Record<string, { label: string }>) => Object.entries(one).map(([kind, params]) => {
    const given = Object.entries((params ?? {}) as Record<string, unknown>).map(([name, value]) => `${name.replace(/_/g, " ")} ${String(value)}`);
    return `${labels[kind]?.label ?? kind}${given.length ? ` (${given.join(", ")})` : ""}`;
  }).join("");
  return (
    <ol class="rules-read">
      {rules.rules.map((rule) => (
        <li>if {(rule.if ?? []).length === 0 ? "always" : (rule.if ?? []).map((c) => said(c, CONDITIONS as Record<ConditionKind, { label: string }>)).join(" and ")}, then {said(rule.then, ACTIONS as Record<ActionKind, { label: string }>)}</li>
      ))}
    </ol>
  );
}

/** A house AI's public rules: put on the test bench, or taken as the start of a doctrine of my own. */
function HouseTools({ houseAi, rules }: { houseAi: Schemas["HouseAi"]; rules: Schemas["Doctrine"] }) {
  const [bench, setBench] = useState<Schemas["BenchOut"] | undefined>(undefined);
  return (
    <>
      <div class="actions">
        <Act label="Run the test bench of it" onDone={setBench}
          call={() => api.POST("/v1/feinthold/bench", { body: { of: "house", house_ai: houseAi, seed: 1 } })} />
        <button type="button" class="button" onClick={() => { startFrom(fromDoctrine(rules)); navigate(to.newDoctrine); }}>
          Write a doctrine from these rules
        </button>
      </div>
      {bench ? <BenchResults bench={bench} /> : null}
    </>
  );
}

function ChallengeIt({ page }: { page: Page }) {
  const [pace, setPace] = useState<Schemas["ChallengePace"]>("blitz");
  const forMe = page.for_me;
  if (forMe === null) return null;
  if (forMe.in_progress) return <p>My challenge of it is in progress: <Link href={to.challenge(forMe.in_progress)}>go on with it</Link>.</p>;
  return (
    <section class="card" aria-labelledby="challenge-title">
      <h2 id="challenge-title">Challenge it</h2>
      <p>{forMe.rated ? "Rated: it would move my challenge rating and the doctrine's." : `Not rated: ${words(forMe.why ?? "")}.`}</p>
      <fieldset>
        <legend>Pace</legend>
        {challengePaceValues.map((p) => (
          <label class="inline"><input type="radio" name="challenge-pace" checked={pace === p} onChange={() => setPace(p)} /> {paceName(p)}</label>
        ))}
      </fieldset>
      <Act label={`Challenge ${page.name}`} onDone={(started: Schemas["ChallengeStarted"]) => navigate(to.board(started.game_id))}
        call={(key) => api.POST("/v1/feinthold/challenges", {
          body: { doctrine_id: page.doctrine_id, pace }, params: { header: { "Idempotency-Key": key } },
        })} />
    </section>
  );
}

export function PublishedScreen({ params }: { params: Params }) {
  const id = params["doctrineId"] ?? "";
  const me = member.value?.sub;
  const view = useLoad(`published-one:${id}`, () => api.GET("/v1/feinthold/published/{doctrine_id}", {
    params: { path: { doctrine_id: id } },
  }));
  return (
    <Screen title={view.data?.name ?? "Published doctrine"}>
      <Loaded view={view} what="the doctrine">
        {(page) => (
          <>
            <section class="card" aria-label="The doctrine">
              <dl class="facts">
                <dt>Author</dt><dd>{page.author ?? `house AI (${page.house_ai})`}</dd>
                <dt>Status</dt><dd class="status">{words(page.status)}</dd>
                <dt>Rating</dt><dd>{page.rating.rating} (deviation {page.rating.deviation})</dd>
                <dt>Rated challenges</dt><dd>{page.rated_games}: won {page.record.won}, drawn {page.record.drawn}, lost {page.record.lost}</dd>
                <dt>Published</dt><dd>{when(page.published_at)}, version {page.version} since {when(page.version_at)}</dd>
              </dl>
              {page.rules ? <><h2>Its rules</h2><Rules rules={page.rules} /></> : <p>Its rules are its author's.</p>}
              {page.rules && page.house_ai ? <HouseTools houseAi={page.house_ai} rules={page.rules} /> : null}
              {page.author === me && page.status === "published" ? (
                <Act label="Withdraw" kind="danger" confirm="Nobody can challenge it after this; games in progress finish." onDone={view.refresh}
                  call={(key) => api.POST("/v1/feinthold/published/{doctrine_id}/withdraw", {
                    params: { path: { doctrine_id: id }, header: { "Idempotency-Key": key } },
                  })} />
              ) : null}
            </section>
            <ChallengeIt page={page} />
            <p><Link href={to.published}>Every published doctrine</Link></p>
          </>
        )}
      </Loaded>
    </Screen>
  );
}

/** What each rule of my challenged doctrine did, turn by turn: for its author, once the challenge is over. */
function Trace({ challengeId }: { challengeId: string }) {
  const view = useLoad(`trace:${challengeId}`, () => api.GET("/v1/feinthold/challenges/{challenge_id}/trace", {
    params: { path: { challenge_id: challengeId } },
  }), 600_000);
  return (
    <Loaded view={view} what="what my doctrine did">
      {(trace) => (
        <Table caption={`What my doctrine did, as ${trace.side}`}>
          <thead><tr><th scope="col">Turn</th><th scope="col">Rule</th><th scope="col">Outcome</th><th scope="col">Why</th></tr></thead>
          <tbody>{trace.turns.flatMap((turn) => turn.rules.map((rule) => (
            <tr><td>{turn.turn}</td><td>{rule.rule}</td><td>{rule.outcome}</td>
              <td>{rule.reason ?? (rule.broken ? `broke ${rule.broken}` : rule.conditions.filter((c) => !c.holds).map((c) => `${words(c.condition)} did not hold`).join("; "))}</td></tr>
          )))}</tbody>
        </Table>
      )}
    </Loaded>
  );
}

export function ChallengeScreen({ params }: { params: Params }) {
  const id = params["challengeId"] ?? "";
  const me = member.value?.sub;
  const view = useLoad(`challenge:${id}`, () => api.GET("/v1/feinthold/challenges/{challenge_id}", {
    params: { path: { challenge_id: id } },
  }), 10_000);
  return (
    <Screen title="Challenge">
      <Loaded view={view} what="the challenge">
        {(c) => (
          <section class="card" aria-label="The challenge">
            <dl class="facts">
              <dt>Challenger</dt><dd>{c.challenger}</dd>
              <dt>Against</dt><dd><Link href={to.publishedOne(c.doctrine_id)}>{c.house_ai ? `house AI ${c.house_ai}` : `${c.author}'s doctrine`}</Link>, version {c.doctrine_version}</dd>
              <dt>Pace</dt><dd>{paceName(c.pace)}</dd>
              <dt>Status</dt><dd class="status">{words(c.status)}{c.result ? `: the challenger ${c.result}` : ""}</dd>
              <dt>Rated</dt><dd>{c.rated ? (c.counted === false ? `rated at its start, not counted (${words(c.why ?? "")})` : "yes") : `no (${words(c.why ?? "")})`}</dd>
              {c.challenger_rating ? <><dt>Challenge rating</dt><dd>{c.challenger_rating.before.rating} → {c.challenger_rating.after.rating}</dd></> : null}
              {c.doctrine_rating ? <><dt>Doctrine rating</dt><dd>{c.doctrine_rating.before.rating} → {c.doctrine_rating.after.rating}</dd></> : null}
            </dl>
            <p><Link href={to.board(c.game_id)}>The game</Link></p>
            {c.status === "finished" && c.author !== null && c.author === me ? <Trace challengeId={id} /> : null}
          </section>
        )}
      </Loaded>
    </Screen>
  );
}
