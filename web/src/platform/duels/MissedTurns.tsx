// The turns of a finished game: when each opened and closed, and for each side whether its member sent
// orders or missed the turn (the record opens to both players once the game is over).
import { api } from "../../app/api";
import { when } from "../kit/format";
import { Loaded, Table, useLoad } from "../kit/Page";

export function MissedTurns({ gameId }: { gameId: string }) {
  const view = useLoad(`record:${gameId}`, () => api.GET("/v1/feinthold/games/{game_id}/record", {
    params: { path: { game_id: gameId } },
  }), 600_000);
  return (
    <section class="card" aria-label="Turns and missed turns">
      <h2>Turns</h2>
      <Loaded view={view} what="the record">
        {(record) => {
          const sides = Object.keys(record.players);
          const name = (side: string) => {
            const player = record.players[side];
            return player?.kind === "member" ? player.sub : player?.kind === "house" ? player.name : side;
          };
          const missed = record.turns.flatMap((turn) => sides.filter((side) => turn.sent[side]?.missed).map((side) => `${name(side)} missed turn ${turn.turn}`));
          return (
            <>
              <p>{missed.length === 0 ? "No turn missed." : `${missed.join("; ")}.`}</p>
              <Table caption="Each turn">
                <thead><tr><th scope="col">Turn</th><th scope="col">Opened</th><th scope="col">Closed by</th>
                  {sides.map((side) => <th scope="col">{name(side)} ({side})</th>)}</tr></thead>
                <tbody>
                  {record.turns.map((turn) => (
                    <tr>
                      <td>{turn.turn}</td><td>{when(turn.opened_at)}</td><td>{turn.closed_by}</td>
                      {sides.map((side) => {
                        const sent = turn.sent[side];
                        return <td>{sent === undefined ? "–" : sent.missed ? "missed" : `sent ${when(sent.sent_at)}`}</td>;
                      })}
                    </tr>
                  ))}
                </tbody>
              </Table>
            </>
          );
        }}
      </Loaded>
    </section>
  );
}
