// A tournament in the browser: created on its screen, filled by three members through the API, the bracket
// drawn with my match marked, my match played on to a result the API drives (my opponent abandons), the
// bracket then showing me through to the final, where I abandon from my match: the pot paid 70/30.
import { expect, expectAccessible, screenshot, signIn, test } from "./fixtures";
import { go, named, ok } from "./platform-kit";

test("a tournament's bracket and my match, the tournament driven through the API", async ({ page, runner }) => {
  const me = named("tess");
  const others = [named("ulf"), named("vera"), named("wim")];
  await signIn(page, runner, me, { path: "/platform/tournaments" });
  await expect(page.getByRole("heading", { name: "Tournaments", level: 1 })).toBeVisible();

  // The name's rule is the server's: a refused name comes back next to the field.
  await page.getByLabel("Name", { exact: true }).fill("!!");
  await page.getByRole("button", { name: "Create and join" }).click();
  const form = page.getByRole("form", { name: "Create a tournament" });
  await expect(form.getByRole("alert")).toContainText("name");

  await expect(page.getByTestId("my-credits")).toHaveText("I have 100 credits.");
  await page.getByLabel("Name", { exact: true }).fill("Winter Cup");
  await page.getByLabel("Entry fee").fill("5");
  await page.getByRole("button", { name: "Create and join" }).click();
  await expect(page.getByRole("heading", { name: "Winter Cup", level: 1 })).toBeVisible();
  const tournamentId = page.url().split("/").pop()!;
  await expect(page.getByText(/3 seats left/)).toBeVisible();
  await expect(page.getByText("5 credits (70% to the winner, 30% to the finalist)")).toBeVisible();
  await expect(page.getByRole("img", { name: /The bracket of Winter Cup: 4 members, drawn when it is full/ })).toBeVisible();
  await expectAccessible(page, "an open tournament");
  await screenshot(page, "platform", "tournament-open");

  for (const other of others) await ok(runner, other, "POST", `/v1/feinthold/tournaments/${tournamentId}/join`);
  const full = await ok<{ matches: { slot: number; round: number; players: ({ member: string } | null)[]; game_id: string | null }[] }>(
    runner, me, "GET", `/v1/feinthold/tournaments/${tournamentId}`);
  const mine = full.matches.find((match) => match.players.some((player) => player?.member === me))!;
  const opponent = mine.players.find((player) => player && player.member !== me)!.member;

  await go(page, `/platform/tournaments/${tournamentId}`);
  await expect(page.getByRole("img", { name: /4 members, 3 matches/ })).toBeVisible();
  const myBox = page.locator(`g.match.mine[data-slot="${mine.slot}"]`);
  await expect(myBox).toContainText(me);
  await expect(myBox).toContainText(opponent);
  const myMatch = page.getByRole("region", { name: "My match" });
  await expect(myMatch).toContainText(`against ${opponent}`);
  await expect(myMatch).toContainText("The round closes in");
  await expect(myMatch.getByRole("button", { name: "Play my match on the board" })).toBeVisible();
  await expectAccessible(page, "a tournament's bracket and my match");
  await screenshot(page, "platform", "tournament-bracket");

  // My opponent abandons through their client: I go on, the bracket says so.
  await ok(runner, opponent, "POST", `/v1/feinthold/tournaments/${tournamentId}/matches/${mine.slot}/abandon`);
  await go(page, "/platform/tournaments");
  await go(page, `/platform/tournaments/${tournamentId}`);
  await expect(myMatch).toContainText(/I go on|Final/);
  const final = page.locator('g.match[data-slot="3"]');
  await expect(final).toContainText(me);
  await screenshot(page, "platform", "tournament-through");

  // The other semi-final ends the same way; in the final I abandon from my match's card: the pot is paid out.
  const other = full.matches.find((match) => match.round === 1 && match.slot !== mine.slot)!;
  await ok(runner, other.players[1]!.member, "POST", `/v1/feinthold/tournaments/${tournamentId}/matches/${other.slot}/abandon`);
  const champion = other.players[0]!.member;
  await go(page, "/platform/tournaments");
  await go(page, `/platform/tournaments/${tournamentId}`);
  await expect(myMatch).toContainText(`Final (match 3) against ${champion}`);
  await myMatch.getByRole("button", { name: "Abandon the match" }).click();
  await myMatch.getByRole("button", { name: "Yes, Abandon the match" }).click();
  await expect(page.locator("dd.status")).toHaveText("finished (won)");
  await expect(myMatch).toContainText(`${champion} won the tournament (forfeit)`);
  await expect(page.getByText(`Prizes: ${champion} 14, ${me} 6.`)).toBeVisible();
  await expectAccessible(page, "a finished tournament");
  await screenshot(page, "platform", "tournament-finished");
});
