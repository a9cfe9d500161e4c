// A member signs in and plays a house game to its end by clicking: orders offered from the server's legal
// list, sent, the report read, turn after turn until the winner and the record.
import { expect, expectAccessible, screenshot, signIn, test } from "./fixtures";

test("a member plays a house game of Feinthold to its end by clicking", async ({ page, runner }) => {
  await signIn(page, runner, "hedy");
  await page.getByRole("navigation", { name: "Areas" }).getByRole("link", { name: "Feinthold", exact: true }).click();
  await expect(page.getByRole("heading", { name: "Feinthold", level: 1 })).toBeVisible();
  await page.getByLabel("House AI").selectOption("sentinel");
  await page.getByLabel("Layout").selectOption("crown-1");
  await page.getByLabel("Side").selectOption("south");
  await expectAccessible(page, "Feinthold's start");
  await screenshot(page, "feinthold", "start");
  await page.getByRole("button", { name: "Start the game" }).click();

  await expect(page.getByTestId("board")).toBeVisible();
  await expect(page.getByRole("heading", { name: "Feinthold · turn 1 of 8" })).toBeVisible();
  // Turn 1: a unit on my HQ (offered there, 2 points) and a scouting of the north relay, by clicking.
  await page.locator('[data-position="hq-s"]').click();
  const points = Number(await page.getByTestId("points").textContent());
  await page.getByRole("button", { name: "Add", exact: true }).first().click();
  await expect(page.getByTestId("points-left")).toHaveText(`${points - 2} of ${points} points left`);
  // The keyboard too: Tab to a position, Enter selects it.
  await page.locator('[data-position="r-n"]').focus();
  await page.keyboard.press("Enter");
  await expect(page.getByRole("heading", { name: /At north relay/ })).toBeVisible();
  await page.getByText("Scout r-n").locator("..").getByRole("button", { name: "Add" }).click();
  await expect(page.getByTestId("points-left")).toHaveText(`${points - 4} of ${points} points left`);
  await expectAccessible(page, "Feinthold's board with orders drafted");
  await screenshot(page, "feinthold", "board");
  await page.getByRole("button", { name: "Send the orders" }).click();
  await expect(page.getByRole("heading", { name: "Feinthold · turn 2 of 8" })).toBeVisible();
  await expect(page.getByTestId("report")).toContainText("Scouted: r-n");
  await screenshot(page, "feinthold", "report");

  // Then every turn: send (every unit holds) until the game ends; the house AI has sent already.
  for (let turn = 2; turn <= 8; turn++) {
    if (await page.getByTestId("winner").isVisible()) break;
    await expect(page.getByRole("heading", { name: `Feinthold · turn ${turn} of 8` })).toBeVisible();
    await page.getByRole("button", { name: "Send the orders" }).click();
    await expect(page.getByRole("heading", { name: `Feinthold · turn ${turn + 1} of 8` }).or(page.getByTestId("winner"))).toBeVisible();
  }
  await expect(page.getByTestId("winner")).toContainText("The game is over");
  await expectAccessible(page, "Feinthold's board at the end");
  await screenshot(page, "feinthold", "over");
  await page.getByRole("link", { name: "The record" }).click();
  await expect(page.getByRole("heading", { name: "Record of the game" })).toBeVisible();
  await expect(page.getByRole("cell", { name: /Scout r-n/ })).toBeVisible();
  await expectAccessible(page, "Feinthold's record");
  await screenshot(page, "feinthold", "record");
});
