// The platform's other screens, each checked by axe and photographed: the hub, the tournaments' list, my
// doctrines, the published doctrines, a challenge, the month's boards, a season closed on the runner's clock
// and my season history.
import { expect, expectAccessible, screenshot, signIn, test } from "./fixtures";
import { go, named, ok, onTheBoard } from "./platform-kit";

test("the platform's lists, boards and seasons read well and pass axe", async ({ page, runner }) => {
  const me = named("pia");
  await signIn(page, runner, me, { path: "/platform" });
  await expect(page.getByRole("heading", { name: "Platform", level: 1 })).toBeVisible();
  await expectAccessible(page, "the platform's hub");
  await screenshot(page, "platform", "hub");

  await ok(runner, named("quin"), "POST", "/v1/feinthold/tournaments", { name: "Spring Open", size: 8, fee: 0 });
  await page.getByRole("link", { name: "Tournaments" }).first().click();
  const open = page.getByRole("table", { name: "Open tournaments" });
  await expect(open).toContainText("Spring Open");
  await open.getByRole("button", { name: "Join Spring Open" }).click();
  await expect(page.getByRole("heading", { name: "Spring Open", level: 1 })).toBeVisible();
  await expect(page.getByText(/6 seats left/)).toBeVisible();
  await page.goBack();
  await expect(open.getByRole("row", { name: /Spring Open/ })).toContainText("I am in");
  await expectAccessible(page, "the tournaments");
  await screenshot(page, "platform", "tournaments");

  await go(page, "/platform/doctrines");
  await expect(page.getByRole("heading", { name: "My doctrines", level: 1 })).toBeVisible();
  await expect(page.getByText("No doctrine yet.")).toBeVisible();
  await expectAccessible(page, "my doctrines");

  await go(page, "/platform/published");
  const list = page.getByRole("table", { name: "Published doctrines, by rating" });
  await expect(list).toContainText("house AI");
  await expectAccessible(page, "the published doctrines");
  await screenshot(page, "platform", "published");
  await list.getByRole("link").first().click();
  await expect(page.getByText("Its rules")).toBeVisible();
  // A house AI's rules are public: they can start a doctrine of my own, in the editor, from the same lists.
  await page.getByRole("button", { name: "Write a doctrine from these rules" }).click();
  await expect(page.getByRole("heading", { name: "A new doctrine" })).toBeVisible();
  await expect(page.getByLabel("Name", { exact: true })).not.toHaveValue("");
  await expect(page.getByRole("listitem", { name: "Rule 2" })).toBeVisible();
  await page.goBack();
  await page.getByRole("button", { name: /^Challenge / }).click();
  const challengeId = await onTheBoard(page);
  await go(page, `/platform/challenges/${challengeId}`);
  await expect(page.locator("dd.status")).toHaveText("playing");
  await expectAccessible(page, "a challenge");

  // The month closes on the runner's clock: 00:31 UTC on the 1st of the next month, prizes then titles.
  const now = new Date(String((await (await fetch(`${runner.admin}/clock`)).json() as { now: string }).now));
  const next = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1, 0, 31));
  await runner.adminPost("/clock/set", { now: next.toISOString().replace(/\.\d+Z$/, "Z") });
  await runner.advance(60);
  await go(page, "/platform/boards");
  await expect(page.getByRole("heading", { name: /^Duels, \d{4}-\d\d$/ })).toBeVisible();
  await expectAccessible(page, "the month's boards");
  await screenshot(page, "platform", "boards");

  await page.getByRole("link", { name: /The last season/ }).click();
  await expect(page.getByRole("heading", { name: /^The season \d{4}-\d\d$/, level: 1 })).toBeVisible();
  await expect(page.getByText(/^The close: (closing|closed)\.$/)).toBeVisible();
  await expectAccessible(page, "a season");
  await screenshot(page, "platform", "season");

  await go(page, "/platform");
  await page.getByRole("link", { name: "My seasons" }).click();
  await expect(page.getByRole("heading", { name: `Season history of ${me}` })).toBeVisible();
  await expect(page.getByText("No prize or title yet.")).toBeVisible();
  await expectAccessible(page, "my season history");
});
