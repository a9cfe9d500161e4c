// A duel's board adds the duel: its stake, the link to its page (the ready room, the result, the ratings),
// and abandon from the board (the duel is lost by forfeit), asked twice. A duel's game id is its duel's id.
import { useEffect, useRef, useState } from "preact/hooks";
import { api, type Schemas } from "../../app/api";
import { change } from "../../app/change";
import { ErrorNote } from "../../app/errors";
import { useView } from "../../app/poll";
import { Link } from "../../app/router";

type Duel = Schemas["DuelOut"];

/** How the duel ended, in words: "south won (forfeit)". */
export function duelResult(duel: Duel): string {
  const who = duel.winner ?? (duel.status === "drawn" ? "a draw" : "no winner");
  return duel.winner ? `${who} won${duel.ending ? ` (${duel.ending})` : ""}` : who;
}

export function DuelPanel({ gameId, open, onAbandoned }: { gameId: string; open: boolean; onAbandoned: () => void }) {
  // The duel changes when the game does (its turn, its end): it is asked for again then, not polled on its own.
  const duel = useView(
    `/v1/feinthold/duels/${gameId}`,
    (etag) => api.GET("/v1/feinthold/duels/{duel_id}", { params: { path: { duel_id: gameId }, header: etag ? { "If-None-Match": etag } : {} } }),
    600_000,
  );
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState<string | undefined>(undefined);
  const [failure, setFailure] = useState<unknown>(undefined);
  const { refresh } = duel;
  const wasOpen = useRef(open);
  useEffect(() => {
    if (wasOpen.current !== open) refresh();
    wasOpen.current = open;
  }, [open, refresh]);

  const data = duel.data;
  if (!data || data.game_id !== gameId) return duel.error ? <ErrorNote error={duel.error} /> : null;

  const abandon = async () => {
    setBusy("Abandoning…");
    setFailure(undefined);
    try {
      await change(
        (key) => api.POST("/v1/feinthold/duels/{duel_id}/abandon", { params: { path: { duel_id: gameId }, header: { "Idempotency-Key": key } } }),
        ({ retry }) => setBusy(`No answer yet: trying again (${retry})…`),
      );
      setAsking(false);
      refresh();
      onAbandoned();
    } catch (error) {
      setFailure(error);
    } finally {
      setBusy(undefined);
    }
  };

  return (
    <section class="duel-panel" aria-labelledby="duel-title">
      <h3 id="duel-title">Duel</h3>
      <p>
        {data.proposer} vs {data.opponent}, {data.stake} credits each (the winner takes both) ·{" "}
        <Link href={`/platform/duels/${encodeURIComponent(data.duel_id)}`}>the duel's page</Link>
      </p>
      {data.status === "playing" ? (
        asking ? (
          <div role="group" aria-label="Abandon the duel?">
            <p>Abandoning loses the duel by forfeit: your opponent takes the stakes.</p>
            <button type="button" class="danger" disabled={busy !== undefined} onClick={() => void abandon()}>
              Yes, abandon the duel
            </button>{" "}
            <button type="button" onClick={() => setAsking(false)}>
              No, play on
            </button>
          </div>
        ) : (
          <button type="button" class="danger" onClick={() => setAsking(true)}>
            Abandon the duel
          </button>
        )
      ) : (
        <p data-testid="duel-result">The duel is over: {duelResult(data)}.</p>
      )}
      {busy ? (
        <p role="status" class="loading">
          {busy}
        </p>
      ) : null}
      <ErrorNote error={failure} />
    </section>
  );
}
