// Online Front 1901 in two browser contexts: one member opens a table of two members' seats, the other joins
// (the last seat starts the game, AI powers in the five others), each texts the other and sees the other's
// text, each sends an order typed on the solo game's board, the phase resolves; and neither page was ever sent
// the other's orders of the open phase. A draw voted by one member alone does not end it.
import type { Page, Response } from "@playwright/test";
import { expect, expectAccessible, screenshot, signIn, test, type Runner } from "./fixtures";

interface GameBody { game_id?: string; view?: { phase: string; power: string; legal?: { unit: string | null; orders: string[] }[] } }

/** Every Front 1901 answer a page is sent, with the phase of its view (a change's answer carries the game). */
function received(page: Page): { phase: string; text: string }[] {
  const bodies: { phase: string; text: string }[] = [];
  page.on("response", (response: Response) => {
    if (!response.url().includes("/v1/front1901/")) return;
    void response.json().then((body: { game?: GameBody } & GameBody) => {
      const view = (body.game ?? body).view;
      if (!view) return;
      // My legal orders are mine to give (a support of another's unit names it); anything else may not.
      bodies.push({ phase: view.phase, text: JSON.stringify(body, (key, value: unknown) => (key === "legal" ? undefined : value)) });
    }).catch(() => {});
  });
  return bodies;
}

/** A move of my first unit that can move (from my legal orders, as the API gives them to me). */
async function aMove(runner: Runner, sub: string, gameId: string): Promise<{ power: string; order: string }> {
  const game = (await runner.call(sub, "GET", `/v1/front1901/games/${gameId}`)).body as GameBody;
  const order = game.view!.legal!.flatMap((l) => l.orders).find((o) => / - [A-Z]{3}$/.test(o))!;
  return { power: game.view!.power, order };
}

const named = (power: string) => power.charAt(0) + power.slice(1).toLowerCase();

test("a table of two members and five AI powers: opened, joined, texts both ways, orders sent, fog holds", async ({ page, browser, runner }) => {
  test.setTimeout(90_000);
  const aliceSeen = received(page);
  await signIn(page, runner, "greta", { path: "/front1901/tables" });
  await page.getByLabel("Members' seats").selectOption("2");
  await page.getByLabel("AI level").selectOption("easy");
  await page.getByLabel("Pace").selectOption("live");
  await page.getByRole("button", { name: "Open the table" }).click();
  await expect(page.getByTestId("table-status")).toContainText("open: seated greta");
  await expectAccessible(page, "a Front 1901 table");

  // The other member in a browser of their own, signed in on the tables (the tokens live in the page's memory).
  const context = await browser.newContext();
  const bob = { context, page: await context.newPage() };
  const bobSeen = received(bob.page);
  await signIn(bob.page, runner, "henrik", { path: "/front1901/tables" });
  await bob.page.getByTestId("open-tables").getByRole("link", { name: "greta's table" }).click();
  await bob.page.getByRole("button", { name: "Take a seat" }).click();
  for (const p of [bob.page, page]) {
    await p.getByRole("link", { name: "To the game" }).click({ timeout: 20_000 });
    await expect(p.getByTestId("phase")).toHaveText("S1901M");
    await expect(p.getByTestId("members")).toContainText("Members play");
  }
  const gameId = page.url().split("/").pop()!;
  const greta = await aMove(runner, "greta", gameId);
  const henrik = await aMove(runner, "henrik", gameId);
  // The live pace's movement phase: 5 minutes on the runner's clock (stopped at the start).
  await expect(page.getByText("S1901M closes in")).toContainText(/closes in: 0[45]:\d\d/);
  await expectAccessible(page, "a Front 1901 table's game");

  // A text each way, each read by its receiver.
  const texts: [Page, { power: string }, string][] = [[page, henrik, "Greta to Henrik: a quiet border?"], [bob.page, greta, "Henrik to Greta: agreed."]];
  for (const [p, to, text] of texts) {
    await p.getByLabel("Text to").selectOption(to.power);
    await p.getByLabel("Message").fill(text);
    await p.getByRole("button", { name: "Send the text" }).click();
    await expect(p.getByTestId("texts")).toContainText(text);
  }
  await expect(bob.page.getByTestId("texts")).toContainText(`${named(greta.power)} to ${named(henrik.power)}: Greta to Henrik`, { timeout: 15_000 });
  await expect(page.getByTestId("texts")).toContainText(`${named(henrik.power)} to ${named(greta.power)}: Henrik to Greta`, { timeout: 15_000 });
  await screenshot(page, "front1901", "table");

  // A draw asked for by one member only: counted as the phase closes, it does not pass (the game goes on).
  await page.getByRole("button", { name: "Vote for a draw" }).click();
  await expect(page.getByRole("group", { name: "My vote of the phase" })).toContainText("My vote this phase: a draw.");

  // Each sends one order typed on the board; the last one sent resolves the phase.
  for (const [p, mine] of [[page, greta], [bob.page, henrik]] as const) {
    await p.getByLabel("Type an order").fill(mine.order);
    await p.getByLabel("Type an order").press("Enter");
    await expect(p.getByTestId("draft")).toContainText(mine.order);
    // Saved as a draft first: the answers of the open phase then carry my orders to me (and must not to the other).
    await p.getByRole("button", { name: "Save draft" }).click();
    await expect(p.getByText("Draft saved")).toBeVisible();
    await p.getByRole("button", { name: "Send orders for S1901M" }).click();
  }
  for (const p of [page, bob.page]) await expect(p.getByTestId("phase")).toHaveText("F1901M", { timeout: 20_000 });

  // Fog: every answer of the open phase carried my draft to me, and none the other member's orders.
  for (const [seen, own, other, who] of [[aliceSeen, greta, henrik, "greta"], [bobSeen, henrik, greta, "henrik"]] as const) {
    const open = seen.filter((b) => b.phase === "S1901M");
    expect(open.some((b) => b.text.includes(own.order)), `${who}'s own draft came back to ${who}`).toBe(true);
    for (const b of open) expect(b.text, `${who} was sent ${other.order} before it was played`).not.toContain(other.order);
    expect(seen.some((b) => b.phase === "F1901M"), `${who} saw the phase resolve`).toBe(true);
  }
  await bob.context.close();
});
