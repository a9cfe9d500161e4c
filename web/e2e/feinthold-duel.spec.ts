// Duels on Feinthold's board, in two browser contexts (two members, each with their own memory): each sees
// only its own side, a turn one of them misses passes when the runner's clock moves, and the other abandons
// from the board. Then one member's two tabs on one game: one poller between them (Web Lock + BroadcastChannel).
import type { BrowserContext, Page, Response } from "@playwright/test";
import { expect, expectAccessible, screenshot, signIn, type Runner, test } from "./fixtures";

type GameBody = {
  side: string;
  mode: string;
  my_orders: unknown[] | null;
  view: { side: string; units: Record<string, number>; decoys: Record<string, number> };
};

/** A duel between `proposer` and `opponent` at `pace`, proposed, accepted and both ready through the API: its game id. */
async function duelInPlay(runner: Runner, proposer: string, opponent: string, pace: "blitz" | "5m"): Promise<string> {
  const ok = async (sub: string, method: string, path: string, body?: unknown) => {
    const answer = await runner.call(sub, method, path, body);
    expect(answer.status, `${method} ${path} as ${sub}: ${JSON.stringify(answer.body)}`).toBeLessThan(300);
    return answer.body as { duel_id: string; status: string; game_id: string | null };
  };
  await ok(opponent, "GET", "/v1/me");
  const { duel_id } = await ok(proposer, "POST", "/v1/feinthold/duels", { opponent, pace, stake: 5 });
  await ok(opponent, "POST", `/v1/feinthold/duels/${duel_id}/accept`);
  await ok(proposer, "POST", `/v1/feinthold/duels/${duel_id}/ready`);
  const started = await ok(opponent, "POST", `/v1/feinthold/duels/${duel_id}/ready`);
  expect(started.status).toBe("playing");
  return started.game_id!;
}

interface Member {
  context: BrowserContext;
  page: Page;
}

/** Every answer of the game's view this page received, as the server sent it. */
function received(page: Page, gameId: string): string[] {
  const bodies: string[] = [];
  const game = new RegExp(`/v1/feinthold/games/${gameId}$`);
  page.on("response", (response: Response) => {
    if (response.request().method() === "GET" && game.test(new URL(response.url()).pathname) && response.status() === 200) {
      void response.text().then((text) => bodies.push(text));
    }
  });
  return bodies;
}

test("two members play a rapid duel: each sees only its side, a missed turn passes, abandon from the board", async ({ browser, runner }) => {
  const gameId = await duelInPlay(runner, "rosa", "ivo", "5m");
  const board = `/feinthold/games/${gameId}`;
  const [rosa, ivo] = await Promise.all(["rosa", "ivo"].map(async () => {
    const context = await browser.newContext();
    return { context, page: await context.newPage() };
  })) as [Member, Member];
  const rosaSaw = received(rosa.page, gameId);
  const ivoSaw = received(ivo.page, gameId);
  await signIn(rosa.page, runner, "rosa", { path: board });
  await signIn(ivo.page, runner, "ivo", { path: board });
  for (const { page } of [rosa, ivo]) {
    await expect(page.getByRole("heading", { name: "Feinthold · turn 1 of 8" })).toBeVisible();
    // The clock is the runner's: a rapid turn of 5 minutes counted from the view's now.
    await expect(page.getByText(/Turn ends in: (05:00|04:5\d)/)).toBeVisible();
    await expect(page.getByRole("region", { name: "Duel" })).toContainText("rosa vs ivo, 5 credits each");
  }
  // The bodies are read as they arrive: wait for them rather than for the page.
  await expect.poll(() => Math.min(rosaSaw.length, ivoSaw.length)).toBeGreaterThan(0);
  const rosaSide = (JSON.parse(rosaSaw[0]!) as GameBody).side;
  const ivoSide = (JSON.parse(ivoSaw[0]!) as GameBody).side;
  expect(new Set([rosaSide, ivoSide])).toEqual(new Set(["south", "north"]));
  const rosaHq = rosaSide === "south" ? "hq-s" : "hq-n";

  // Rosa reinforces her HQ and sends; Ivo's client learns she has sent, and nothing of what.
  await rosa.page.locator(`[data-position="${rosaHq}"]`).click();
  await rosa.page.getByRole("button", { name: "Add", exact: true }).first().click();
  const order = (await rosa.page.locator("ol.draft li span").first().textContent())!;
  await rosa.page.getByRole("button", { name: "Send the orders" }).click();
  await expect(rosa.page.getByText("Orders sent this turn")).toBeVisible();
  await expect(ivo.page.getByTestId("status")).toContainText("the opponent has sent");
  await expectAccessible(ivo.page, "a duel's board");
  await screenshot(ivo.page, "feinthold", "duel");
  const sentBy = (saw: string[]) => saw.map((text) => (JSON.parse(text) as GameBody).my_orders).find((orders) => orders !== null);
  await expect.poll(() => sentBy(rosaSaw)).toHaveLength(1);
  const rosaSent = sentBy(rosaSaw)!;
  // As the wire spells it (so that its absence from Ivo's answers below means something).
  expect(rosaSaw.some((text) => text.includes(JSON.stringify(rosaSent[0])))).toBe(true);
  await expect(ivo.page.locator("main")).not.toContainText(order);
  // On Ivo's board, Rosa's HQ is a name and nothing more: no count of hers, nothing she sent.
  await expect(ivo.page.locator(`[data-position="${rosaHq}"]`)).toHaveText(rosaHq);
  await expect(rosa.page.locator(`[data-position="${rosaHq}"]`)).not.toHaveText(rosaHq);
  for (const [saw, side, other] of [[ivoSaw, ivoSide, rosaSent], [rosaSaw, rosaSide, undefined]] as const) {
    for (const text of saw) {
      const body = JSON.parse(text) as GameBody;
      expect([body.side, body.view.side]).toEqual([side, side]);
      // Units and decoys are my own only: the opponent's HQ never holds any of mine at the start.
      expect(Object.keys(body.view.units)).not.toContain(side === "south" ? "hq-n" : "hq-s");
      if (other) expect(text).not.toContain(JSON.stringify(other[0]));
    }
  }
  expect(ivoSaw.map((text) => (JSON.parse(text) as GameBody).my_orders)).toEqual(ivoSaw.map(() => null));

  // Ivo sends nothing; the clock moves past the deadline: the turn passes, missed by Ivo only.
  await runner.advance(301);
  for (const { page } of [rosa, ivo]) await expect(page.getByRole("heading", { name: "Feinthold · turn 2 of 8" })).toBeVisible();
  await expect(ivo.page.getByTestId("missed")).toContainText("Turn 1 closed at its deadline without your orders");
  await expect(rosa.page.getByTestId("missed")).toHaveCount(0);
  await expect(rosa.page.getByTestId("report")).toBeVisible();
  await expectAccessible(ivo.page, "a duel's board after a missed turn");
  await screenshot(ivo.page, "feinthold", "duel-missed");

  // Ivo abandons from the board, asked twice: Rosa wins by forfeit, on both boards.
  await ivo.page.getByRole("button", { name: "Abandon the duel" }).click();
  await ivo.page.getByRole("button", { name: "Yes, abandon the duel" }).click();
  await expect(ivo.page.getByTestId("duel-result")).toHaveText("The duel is over: rosa won (forfeit).");
  await expect(ivo.page.getByTestId("winner")).toContainText(`${rosaSide} won`);
  await expect(rosa.page.getByTestId("winner")).toContainText("you won");
  await expectAccessible(ivo.page, "a duel abandoned on the board");
  await ivo.page.evaluate(() => window.scrollTo(0, 0));
  await screenshot(ivo.page, "feinthold", "duel-over");
  await rosa.context.close();
  await ivo.context.close();
});

test("one member's two tabs on one game share one poller", async ({ browser, runner }) => {
  const gameId = await duelInPlay(runner, "tess", "uma", "blitz");
  const context = await browser.newContext();
  // No live channel here (the server closes every socket at once): polling, the fallback, is what is shared.
  await context.routeWebSocket(/\/ws$/, (socket) => socket.close());
  const [first, second] = [await context.newPage(), await context.newPage()];
  const gets: number[] = [];
  const game = new RegExp(`/v1/feinthold/games/${gameId}$`);
  context.on("request", (request) => {
    if (request.method() === "GET" && game.test(new URL(request.url()).pathname)) gets.push(Date.now());
  });
  for (const page of [first, second]) {
    await signIn(page, runner, "tess", { path: `/feinthold/games/${gameId}` });
    await expect(page.getByRole("heading", { name: "Feinthold · turn 1 of 8" })).toBeVisible();
  }
  // A blitz game is watched every 2 s: over 8 s one poller asks at most 5 times, two would ask 8 times or more.
  const from = Date.now();
  await first.waitForTimeout(8_000);
  const inWindow = gets.filter((at) => at >= from).length;
  expect(inWindow).toBeGreaterThanOrEqual(2);
  expect(inWindow).toBeLessThanOrEqual(5);
  // The tab that does not poll still follows: the turn passes on the clock and both tabs show turn 2.
  await runner.advance(121);
  for (const page of [first, second]) await expect(page.getByRole("heading", { name: "Feinthold · turn 2 of 8" })).toBeVisible({ timeout: 5_000 });
  await context.close();
});
