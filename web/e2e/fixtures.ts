// What every browser test stands on: a local runner of its own (manual clock, free ports, a fresh state
// folder), its client at /, members signed in through the sign-in form, the clock moved through the admin
// port, an accessibility check (axe-core: no serious or critical violation) and the screenshots of SCREENS=1.
import AxeBuilder from "@axe-core/playwright";
import { expect, test as base, type Browser, type Page } from "@playwright/test";
import { spawn, type ChildProcess } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const REPO = resolve(dirname(fileURLToPath(import.meta.url)), "..", "..");
const PYTHON = process.env["PYTHON"] ?? join(REPO, ".venv", "bin", "python");
export const SCREENS_DIR = join(REPO, "docs", "screens");
export const PHONE = { width: 390, height: 844 };

export interface Runner {
  /** the client's (and the API's) origin, e.g. http://127.0.0.1:40123 */
  url: string;
  /** the admin port of the manual clock */
  admin: string;
  /** POSTs JSON to the admin port (no Origin header: it refuses browsers) */
  adminPost: (path: string, body: unknown) => Promise<Record<string, unknown>>;
  /** moves the runner's manual clock on, runs what fell due, answers the new now */
  advance: (seconds: number) => Promise<string>;
  /** a bearer token for `sub`, to drive the API beside the browser (as another client would) */
  token: (sub: string, moderator?: boolean) => Promise<string>;
  /** a call of the API as `sub` (not through the page) */
  call: (sub: string, method: string, path: string, body?: unknown) => Promise<{ status: number; body: unknown }>;
}

async function startRunner(moderatorSignIn: boolean): Promise<{ runner: Runner; stop: () => Promise<void> }> {
  const state = mkdtempSync(join(tmpdir(), "feinthold-e2e-"));
  const args = ["-m", "localrun", "--clock", "manual", "--start", "2026-12-01T09:00:00Z", "--port", "0",
    "--admin-port", "0", "--state-dir", state, "--web-dist", join(REPO, "web", "dist")];
  if (moderatorSignIn) args.push("--moderator-sign-in");
  const child: ChildProcess = spawn(PYTHON, args, { cwd: REPO, stdio: ["ignore", "pipe", "pipe"], env: { ...process.env, TZ: "UTC" } });
  let log = "";
  child.stdout?.on("data", (chunk: Buffer) => (log += chunk.toString()));
  child.stderr?.on("data", (chunk: Buffer) => (log += chunk.toString()));
  const ready = join(state, "runner.json");
  const started = Date.now();
  while (!existsSync(ready)) {
    if (child.exitCode !== null) throw new Error(`the local runner stopped:\n${log}`);
    if (Date.now() - started > 60_000) throw new Error(`the local runner did not start in 60 s:\n${log}`);
    await new Promise((done) => setTimeout(done, 100));
  }
  const info = JSON.parse(readFileSync(ready, "utf8")) as { api: string; admin: string };
  const adminPost = async (path: string, body: unknown) => {
    const answer = await fetch(info.admin + path, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(body),
    });
    const payload = (await answer.json()) as Record<string, unknown>;
    if (!answer.ok) throw new Error(`admin ${path}: ${answer.status} ${JSON.stringify(payload)}`);
    return payload;
  };
  const token = async (sub: string, moderator = false) => String((await adminPost("/tokens", { sub, moderator }))["token"]);
  const runner: Runner = {
    url: info.api,
    admin: info.admin,
    adminPost,
    advance: async (seconds) => String((await adminPost("/clock/advance", { seconds }))["now"]),
    token,
    call: async (sub, method, path, body) => {
      const headers: Record<string, string> = { authorization: `Bearer ${await token(sub)}` };
      if (body !== undefined) headers["content-type"] = "application/json";
      if (method !== "GET") headers["idempotency-key"] = `e2e-${Date.now()}-${Math.random()}`;
      const answer = await fetch(info.api + path, { method, headers, body: body === undefined ? null : JSON.stringify(body) });
      const text = await answer.text();
      return { status: answer.status, body: text ? (JSON.parse(text) as unknown) : null };
    },
  };
  const stop = async () => {
    const stopped = new Promise<void>((done) => child.once("exit", () => done()));
    child.kill("SIGTERM");
    await stopped;
    rmSync(state, { recursive: true, force: true });
  };
  return { runner, stop };
}

/** Signs `name` in through the sign-in form, as a person would; answers once the home screen shows them. */
export async function signIn(page: Page, runner: Runner, name: string, options: { moderator?: boolean; path?: string } = {}) {
  await page.goto(runner.url + (options.path ?? "/"));
  await page.getByRole("button", { name: "Sign in" }).click();
  await page.getByLabel("Sign in as").fill(name);
  if (options.moderator) await page.getByLabel("in the moderators group").check();
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByTestId("member")).toHaveText(name);
}

/** axe-core on the page as it is: no serious or critical violation (the others are printed). */
export async function expectAccessible(page: Page, what: string) {
  const results = await new AxeBuilder({ page }).analyze();
  const grave = results.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  const describe = (list: typeof results.violations) =>
    list.map((v) => `${v.impact} ${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(" ")).join(", ")})`).join("\n");
  if (results.violations.length > grave.length) console.log(`axe, ${what}, minor:\n${describe(results.violations.filter((v) => !grave.includes(v)))}`);
  expect(grave, `axe on ${what}:\n${describe(grave)}`).toEqual([]);
}

/**
 * With SCREENS=1, docs/screens/<area>-<name>-desktop.png and -phone.png of the page as it is (the phone at
 * 390x844, then the viewport put back). Without it, nothing: the tests run at one size.
 */
export async function screenshot(page: Page, area: string, name: string) {
  if (!process.env["SCREENS"]) return;
  const size = page.viewportSize();
  await page.screenshot({ path: join(SCREENS_DIR, `${area}-${name}-desktop.png`) });
  await page.setViewportSize(PHONE);
  await page.screenshot({ path: join(SCREENS_DIR, `${area}-${name}-phone.png`), fullPage: true });
  if (size) await page.setViewportSize(size);
}

/** A second member in their own browser context (their own memory, their own tabs). */
export async function otherMember(browser: Browser, runner: Runner, name: string) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signIn(page, runner, name);
  return { context, page };
}

export const test = base.extend<{ runner: Runner }, { workerRunner: Runner }>({
  workerRunner: [
    async ({}, use) => {
      const { runner, stop } = await startRunner(true);
      await use(runner);
      await stop();
    },
    { scope: "worker", timeout: 90_000 },
  ],
  runner: async ({ workerRunner }, use) => use(workerRunner),
});

export { expect };
