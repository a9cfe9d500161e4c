// The Daily Front in the browser: today's board, start my Front, play it to its end on Feinthold's board by
// clicking (at a person's pace on the runner's clock), then my result, my rank, the day's board and the month.
import { expect, expectAccessible, screenshot, signIn, test } from "./fixtures";
import { go, named, onTheBoard, playOnTheBoard } from "./platform-kit";

test("a member plays the Daily Front and sees the result, the rank, the board and the month", async ({ page, runner }) => {
  const me = named("dana");
  await signIn(page, runner, me, { path: "/platform/daily" });
  await expect(page.getByRole("heading", { name: "The Daily Front", level: 1 })).toBeVisible();
  await expect(page.getByRole("heading", { name: /^The Front of \d{4}-\d\d-\d\d$/ })).toBeVisible();
  await expect(page.getByText("No ranked result of mine on this day's board yet.")).toBeVisible();
  await expectAccessible(page, "the Daily Front before it starts");
  await screenshot(page, "platform", "daily-today");

  await page.getByRole("button", { name: "Start today's Front" }).click();
  await onTheBoard(page);
  await playOnTheBoard(page, runner);
  await expect(page.getByTestId("winner")).toContainText("The game is over");

  await go(page, "/platform/daily");
  const result = page.getByLabel("My result");
  await expect(result).toContainText("My Front is over");
  await expect(result).toContainText("Ranked on the day's board.");
  await expect(page.getByRole("table", { name: /The board of/ })).toContainText(me);
  await expect(page.getByText(/^Rank \d+ of \d+/)).toBeVisible();
  await expect(page.getByRole("table", { name: /The Daily Front's table of/ })).toContainText(me);
  await expectAccessible(page, "the Daily Front played");
  await screenshot(page, "platform", "daily-played");
});
