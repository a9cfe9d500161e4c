// Feint in the browser: a solo game against a bot played to its end by clicking the board; a hot-seat game
// where, after every curtain, nothing of the other seat's face-down strengths is on the page.
import type { Page, Response } from "@playwright/test";
import { expect, expectAccessible, screenshot, signIn, test } from "./fixtures";

const ring = (name: string) => {
  const [q, r] = name.split(",").map(Number) as [number, number];
  return Math.max(Math.abs(q), Math.abs(r), Math.abs(q + r));
};

/** Clicks, then waits for the game's answer: a new command number (or the curtain, or the end). */
async function sent(page: Page, click: () => Promise<void>) {
  const before = await page.locator("section.fe").getAttribute("data-number");
  await click();
  const alert = page.locator("section.fe .error");
  await expect
    .poll(
      async () =>
        (await alert.isVisible()) ||
        (await page.getByTestId("curtain").isVisible()) ||
        ((await page.locator("section.fe").getAttribute("data-number")) !== before &&
          (await page.locator("section.fe").getAttribute("aria-busy")) === "false"),
      { timeout: 30_000 },
    )
    .toBe(true);
  if (await alert.isVisible()) throw new Error(`the command was refused: ${await alert.textContent()}`);
}

/** One decision of my seat by pointing: deploy on the home cells, stand when charged, else charge or step, then end the turn. */
async function decide(page: Page, seat: number): Promise<void> {
  if (await page.getByRole("heading", { name: "Deployment" }).isVisible()) {
    for (let i = 0; i < 6; i++) await page.locator(".fe-cell.fe-target").first().click();
    return sent(page, () => page.getByRole("button", { name: "Deploy", exact: true }).click());
  }
  const stand = page.getByRole("button", { name: "Stand and fight" });
  if (await stand.isVisible()) return sent(page, () => stand.click());
  const end = page.getByRole("button", { name: "End my turn" });
  if (!(await page.getByRole("heading", { name: "My commands" }).isVisible())) return;
  const mine = page.locator(`.fe-token[data-seat="${seat}"]`);
  for (let i = 0; i < (await mine.count()); i++) {
    await mine.nth(i).click();
    const enemy = page.locator(".fe-token.fe-target");
    if (await enemy.count()) {
      await enemy.first().click();
      return sent(page, () => page.getByTestId("choices").getByRole("button", { name: /^Charge/ }).first().click());
    }
    const names = await page.locator(".fe-cell.fe-target").evaluateAll((els) => els.map((el) => el.getAttribute("data-cell")!));
    const inward = names.filter((n) => ring(n) < 5).sort((a, b) => ring(a) - ring(b))[0];
    if (inward) {
      const before = await page.locator("section.fe").getAttribute("data-number");
      await page.locator(`.fe-cell[data-cell="${inward}"]`).click({ force: true });
      const choices = page.getByTestId("choices");
      const curtain = page.getByTestId("curtain");
      await expect.poll(async () => (await choices.isVisible()) || (await curtain.isVisible()) ||
        (await page.locator("section.fe").getAttribute("data-number")) !== before, { timeout: 30_000 }).toBe(true);
      if (await choices.isVisible()) await sent(page, () => choices.locator("li button").first().click());
      if (await curtain.isVisible()) return;
      await expect(page.locator("section.fe")).toHaveAttribute("aria-busy", "false");
      break;
    }
    await mine.nth(i).click();
  }
  if ((await end.isVisible()) && !(await page.getByTestId("curtain").isVisible())) await sent(page, () => end.click());
}

test("a solo game against a bot, played to its end by clicking", async ({ page, runner }) => {
  test.setTimeout(180_000);
  await signIn(page, runner, "hana", { path: "/feint" });
  await page.getByLabel("Seats").selectOption("2");
  await page.getByRole("button", { name: "Start" }).click();
  await expect(page.getByRole("heading", { name: "Deployment" })).toBeVisible();
  await expectAccessible(page, "the Feint deployment");
  let checked = false;
  for (let i = 0; i < 400 && !(await page.getByTestId("outcome").isVisible()); i++) {
    await decide(page, 1);
    if (!checked && (await page.getByRole("button", { name: "End my turn" }).isVisible())) {
      await expectAccessible(page, "the Feint board");
      await screenshot(page, "feint", "board");
      checked = true;
    }
  }
  await expect(page.getByTestId("outcome")).toBeVisible();
  await page.getByRole("link", { name: /The record/ }).click();
  await expect(page.getByTestId("record")).toContainText("Strength");
  await screenshot(page, "feint", "record");
});

test("hot-seat: after every curtain the page holds one seat, nothing of the other's strengths", async ({ page, runner }) => {
  test.setTimeout(120_000);
  await signIn(page, runner, "ines", { path: "/feint" });
  await page.getByLabel("hot-seat").check();
  await page.getByLabel("Seats").selectOption("2");
  await page.getByRole("button", { name: "Start" }).click();
  await expect(page).toHaveURL(/\/feint\/games\/[0-9a-f]+$/);
  const gameId = page.url().split("/").pop()!;
  const received: string[] = [];
  const listen = (response: Response) => {
    if (response.url().includes(`/v1/feint/games/${gameId}`)) void response.text().then((t) => received.push(t)).catch(() => {});
  };
  page.on("response", listen);
  let seat = 1;
  for (let curtains = 0; curtains < 6; ) {
    await decide(page, seat);
    if (await page.getByTestId("curtain").isVisible()) {
      if (curtains === 0) {
        await expectAccessible(page, "the hot-seat curtain");
        await screenshot(page, "feint", "curtain");
      }
      const next = Number((await page.getByTestId("curtain").getByRole("heading").textContent())!.match(/seat (\d)/)![1]);
      received.length = 0;
      await page.getByRole("button", { name: /show my board/ }).click();
      await expect(page.getByTestId("feint-board")).toBeVisible();
      await expect(page.locator("section.fe")).toHaveAttribute("data-number", /\d/);
      seat = next;
      curtains++;
      await expectNothingOf(page, runner, gameId, seat === 1 ? 2 : 1, received);
    }
  }
});

/** The other seat's face-down strengths (asked of the API beside the page) are nowhere on the page. */
async function expectNothingOf(page: Page, runner: { call: (sub: string, m: string, p: string) => Promise<{ body: unknown }> }, gameId: string, other: number, received: string[]) {
  const theirs = (await runner.call("ines", "GET", `/v1/feint/games/${gameId}?seat=${other}`)).body as {
    view: { tokens: { id: string; seat: number; strength: number | null; revealed: boolean }[] };
  };
  expect(theirs.view, JSON.stringify(theirs)).toBeDefined();
  const hidden = theirs.view.tokens.filter((t) => t.seat === other && !t.revealed);
  for (const token of hidden) {
    const drawn = page.locator(`[data-token="${token.id}"]`);
    if (await drawn.count()) {
      await expect(drawn.locator(".fe-strength")).toHaveText("?");
      await expect(drawn.locator("title")).not.toContainText("strength");
    }
  }
  const tree = await page.locator("body").ariaSnapshot();
  expect(tree).not.toMatch(new RegExp(`token (${hidden.map((t) => t.id).join("|") || "none"}) of seat ${other}, face-down, my strength`));
  const html = await page.content();
  for (const token of hidden) expect(html).not.toMatch(new RegExp(`"id":"${token.id}"[^}]*"strength":\\d`));
  const stored = await page.evaluate(() => JSON.stringify({ ...sessionStorage }) + JSON.stringify({ ...localStorage }));
  for (const token of hidden) expect(stored).not.toContain(token.id);
  for (const body of received) {
    for (const token of hidden) expect(body).not.toMatch(new RegExp(`"id":"${token.id}","seat":${other},"cell":\\[[^\\]]*\\],"strength":\\d`));
  }
}

test("a watched game of bots, face-up, replayed step by step with the slider", async ({ page, runner }) => {
  await signIn(page, runner, "jun", { path: "/feint" });
  await page.getByLabel("watch bots play").check();
  await page.getByRole("button", { name: "Start" }).click();
  await expect(page.getByTestId("outcome")).toBeVisible();
  const slider = page.getByLabel(/^Step \d+ of \d+/);
  await slider.fill("0");
  await expect(page.getByTestId("step")).toContainText("Deployment");
  const tokens = await page.locator(".fe-token .fe-strength").allTextContents();
  expect(tokens.length).toBeGreaterThan(0);
  expect(tokens).not.toContain("?");
  await expectAccessible(page, "a watched Feint game");
});

test("a command that follows a number already used is refused: the board is shown again and the page says so", async ({ page, runner }) => {
  // A page that did not hear of the other command (no live channel: it would have fetched the board at once).
  await page.routeWebSocket(/\/ws$/, (socket) => socket.close());
  await signIn(page, runner, "kofi", { path: "/feint" });
  await page.getByLabel("Seats").selectOption("2");
  await page.getByRole("button", { name: "Start" }).click();
  await expect(page).toHaveURL(/\/feint\/games\/[0-9a-f]+$/);
  const gameId = page.url().split("/").pop()!;
  await sent(page, () => page.getByRole("button", { name: "A random deal" }).click());
  const number = Number(await page.locator("section.fe").getAttribute("data-number"));
  // The same member, from elsewhere, ends the turn first.
  expect((await runner.call("kofi", "POST", `/v1/feint/games/${gameId}/commands`, { number, command: { kind: "end_turn" } })).status).toBe(200);
  await page.getByRole("button", { name: "End my turn" }).click();
  await expect(page.getByTestId("note")).toContainText("The board had moved on");
  await expect(page.locator("section.fe")).not.toHaveAttribute("data-number", String(number), { timeout: 10_000 });
});

test("every Feint command can be given with the keyboard: a deal, then a step from the list of legal commands", async ({ page, runner }) => {
  await signIn(page, runner, "lena", { path: "/feint" });
  await page.getByLabel("Seats").selectOption("2");
  await page.getByRole("button", { name: "Start" }).click();
  await expect(page.getByRole("heading", { name: "Deployment" })).toBeVisible();
  await page.getByRole("button", { name: "A random deal" }).focus();
  await page.keyboard.press("Enter");
  await expect(page.getByRole("heading", { name: "My commands" })).toBeVisible();
  const number = await page.locator("section.fe").getAttribute("data-number");
  await page.getByLabel("Every command I may give").focus();
  await page.keyboard.press("ArrowDown");
  await page.keyboard.press("ArrowDown");
  const chosen = page.getByTestId("choices").getByRole("button").first();
  await expect(chosen).toHaveText(/^(Step|Two-step)/);
  await chosen.focus();
  await page.keyboard.press("Enter");
  await expect(page.locator("section.fe")).not.toHaveAttribute("data-number", number!);
});
