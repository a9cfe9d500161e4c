// Signing in through the runner's OAuth endpoints (the same code path as Cognito's Hosted UI), then out.
import { expect, expectAccessible, screenshot, signIn, test } from "./fixtures";

test("a member signs in with PKCE, sees the home screen, and signs out", async ({ page, runner }) => {
  await page.goto(runner.url + "/");
  await expectAccessible(page, "the welcome screen");
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL(/\/oauth2\/authorize\?.*code_challenge_method=S256/);
  await screenshot(page, "app", "sign-in");
  await page.getByLabel("Sign in as").fill("ada");
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByTestId("member")).toHaveText("ada");
  await expect(page).toHaveURL(runner.url + "/");
  await expect(page.getByTestId("balance")).toHaveText("100");
  await expectAccessible(page, "home");
  await screenshot(page, "app", "home");
  // Tokens are in memory only: nothing of them in the page's storage.
  const stored = await page.evaluate(() => JSON.stringify({ ...localStorage }) + JSON.stringify({ ...sessionStorage }));
  expect(stored).not.toContain("eyJ");
  await page.getByRole("button", { name: "Sign out" }).click();
  await expect(page.getByRole("button", { name: "Sign in" })).toBeVisible();
});

test("a member signed in elsewhere comes back to the screen they asked for", async ({ page, runner }) => {
  await signIn(page, runner, "grace", { path: "/feinthold" });
  await expect(page).toHaveURL(runner.url + "/feinthold");
  await expect(page.getByRole("heading", { name: "Feinthold", level: 1 })).toBeVisible();
});
