// The record of a finished game: both sides' orders and reports, turn by turn (open to both players at the end).
import { api } from "../../app/api";
import { ErrorNote, Loading } from "../../app/errors";
import { useView } from "../../app/poll";
import { Link, type Params } from "../../app/router";
import { describeOrder } from "./orders";
import type { Order } from "./model";

export function Record({ params }: { params: Params }) {
  const gameId = params["gameId"]!;
  const record = useView(`/v1/feinthold/games/${gameId}/record`, () => api.GET("/v1/feinthold/games/{game_id}/record", { params: { path: { game_id: gameId } } }), 600_000);
  if (record.error) return <ErrorNote error={record.error} />;
  if (!record.data) return <Loading what="the record" />;
  const full = record.data.record as unknown as { winner: string | null; turns: { turn: number; orders: Record<string, Order[]> }[] };
  return (
    <section>
      <h1>Record of the game</h1>
      <p>
        Winner: <strong>{full.winner ?? "none"}</strong> · <Link href={`/feinthold/games/${encodeURIComponent(gameId)}`}>back to the board</Link>
      </p>
      <table>
        <caption class="sr-only">Both sides' orders, turn by turn</caption>
        <thead>
          <tr>
            <th scope="col">Turn</th>
            <th scope="col">South</th>
            <th scope="col">North</th>
          </tr>
        </thead>
        <tbody>
          {full.turns.map((t) => (
            <tr key={t.turn}>
              <td>{t.turn}</td>
              <td>{(t.orders["south"] ?? []).map(describeOrder).join("; ") || "held"}</td>
              <td>{(t.orders["north"] ?? []).map(describeOrder).join("; ") || "held"}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
