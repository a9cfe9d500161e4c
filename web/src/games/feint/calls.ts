// Feint's calls: the generated client's paths; a command carries the command number it follows.
import { api, type Schemas } from "../../app/api";
import { change } from "../../app/change";

export type Game = Schemas["FeintGameOut"];
export type Legal = Schemas["FeintLegalCommand"];
export type Step = Schemas["FeintHistoryStep"];
export type Command = Legal["command"];

export const loadGame = (gameId: string, seat: number | null) => (etag: string | undefined) =>
  api.GET("/v1/feint/games/{game_id}", {
    params: { path: { game_id: gameId }, query: seat ? { seat } : {}, header: etag ? { "If-None-Match": etag } : {} },
  });

export const sendCommand = (gameId: string, number: number, command: Command, seat: number | null) =>
  change((k) =>
    api.POST("/v1/feint/games/{game_id}/commands", {
      params: { path: { game_id: gameId }, header: { "Idempotency-Key": k } },
      body: { number, command, seat },
    }),
  );

export async function historyAfter(gameId: string, number: number): Promise<Step[]> {
  const steps: Step[] = [];
  let cursor: string | undefined;
  do {
    const { data } = await api.GET("/v1/feint/games/{game_id}/history", {
      params: { path: { game_id: gameId }, query: { limit: 50, ...(cursor ? { cursor } : {}) } },
    });
    if (!data) break;
    steps.push(...data.steps);
    cursor = data.cursor ?? undefined;
  } while (cursor);
  return steps.filter((s) => s.number > number);
}
