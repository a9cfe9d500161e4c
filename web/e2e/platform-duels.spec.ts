// Duels in the browser: a correspondence duel proposed on its screen (stake and pace), accepted by the other
// member's client, its clock counting on the runner's time, a missed turn when the clock moves, abandoned by
// forfeit with the missed turns in its record; a blitz duel's ready room; a friendly game's invitation.
import { expect, expectAccessible, screenshot, signIn, test } from "./fixtures";
import { go, named, ok, onTheBoard } from "./platform-kit";

test("a correspondence duel: proposal, clock, a missed turn, abandon", async ({ page, runner }) => {
  const me = named("lena");
  const rival = named("milo");
  await ok(runner, rival, "GET", "/v1/me");
  await signIn(page, runner, me, { path: "/platform/duels" });
  await page.getByLabel("Opponent (a member's name; empty: open to anyone)").fill(rival);
  await page.getByLabel("Pace").selectOption("1d");
  await page.getByLabel("Stake (credits each; the winner takes both)").fill("10");
  await page.getByRole("button", { name: "Propose" }).click();
  await expect(page.getByRole("heading", { name: "Duel", level: 1 })).toBeVisible();
  await expect(page).toHaveURL(/\/platform\/duels\/[0-9a-f]{20}$/);
  const duelId = page.url().split("/").pop()!;
  await expect(page.locator("dd.status")).toHaveText("proposed");
  await expect(page.getByText(/Unanswered, the proposal lapses in: 7 d 00:00:00|6 d 23:59/)).toBeVisible();
  await expect(page.getByRole("button", { name: "Withdraw my proposal" })).toBeVisible();

  // The proposal, as the rival's client lists it; accepted there: turn 1 opens at once (no ready room).
  const toRival = await ok<{ duels: { duel_id: string }[] }>(runner, rival, "GET", "/v1/feinthold/duels?list=to-me");
  expect(toRival.duels.map((duel) => duel.duel_id)).toContain(duelId);
  await ok(runner, rival, "POST", `/v1/feinthold/duels/${duelId}/accept`);
  await go(page, "/platform/duels");
  await expect(page.getByRole("region", { name: "My duels" })).toContainText("open");
  await expectAccessible(page, "the duels");
  await screenshot(page, "platform", "duels");
  await go(page, `/platform/duels/${duelId}`);
  await expect(page.getByRole("heading", { name: "Turn 1" })).toBeVisible();
  // The clock is the server's: a correspondence turn of a day, counted from the runner's manual now.
  await expect(page.getByText(/This turn closes in: (1 d 00:00:00|23:59:\d\d)/)).toBeVisible();
  await expectAccessible(page, "a correspondence duel in play");
  await screenshot(page, "platform", "duel-playing");
  // Its board is Feinthold's screen, one click away, and back.
  await page.getByRole("button", { name: "Play turn 1 on the board" }).click();
  await onTheBoard(page);
  await page.goBack();
  await expect(page.getByRole("heading", { name: "Turn 1" })).toBeVisible();

  // Nobody sends orders for a day: the turn passes, missed by both.
  await runner.advance(86_401);
  await go(page, "/platform/duels");
  await go(page, `/platform/duels/${duelId}`);
  await expect(page.getByRole("heading", { name: "Turn 2" })).toBeVisible();
  await expect(page.getByText("1 turn played.")).toBeVisible();

  await page.getByRole("button", { name: "Abandon" }).click();
  await expect(page.getByText("Abandoning loses the duel by forfeit")).toBeVisible();
  await page.getByRole("button", { name: "Yes, Abandon" }).click();
  await expect(page.locator("dd.status")).toHaveText("won (forfeit)");
  await expect(page.locator("p.result")).toHaveText(`${rival} won (forfeit).`);
  const turns = page.getByRole("region", { name: "Turns and missed turns" });
  await expect(turns).toContainText(`${me} missed turn 1`);
  await expect(turns).toContainText(`${rival} missed turn 1`);
  await expectAccessible(page, "a duel abandoned, its missed turns");
  await screenshot(page, "platform", "duel-over");
});

test("a blitz duel's ready room, and a friendly game's invitation", async ({ page, runner }) => {
  const me = named("nora");
  const rival = named("otto");
  await signIn(page, runner, me, { path: "/platform/duels" });
  await page.getByRole("button", { name: "Propose" }).click();
  await expect(page.locator("dd.status")).toHaveText("proposed");
  await expect(page).toHaveURL(/\/platform\/duels\/[0-9a-f]{20}$/);
  const duelId = page.url().split("/").pop()!;
  await ok(runner, rival, "POST", `/v1/feinthold/duels/${duelId}/accept`);
  await go(page, "/platform/duels");
  await go(page, `/platform/duels/${duelId}`);
  await expect(page.getByRole("heading", { name: "The ready room" })).toBeVisible();
  await expect(page.getByText(/Cancelled unless both are ready in: 30:00|29:5\d/)).toBeVisible();
  await page.getByRole("button", { name: "Ready", exact: true }).click();
  await expect(page.getByText("You are ready; waiting for your opponent.")).toBeVisible();
  await expectAccessible(page, "the ready room");
  await screenshot(page, "platform", "duel-ready-room");
  await ok(runner, rival, "POST", `/v1/feinthold/duels/${duelId}/ready`);
  await expect(page.getByRole("heading", { name: "Turn 1" })).toBeVisible();
  await expect(page.getByText(/This turn closes in: (02:00|01:5\d)/)).toBeVisible();

  await go(page, "/platform/friendly");
  await page.getByLabel("Member's name").fill(rival);
  await page.getByRole("button", { name: "Invite" }).click();
  await expect(page.getByRole("table", { name: "Invitations I sent" })).toContainText(rival);
  const theirs = await ok<{ received: { inviter: string }[] }>(runner, rival, "GET", "/v1/feinthold/invitations");
  expect(theirs.received.map((invitation) => invitation.inviter)).toContain(me);
  await expectAccessible(page, "friendly games");
  await screenshot(page, "platform", "friendly");
});
