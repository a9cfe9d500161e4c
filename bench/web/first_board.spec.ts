// Figures of the web client on the local runner (cd web && npx playwright test -c playwright.bench.config.ts):
// the time to the first drawn board (median of 10 loads, in the browser: from the callback page's navigation
// start, i.e. with the token exchange, the area's chunk and the game's view), and the requests a house game
// costs from the client: played to its end by holding, then left open one minute on the manual clock.
import { expect, signIn, test } from "../../web/e2e/fixtures";

test("first drawn board and a house game's requests", async ({ page, runner }) => {
  const requests: string[] = [];
  page.on("request", (r) => {
    const url = new URL(r.url());
    if (url.pathname.startsWith("/v1/")) requests.push(`${r.method()} ${url.pathname.replace(/\/[A-Za-z0-9_-]{16,}/g, "/{id}")}`);
  });
  await signIn(page, runner, "bench", { path: "/feinthold" });
  requests.length = 0;
  await page.getByRole("button", { name: "Start the game" }).click();
  await expect(page.getByTestId("board")).toBeVisible();
  const gameUrl = page.url();
  for (let turn = 1; turn <= 8; turn++) {
    if (await page.getByTestId("winner").isVisible()) break;
    await page.getByRole("button", { name: "Send the orders" }).click();
    await expect(page.getByRole("heading", { name: `Feinthold · turn ${turn + 1} of 8` }).or(page.getByTestId("winner"))).toBeVisible();
  }
  const played = requests.length;
  const tally = (list: string[]) => Object.entries(list.reduce<Record<string, number>>((t, r) => ({ ...t, [r]: (t[r] ?? 0) + 1 }), {}));
  console.log(`a house game played by holding: ${played} API requests:`, JSON.stringify(tally(requests)));
  requests.length = 0;
  await page.waitForTimeout(61_000);
  console.log(`then one idle minute on the board: ${requests.length} requests:`, JSON.stringify(tally(requests)));

  const times: number[] = [];
  for (let i = 0; i < 10; i++) {
    await signIn(page, runner, "bench", { path: new URL(gameUrl).pathname });
    await expect(page.getByTestId("board")).toBeVisible();
    times.push(await page.evaluate(() => performance.now()));
  }
  times.sort((a, b) => a - b);
  const median = (times[4]! + times[5]!) / 2;
  console.log(`time to the first drawn board (callback navigation to board), 10 loads: median ${median.toFixed(0)} ms; all ${times.map((t) => t.toFixed(0)).join(" ")}`);
});
