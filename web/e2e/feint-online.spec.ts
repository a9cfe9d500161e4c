// An online Feint table in two browser contexts and a bot: the invitation, the table filling, the deployment,
// a Retreat left to its deadline (the clock moved), a leaver's bot named; and each page never received
// another seat's face-down strength.
import type { Page, Response } from "@playwright/test";
import { expect, expectAccessible, otherMember, screenshot, signIn, test, type Runner } from "./fixtures";

interface Token { id: string; seat: number; cell: number[] | null; strength: number | null; revealed: boolean }
interface Game {
  game_id: string; number: number; seat: number; status: string;
  next: { kind: string; seats: number[]; mine: number[]; deadline: string | null } | null;
  view: { tokens: Token[]; pending: unknown };
  legal: { command: { kind: string; token?: string; to?: number[]; target?: string } }[];
}

const distance = (a: number[], b: number[]) => Math.max(Math.abs(a[0]! - b[0]!), Math.abs(a[1]! - b[1]!), Math.abs(a[0]! + a[1]! - b[0]! - b[1]!));

/** Everything a page is sent about this game, kept to check afterwards. */
function received(page: Page): unknown[] {
  const bodies: unknown[] = [];
  page.on("response", (response: Response) => {
    if (!response.url().includes("/v1/feint/")) return;
    void response.json().then((b) => bodies.push(b)).catch(() => {});
  });
  return bodies;
}

/** No view a page received shows a token of another seat with its strength before it was revealed. */
function expectFogged(bodies: unknown[], who: string) {
  let views = 0;
  for (const body of bodies) {
    const game = ((body as { game?: Game }).game ?? body) as Partial<Game>;
    if (!game.view?.tokens) continue;
    views++;
    for (const t of game.view.tokens) {
      if (t.seat !== game.seat && !t.revealed) expect(t.strength, `${who} was sent ${t.id}'s strength`).toBeNull();
    }
  }
  expect(views, `${who} received views`).toBeGreaterThan(0);
}

/** One turn of `sub` through the API (beside the pages): a charge on a member if it can, else a step towards one. */
async function turn(runner: Runner, sub: string, gameId: string, members: number[]): Promise<void> {
  const game = (await runner.call(sub, "GET", `/v1/feint/games/${gameId}`)).body as Game;
  const mine = game.view.tokens.filter((t) => t.seat === game.seat && t.cell);
  const theirs = game.view.tokens.filter((t) => members.includes(t.seat) && t.seat !== game.seat && t.cell);
  const charge = game.legal.find((l) => l.command.kind === "charge" && theirs.some((t) => t.id === l.command.target));
  const closest = (cell: number[]) => Math.min(...theirs.map((t) => distance(cell, t.cell!)));
  const steps = game.legal.filter((l) => l.command.kind === "step").sort((a, b) => closest(a.command.to!) - closest(b.command.to!));
  const before = Math.min(...mine.map((t) => closest(t.cell!)));
  const command = charge?.command ?? (steps[0] && closest(steps[0].command.to!) < before + 1 ? steps[0].command : null) ?? { kind: "end_turn" };
  const sent = await runner.call(sub, "POST", `/v1/feint/games/${gameId}/commands`, { number: game.number, command });
  if (sent.status !== 200 && command.kind !== "end_turn") {
    await runner.call(sub, "POST", `/v1/feint/games/${gameId}/commands`, { number: game.number, command: { kind: "end_turn" } });
  }
}

test("an online table of two members and a bot: a Retreat's deadline passes, a leaver's bot is named, fog holds", async ({ page, browser, runner }) => {
  test.setTimeout(120_000);
  const aliceSeen = received(page);
  await signIn(page, runner, "olga", { path: "/feint/tables" });
  const bob = await otherMember(browser, runner, "pavel");
  const bobSeen = received(bob.page);
  await page.getByLabel("Seats").selectOption("3");
  await page.getByLabel("Bots").selectOption("1");
  await page.getByLabel("Invite").fill("pavel");
  await page.getByRole("button", { name: "Open" }).click();
  await expect(page.getByTestId("table-status")).toContainText("kept for pavel");
  await expectAccessible(page, "a Feint table");

  await bob.page.getByRole("link", { name: "Feint", exact: true }).click();
  await bob.page.getByRole("link", { name: /Online tables/ }).click();
  await bob.page.getByTestId("invitations").getByRole("link").first().click();
  await bob.page.getByRole("button", { name: "Take a seat" }).click();
  for (const p of [page, bob.page]) {
    await p.getByRole("link", { name: "To the game" }).click();
    await expect(p.getByRole("heading", { name: "Deployment" })).toBeVisible();
    await expect(p.getByText("Decide by")).toBeVisible();
  }
  await page.getByRole("button", { name: "A random deal" }).click();
  await bob.page.getByRole("button", { name: "A random deal" }).click();
  const gameId = page.url().split("/").pop()!;

  // Turns through the API until a member is asked to Retreat; then its deadline is left to pass.
  const subs = ["olga", "pavel"];
  const seats = await Promise.all(subs.map(async (s) => ((await runner.call(s, "GET", `/v1/feint/games/${gameId}`)).body as Game).seat));
  let defender: number | undefined;
  for (let i = 0; i < 120 && defender === undefined; i++) {
    const game = (await runner.call("olga", "GET", `/v1/feint/games/${gameId}`)).body as Game;
    expect(game.status).toBe("open");
    const next = game.next!;
    if (next.kind === "retreat" && seats.includes(next.seats[0]!)) defender = seats.indexOf(next.seats[0]!);
    else if (next.kind === "turn" && seats.includes(next.seats[0]!)) await turn(runner, subs[seats.indexOf(next.seats[0]!)]!, gameId, seats);
    else if (next.kind === "retreat") break;
  }
  expect(defender, "a member was charged").toBeDefined();
  const defending = defender === 0 ? page : bob.page;
  await expect(defending.getByTestId("pending")).toBeVisible({ timeout: 15_000 });
  await expect(defending.getByText("Decide by")).toBeVisible();
  await expect(defending.getByText("Decide by")).toContainText("01:00");
  await expect(defending.getByRole("button", { name: "Stand and fight" })).toBeVisible();
  await screenshot(defending, "feint", "retreat");
  await runner.advance(61);
  await expect(defending.getByTestId("battles")).toBeVisible({ timeout: 15_000 });

  // Pavel leaves: a bot takes his seat, and Olga's page names it.
  await runner.call("pavel", "POST", `/v1/feint/games/${gameId}/leave`);
  await expect(page.getByText("pavel left; a bot plays on")).toBeVisible({ timeout: 15_000 });

  expectFogged(aliceSeen, "olga");
  expectFogged(bobSeen, "pavel");
  await bob.context.close();
});
