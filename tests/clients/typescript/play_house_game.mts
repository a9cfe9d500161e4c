/**
 * A client developer's program: a house game of Feinthold, played end to end against the local runner through
 * the TypeScript types generated from docs/api/openapi.json (openapi-typescript) and openapi-fetch, nothing
 * else; tsc --strict compiles it. Run by infra/check-contract.sh:
 *
 *     node play_house_game.mjs API_URL ADMIN_URL
 *
 * The runner's admin port (no part of the API) mints the member's token. Every turn the member reinforces their
 * HQ with what their points buy and predicts the enemy at their own relay, both read from the typed view; the
 * house AI plays, and the game ends within its 8 turns; then the record is read.
 */
import createClient from "openapi-fetch";
import type { components, paths } from "feinthold-api";

type Game = components["schemas"]["GameOut"];
type View = components["schemas"]["FeintholdView"];
type OrderSet = components["schemas"]["OrderSet"];
type Position = components["schemas"]["Position"];

/** "Reinforce: a unit costs 2 points, a decoy 1". */
const UNIT_COST = 2;

/** A game of Feinthold "always ends in 8 turns at most". */
const MAX_TURNS = 8;

/** Reinforce my HQ with up to four units, and predict at my relay: legal whatever the layout. */
function ordersFor(view: View): OrderSet {
  const mine = (kind: components["schemas"]["PositionKind"]): Position | undefined =>
    view.layout.positions.find((place) => place.kind === kind && place.side === view.side)?.id;
  const hq = mine("hq");
  const relay = mine("relay");
  const units = Math.min(4, Math.floor(view.points / UNIT_COST));
  const orders: OrderSet["orders"] = [];
  if (hq !== undefined && units > 0) orders.push({ reinforce: { at: hq, units, decoys: 0 } });
  if (relay !== undefined) orders.push({ predict: { at: relay } });
  return { orders };
}

async function mint(admin: string, sub: string): Promise<string> {
  const answer = await fetch(`${admin}/tokens`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ sub }),
  });
  const { token } = (await answer.json()) as { token: string };
  return token;
}

function expect<T>(answer: { data?: T; error?: unknown; response: Response }, what: string): T {
  if (answer.data === undefined) {
    throw new Error(`${what}: ${answer.response.status} ${JSON.stringify(answer.error)}`);
  }
  return answer.data;
}

async function play(api: string, admin: string): Promise<void> {
  const token = await mint(admin, "client-typescript");
  const client = createClient<paths>({ baseUrl: api, headers: { Authorization: `Bearer ${token}` } });
  const me = expect(await client.GET("/v1/me"), "my profile");
  let game: Game = expect(
    await client.POST("/v1/feinthold/games", { body: { house_ai: "pivot", pace: "1d" } }),
    "a house game",
  );
  for (let n = 0; n < MAX_TURNS && game.status === "open"; n++) {
    const sent = expect(
      await client.PUT("/v1/feinthold/games/{game_id}/turns/{turn}/orders", {
        params: { path: { game_id: game.game_id, turn: game.turn } },
        body: ordersFor(game.view),
      }),
      `orders of turn ${game.turn}`,
    );
    if (!sent.resolved) throw new Error("against a house AI my orders resolve the turn");
    game = expect(
      await client.GET("/v1/feinthold/games/{game_id}", { params: { path: { game_id: game.game_id } } }),
      "my view",
    );
  }
  if (game.status !== "over") throw new Error(`the game did not end in ${MAX_TURNS} turns`);
  const record = expect(
    await client.GET("/v1/feinthold/games/{game_id}/record", { params: { path: { game_id: game.game_id } } }),
    "the record",
  );
  if (record.game_id !== game.game_id || record.turns.length !== game.turn) {
    throw new Error(`the record does not match the game: ${JSON.stringify(record.turns)}`);
  }
  console.log(`typescript client: ${me.sub} played game ${game.game_id} to its end in ${game.turn} turns`);
}

const [api, admin] = process.argv.slice(2);
if (api === undefined || admin === undefined) throw new Error("usage: node play_house_game.mjs API_URL ADMIN_URL");
await play(api, admin);
