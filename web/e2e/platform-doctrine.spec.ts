// A doctrine in the browser: written in the editor from the lists (a number out of range refused on its own
// field), saved, put on the test bench (its table and chart), published; then another member finds it and
// challenges it (its turns then pass on the runner's clock), its author reads what each rule did, then withdraws it.
import { expect, expectAccessible, otherMember, screenshot, signIn, test } from "./fixtures";
import { go, named, ok, onTheBoard } from "./platform-kit";

test("a doctrine written and published, then challenged by another member", async ({ page, runner, browser }) => {
  const author = named("ines");
  await signIn(page, runner, author, { path: "/platform/doctrines" });
  await page.getByRole("link", { name: "Write a new doctrine" }).click();
  await expect(page.getByRole("heading", { name: "A new doctrine" })).toBeVisible();

  await page.getByLabel("Name", { exact: true }).fill("Hold the line");
  const first = page.getByRole("listitem", { name: "Rule 1" });
  await first.getByRole("button", { name: "Add a condition to rule 1" }).click();
  await first.getByLabel("Rule 1, if (1): kind").selectOption({ label: "the turn is" });
  const condition = page.getByRole("group", { name: "Rule 1, if (1)" });
  await condition.getByLabel("at most").fill("12");
  await page.getByRole("group", { name: "Rule 1, then" }).getByLabel("at", { exact: true }).selectOption("my-hq");
  await page.getByRole("button", { name: "Add a rule" }).click();
  const second = page.getByRole("listitem", { name: "Rule 2" });
  await second.getByLabel("Rule 2, then: kind").selectOption({ label: "predict" });

  // 12 is past the last turn: the server refuses it, and says so next to that field.
  await page.getByRole("button", { name: "Save" }).click();
  const refused = condition.locator(".param", { has: page.getByLabel("at most") }).getByRole("alert");
  await expect(refused).toContainText("doctrine.rules[0].if[0].turn.at_most");
  await expectAccessible(page, "the doctrine editor with an error");
  await screenshot(page, "platform", "doctrine-editor");

  await condition.getByLabel("at most").fill("4");
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page).toHaveURL(/\/platform\/doctrines\/1$/);
  await expect(page.getByRole("heading", { name: "Slot 1" })).toBeVisible();

  await page.getByRole("button", { name: "Run the test bench" }).click();
  const bench = page.getByRole("region", { name: /Test bench: Hold the line/ });
  await expect(bench).toContainText("36 games", { timeout: 30_000 });
  await expect(bench.getByRole("table", { name: "Results by opponent" })).toContainText("sentinel");
  await expect(bench.getByRole("img", { name: /What each rule did/ })).toBeVisible();
  await bench.scrollIntoViewIfNeeded();
  await expectAccessible(page, "the test bench's results");
  await screenshot(page, "platform", "doctrine-bench");

  await page.getByLabel("The name others see").fill("Iron Line");
  await page.getByRole("button", { name: "Publish" }).click();
  await expect(page.getByRole("heading", { name: "Iron Line", level: 1 })).toBeVisible();
  await expect(page.getByText("Its rules")).toBeVisible();
  const doctrineUrl = page.url();

  const challenger = named("jon");
  const other = await otherMember(browser, runner, challenger);
  await other.page.getByRole("link", { name: "Platform" }).click();
  await other.page.getByRole("link", { name: "Published doctrines" }).click();
  await other.page.getByRole("link", { name: "Iron Line" }).click();
  await expect(other.page.getByText("Its rules are its author's.")).toBeVisible();
  await expect(other.page.getByRole("region", { name: "Challenge it" })).toContainText(/Rated|Not rated/);
  await expectAccessible(other.page, "a published doctrine, for a challenger");
  await screenshot(other.page, "platform", "doctrine-published");
  await other.page.getByRole("button", { name: "Challenge Iron Line" }).click();
  const challengeId = await onTheBoard(other.page);
  await other.context.close();
  // The challenger sends nothing more: the runner's clock passes every deadline, each turn is played without them.
  await runner.advance(600);
  expect((await ok<{ status: string }>(runner, challenger, "GET", `/v1/feinthold/games/${challengeId}`)).status).toBe("over");

  // Its author reads what each rule did in that challenge.
  await go(page, `/platform/challenges/${challengeId}`);
  await expect(page.locator("dd.status")).toContainText("finished");
  const trace = page.getByRole("table", { name: /What my doctrine did, as (south|north)/ });
  await expect(trace).toContainText("fired");
  await expectAccessible(page, "a finished challenge, for its doctrine's author");
  await screenshot(page, "platform", "challenge-trace");

  await go(page, new URL(doctrineUrl).pathname);

  await page.getByRole("button", { name: "Withdraw" }).click();
  await page.getByRole("button", { name: "Yes, Withdraw" }).click();
  await expect(page.locator("dd.status")).toHaveText("withdrawn");
});
