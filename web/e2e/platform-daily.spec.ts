// The Daily Front in the browser: today's board, start my Front, play it to its end (the orders sent as my
// client would, a human's pace on the runner's clock), then my result, my rank, the day's board and the month.
import { expect, expectAccessible, screenshot, signIn, test } from "./fixtures";
import { go, named, ok, onTheBoard } from "./platform-kit";

test("a member plays the Daily Front and sees the result, the rank, the board and the month", async ({ page, runner }) => {
  const me = named("dana");
  await signIn(page, runner, me, { path: "/platform/daily" });
  await expect(page.getByRole("heading", { name: "The Daily Front", level: 1 })).toBeVisible();
  await expect(page.getByRole("heading", { name: /^The Front of \d{4}-\d\d-\d\d$/ })).toBeVisible();
  await expectAccessible(page, "the Daily Front before it starts");
  await screenshot(page, "platform", "daily-today");

  await page.getByRole("button", { name: "Start today's Front" }).click();
  const gameId = await onTheBoard(page);

  // Every turn: my orders (every unit holds), sent ten seconds after the turn opened, as a person might.
  for (let turn = 1; turn <= 8; turn++) {
    const game = await ok<{ status: string; turn: number }>(runner, me, "GET", `/v1/feinthold/games/${gameId}`);
    if (game.status !== "open") break;
    await runner.advance(10);
    await ok(runner, me, "PUT", `/v1/feinthold/games/${gameId}/turns/${game.turn}/orders`, { orders: [] });
  }

  await go(page, "/platform/daily");
  const result = page.getByLabel("My result");
  await expect(result).toContainText("My Front is over");
  await expect(result).toContainText(/Ranked on the day's board|Not ranked/);
  await expect(page.getByRole("table", { name: /The board of/ })).toContainText(me);
  await expect(page.getByText(/^Rank \d+ of \d+/)).toBeVisible();
  await expect(page.getByRole("table", { name: /The Daily Front's table of/ })).toContainText(me);
  await expectAccessible(page, "the Daily Front played");
  await screenshot(page, "platform", "daily-played");
});
