// Start a house game (the AI, the layout, the pace, my side), and my Feinthold games.
import { useState } from "preact/hooks";
import { api, gamePaceValues, houseAiValues, layoutValues, sideValues, type Schemas } from "../../app/api";
import { change } from "../../app/change";
import { ErrorNote, errorFor, Loading } from "../../app/errors";
import { useView } from "../../app/poll";
import { Link, navigate } from "../../app/router";

/** Each house AI in words: keyed by the API's own list, so an AI added or renamed there does not compile here. */
const AI_SAYS: Record<Schemas["HouseAi"], string> = {
  sentinel: "careful",
  pivot: "balanced: it scouts and bluffs with decoys",
  ram: "aggressive",
};
/** Each pace a house game offers, in words: keyed by the API's GamePace, as the AIs are. */
const PACE_SAYS: Record<Schemas["GamePace"], string> = {
  "5m": "5 minutes a turn",
  "1d": "a day a turn",
  "2d": "two days a turn",
  "3d": "three days a turn",
};

function MyGames() {
  const list = useView("/v1/feinthold/games", () => api.GET("/v1/feinthold/games", {}), 30_000);
  if (list.error) return <ErrorNote error={list.error} />;
  if (!list.data) return <Loading what="your games" />;
  if (list.data.games.length === 0) return <p>No Feinthold games yet.</p>;
  return (
    <ul>
      {list.data.games.map((g) => (
        <li key={g.game_id}>
          <Link href={`/feinthold/games/${encodeURIComponent(g.game_id)}`}>
            {g.mode} as {g.side}, turn {g.turn}
          </Link>{" "}
          {g.status === "over" ? `· over (${g.winner ?? "no result"})` : "· in play"}
        </li>
      ))}
    </ul>
  );
}

export function Start() {
  const [ai, setAi] = useState<Schemas["HouseAi"]>("pivot");
  const [pace, setPace] = useState<Schemas["GamePace"]>("1d");
  const [layout, setLayout] = useState<"" | Schemas["Layout"]>("");
  const [side, setSide] = useState<"" | Schemas["Side"]>("");
  const [busy, setBusy] = useState<string | undefined>(undefined);
  const [failure, setFailure] = useState<unknown>(undefined);

  const start = async (event: Event) => {
    event.preventDefault();
    setBusy("Starting…");
    setFailure(undefined);
    try {
      const game = await change(
        (key) =>
          api.POST("/v1/feinthold/games", {
            params: { header: { "Idempotency-Key": key } },
            body: { house_ai: ai, pace, layout: layout || null, side: side || null },
          }),
        ({ retry }) => setBusy(`No answer yet: trying again (${retry})…`),
      );
      navigate(`/feinthold/games/${encodeURIComponent(game.game_id)}`);
    } catch (error) {
      setFailure(error);
      setBusy(undefined);
    }
  };
  const fieldError = (name: string) => errorFor(failure, name);
  return (
    <div class="feinthold-start">
      <h1>Feinthold</h1>
      <p>Seven positions, eight turns, two sides that see only part of the board. Take the enemy HQ, or hold more at the end.</p>
      <form onSubmit={(e) => void start(e)} class="start-form">
        <h2>A game against the house</h2>
        <label>
          House AI{" "}
          <select value={ai} onChange={(e) => setAi(e.currentTarget.value as Schemas["HouseAi"])}>
            {houseAiValues.map((id) => (
              <option key={id} value={id}>
                {id} ({AI_SAYS[id]})
              </option>
            ))}
          </select>
        </label>
        <label>
          Layout{" "}
          <select value={layout} onChange={(e) => setLayout(e.currentTarget.value as "" | Schemas["Layout"])} aria-describedby={fieldError("layout") ? "layout-error" : undefined}>
            <option value="">random</option>
            {layoutValues.map((id) => (
              <option key={id} value={id}>
                {id}
              </option>
            ))}
          </select>
        </label>
        {fieldError("layout") ? <ErrorNote error={fieldError("layout")} id="layout-error" /> : null}
        <label>
          Pace{" "}
          <select value={pace} onChange={(e) => setPace(e.currentTarget.value as Schemas["GamePace"])}>
            {gamePaceValues.map((id) => (
              <option key={id} value={id}>
                {id} ({PACE_SAYS[id]})
              </option>
            ))}
          </select>
        </label>
        <label>
          Side{" "}
          <select value={side} onChange={(e) => setSide(e.currentTarget.value as "" | Schemas["Side"])}>
            <option value="">random</option>
            {sideValues.map((id) => (
              <option key={id} value={id}>
                {id}
              </option>
            ))}
          </select>
        </label>
        <button type="submit" class="primary" disabled={busy !== undefined}>
          Start the game
        </button>
        {busy ? (
          <p role="status" class="loading">
            {busy}
          </p>
        ) : null}
        {failure && !fieldError("layout") ? <ErrorNote error={failure} /> : null}
      </form>
      <h2>My Feinthold games</h2>
      <MyGames />
    </div>
  );
}
