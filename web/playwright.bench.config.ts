// The client's figures (bench/web/*.spec.ts): the browser tests' set-up, another folder, one worker.
import config from "./playwright.config";
import { defineConfig } from "@playwright/test";

export default defineConfig({ ...config, testDir: "../bench/web", timeout: 300_000, workers: 1, fullyParallel: false });
