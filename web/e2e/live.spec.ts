// The live channel in the browser: a member's board listens to its game over the WebSocket, and the opponent's
// orders (sent by another client) make it fetch the view at once, long before its next poll (a day's pace
// polls every 30 s; while the channel is live, once a minute).
import type { WebSocket as PageSocket } from "@playwright/test";
import { expect, signIn, test } from "./fixtures";

test("an event of the channel makes the board fetch its view at once", async ({ page, runner }) => {
  const seeded = await runner.adminPost("/games", { seed: 7, pace: "1d", players: { south: "lena", north: "omar" } });
  const gameId = String(seeded["game_id"]);
  const sockets: PageSocket[] = [];
  const heard: string[] = [];
  page.on("websocket", (socket) => {
    sockets.push(socket);
    socket.on("framereceived", (frame) => heard.push(String(frame.payload)));
  });
  const fetched: number[] = [];
  page.on("response", (response) => {
    if (new URL(response.url()).pathname === `/v1/feinthold/games/${gameId}` && response.request().method() === "GET") {
      fetched.push(response.status());
    }
  });
  await signIn(page, runner, "lena", { path: `/feinthold/games/${gameId}` });
  await expect(page.getByRole("heading", { name: "Feinthold · turn 1 of 8" })).toBeVisible();
  await expect.poll(() => heard.some((text) => text.includes('"type":"subscribed"'))).toBe(true);
  expect(new URL(sockets[0]!.url()).pathname).toBe("/ws");
  const before = fetched.length;

  const sent = await runner.call("omar", "PUT", `/v1/feinthold/games/${gameId}/turns/1/orders`, { orders: [] });
  expect(sent.status).toBe(200);
  // Well within the poll's 30 s: the event, then the GET it caused, then the board says so.
  await expect(page.getByTestId("status")).toContainText("the opponent has sent", { timeout: 8_000 });
  expect(heard.some((text) => text.includes('"opponent_sent":true'))).toBe(true);
  expect(fetched.slice(before)).toContain(200);
});
