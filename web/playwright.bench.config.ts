// The browser figures of the game boards (bench/web_boards.sh): the same Chromium and fixtures as the e2e tests.
import { defineConfig } from "@playwright/test";
import base from "./playwright.config";

export default defineConfig({ ...base, testDir: "bench", testMatch: "*.bench.ts", timeout: 300_000, reporter: "line" });
