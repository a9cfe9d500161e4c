// The browser tests: Debian's Chromium (never a browser a test tool downloads), against the local runner each
// worker starts with the manual clock (e2e/fixtures.ts).
import { defineConfig } from "@playwright/test";

export const CHROMIUM_FLAGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

export default defineConfig({
  testDir: "e2e",
  timeout: 60_000,
  expect: { timeout: 10_000 },
  // Two workers, each with its own runner, and every test free to go to either: the duels' tests wait on the
  // pace's polls, so the stage's time is its longest file's unless their tests spread.
  fullyParallel: true,
  workers: Number(process.env["E2E_WORKERS"] ?? 2),
  retries: 0,
  reporter: process.env["CI"] ? "line" : "list",
  use: {
    browserName: "chromium",
    launchOptions: { executablePath: process.env["CHROMIUM"] ?? "/usr/bin/chromium", args: CHROMIUM_FLAGS },
    viewport: { width: 1280, height: 800 },
    trace: "off",
    screenshot: "only-on-failure",
  },
});
