// What the platform's browser tests share: moving inside the app without reloading it (tokens live in the
// page's memory only), and driving the API beside the browser as the other members' clients would.
import type { Page } from "@playwright/test";
import { expect, type Runner } from "./fixtures";

/** Opens `path` in the app as its own links do (history and the router), keeping the sign-in in memory. */
export async function go(page: Page, path: string) {
  await page.evaluate((href) => {
    history.pushState(null, "", href);
    dispatchEvent(new PopStateEvent("popstate"));
  }, path);
}

/** A call of the API as `sub` that must succeed; answers its body. */
export async function ok<T = Record<string, unknown>>(runner: Runner, sub: string, method: string, path: string, body?: unknown): Promise<T> {
  const answer = await runner.call(sub, method, path, body);
  expect(answer.status, `${method} ${path} as ${sub}: ${JSON.stringify(answer.body)}`).toBeLessThan(300);
  return answer.body as T;
}

/** A fresh name for each run of a test, as the runner of a worker outlives its tests. */
export function named(base: string): string {
  return `${base}${Math.floor(Math.random() * 1e6)}`;
}

/** Waits for Feinthold's board (the foundation's screen) to be drawn for the game the page is on. */
export async function onTheBoard(page: Page): Promise<string> {
  await expect(page).toHaveURL(/\/feinthold\/games\/[0-9a-f]{20}(-m\d+)?$/);
  await expect(page.getByRole("heading", { name: /^Feinthold · turn \d of 8$/, level: 1 })).toBeVisible();
  return page.url().split("/").pop()!;
}

/** Plays the game on Feinthold's board to its end by clicking, every unit holding, at a person's uneven pace. */
export async function playOnTheBoard(page: Page, runner: Runner) {
  for (const [index, delay] of [8, 13, 6, 11, 9, 14, 7, 12].entries()) {
    const turn = index + 1;
    if (await page.getByTestId("winner").isVisible()) return;
    await expect(page.getByRole("heading", { name: `Feinthold · turn ${turn} of 8` })).toBeVisible();
    await runner.advance(delay);
    await page.getByRole("button", { name: "Send the orders" }).click();
    await expect(page.getByRole("heading", { name: `Feinthold · turn ${turn + 1} of 8` }).or(page.getByTestId("winner"))).toBeVisible();
  }
}
