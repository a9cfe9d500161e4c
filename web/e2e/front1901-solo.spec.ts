// Front 1901 in the browser: a solo game clicked through 1901 (orders on the map, one proposal accepted, one
// order void on purpose with its reason shown), and the daily challenge whose second start is refused.
import type { Page } from "@playwright/test";
import drawn from "../src/games/front1901/map/map.json" with { type: "json" };
import { expect, expectAccessible, screenshot, signIn, test } from "./fixtures";

const provinces = drawn.provinces as unknown as Record<string, { at: [number, number] }>;

/** Clicks the map where the province's name and unit are drawn. */
async function clickProvince(page: Page, province: string) {
  const map = page.getByTestId("front1901-map");
  await map.scrollIntoViewIfNeeded();
  const box = (await map.boundingBox())!;
  const scale = box.width / drawn.width;
  const [x, y] = provinces[province]!.at;
  await page.mouse.click(box.x + x * scale, box.y + (y + 4) * scale);
}

async function order(page: Page, unit: string, ...places: string[]) {
  await clickProvince(page, unit);
  for (const place of places) await clickProvince(page, place);
}

test("a solo game of England clicked through 1901, a pact agreed, a void order explained", async ({ page, runner }) => {
  await signIn(page, runner, "fiona", { path: "/front1901" });
  await page.getByLabel("Power").selectOption("ENGLAND");
  await page.getByLabel("Level").selectOption("easy");
  await page.getByRole("button", { name: "Start" }).click();
  await expect(page.getByTestId("phase")).toHaveText("S1901M");
  await expectAccessible(page, "the Front 1901 board");

  // A pact: proposed to each power in turn until one agrees.
  const tabs = page.getByRole("tablist", { name: "Powers" }).getByRole("tab");
  let agreed = false;
  for (let i = 0; i < 6 && !agreed; i++) {
    await tabs.nth(i).click();
    await page.getByRole("button", { name: /^Propose/ }).click();
    await expect(page.getByTestId("answer")).toBeVisible();
    agreed = /accepted/.test((await page.getByTestId("answer").textContent()) ?? "");
  }
  expect(agreed).toBe(true);
  await expect(page.getByTestId("agreements")).toContainText("pact");

  await order(page, "LON", "NTH");
  await order(page, "EDI", "NWG");
  await expect(page.getByTestId("draft")).toContainText("F LON - NTH");
  await expect(page.getByTestId("draft")).toContainText("F EDI - NWG");
  await expect(page.locator('[data-order="F LON - NTH"]')).toBeVisible();
  // Void on purpose, typed: Liverpool is nowhere near Burgundy.
  await page.getByLabel("Type an order").fill("A LVP - BUR");
  await page.getByLabel("Type an order").press("Enter");
  await page.getByRole("button", { name: "Save draft" }).click();
  await expect(page.getByTestId("draft-void")).toContainText("BUR is not next to LVP");
  await screenshot(page, "front1901", "board");
  await page.getByRole("button", { name: "Send orders for S1901M" }).click();
  await expect(page.getByTestId("phase")).toHaveText("F1901M");
  await expect(page.getByTestId("void")).toContainText("A LVP - BUR");
  await expect(page.getByTestId("void")).toContainText("BUR is not next to LVP");

  // Fall, by keyboard for one order: the unit's list of legal orders.
  await order(page, "NTH", "NWY");
  await page.getByLabel("F NWG").focus();
  await page.keyboard.press("ArrowDown"); // "F NWG H"
  await page.keyboard.press("ArrowDown"); // "F NWG - BAR"
  await expect(page.getByTestId("draft")).toContainText("F NWG - BAR");
  await page.getByRole("button", { name: "Send orders for F1901M" }).click();
  await expect(page.getByTestId("phase")).not.toHaveText("F1901M");
  if ((await page.getByTestId("phase").textContent()) === "W1901A") {
    await page.getByRole("checkbox").first().check();
    await page.getByRole("button", { name: "Send orders for W1901A" }).click();
  }
  await expect(page.getByTestId("phase")).toHaveText("S1902M");
  // The centres on the map are coloured by their owner as the view says.
  await expect(page.locator('[data-centre="LON"]')).toHaveAttribute("data-owner", "ENGLAND");
  await expect(page.locator('[data-centre="PAR"]')).toHaveAttribute("data-owner", "FRANCE");
  await screenshot(page, "front1901", "1902");
  // The history: a slider over the phases played, each drawn on the map.
  await page.getByRole("link", { name: "history" }).click();
  const slider = page.getByLabel(/^Phase \d+ of \d+/);
  await slider.fill("0");
  await expect(page.getByText("Phase 1 of")).toContainText("S1901M");
  await expect(page.locator('[data-order="A LVP - BUR"]')).toHaveCount(1);
  await expectAccessible(page, "the Front 1901 history");
});

test("the daily challenge starts once a day; the second start says why not", async ({ page, runner }) => {
  await signIn(page, runner, "gwen", { path: "/front1901/daily" });
  await expect(page.getByTestId("challenge")).toBeVisible();
  await page.getByRole("button", { name: "Start today's game" }).click();
  await expect(page.getByTestId("phase")).toHaveText("S1901M");
  await page.goto(runner.url + "/front1901/daily");
  await signIn(page, runner, "gwen", { path: "/front1901/daily" });
  await expect(page.getByTestId("my-entry")).toContainText("playing");
  await page.getByRole("button", { name: "Start today's game" }).click();
  await expect(page.getByRole("alert")).toBeVisible();
  await expectAccessible(page, "the daily challenge");
  await screenshot(page, "front1901", "daily");
});
