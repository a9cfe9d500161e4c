// Figures of the two boards, printed: each board's chunk gzipped; the time to draw the Front 1901 map and the
// Feint board on a fresh load (median of 10, alternating with the home screen as the reference); frames per
// second replaying a Front 1901 game's history on the map. Run by bench/web_boards.sh.
import type { Page } from "@playwright/test";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { signIn, test } from "../../web/e2e/fixtures";

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2;
};

/**
 * Milliseconds from an in-app navigation to `path` (the router's own, as a click on a link: the tokens are in
 * memory, so a reload would sign the member out) until `selector` is in the page.
 */
async function drawn(page: Page, path: string, selector: string): Promise<number> {
  return page.evaluate(
    ([to, sel]) =>
      new Promise<number>((done, fail) => {
        const began = performance.now();
        history.pushState(null, "", to);
        dispatchEvent(new PopStateEvent("popstate"));
        const check = () => {
          if (document.querySelector(sel!)) done(performance.now() - began);
          else if (performance.now() - began > 20_000) fail(new Error(`${sel} not drawn at ${to}`));
          else requestAnimationFrame(check);
        };
        check();
      }),
    [path, selector],
  );
}

test("the boards' figures", async ({ page, runner }) => {
  const dist = join(import.meta.dirname, "..", "..", "web", "dist", "assets");
  for (const file of readdirSync(dist).filter((f) => /^(front1901|feint|index)-.*\.js$/.test(f))) {
    console.log(`chunk ${file}: ${(gzipSync(readFileSync(join(dist, file))).length / 1024).toFixed(1)} KB gzipped`);
  }
  await signIn(page, runner, "bench");
  const f19 = (await runner.call("bench", "POST", "/v1/front1901/games", { power: "FRANCE", level: "easy" })).body as { game_id: string };
  for (const phase of ["S1901M", "F1901M", "S1902M", "F1902M", "S1903M", "F1903M"]) {
    await runner.call("bench", "PUT", `/v1/front1901/games/${f19.game_id}/phases/${phase}/orders`, { orders: [] });
  }
  const feint = (await runner.call("bench", "POST", "/v1/feint/games", { mode: "solo", seats: 3 })).body as { game_id: string; number: number };
  await runner.call("bench", "POST", `/v1/feint/games/${feint.game_id}/commands`, { number: 0, command: { kind: "deal" } });
  const times: Record<string, number[]> = { home: [], map: [], feint: [] };
  const map = `/front1901/games/${f19.game_id}`;
  const board = `/feint/games/${feint.game_id}`;
  // The first visit of each area loads its chunk; the ten after it draw the screen and fetch its view.
  console.log(`first visit: map ${(await drawn(page, map, "[data-testid=front1901-map] [data-unit]")).toFixed(0)} ms, ` +
    `Feint board ${(await drawn(page, board, "[data-testid=feint-board] [data-token]")).toFixed(0)} ms (chunk loaded)`);
  for (let i = 0; i < 10; i++) {
    times["home"]!.push(await drawn(page, "/", "[data-testid=balance]"));
    times["map"]!.push(await drawn(page, map, "[data-testid=front1901-map] [data-unit]"));
    times["home"]!.push(await drawn(page, "/", "[data-testid=balance]"));
    times["feint"]!.push(await drawn(page, board, "[data-testid=feint-board] [data-token]"));
  }
  const ref = median(times["home"]!);
  for (const [name, xs] of Object.entries(times)) {
    console.log(`draw ${name}: median ${median(xs).toFixed(0)} ms of ${xs.length} loads (${(median(xs) / ref).toFixed(2)}x the home screen)`);
  }
  await drawn(page, `${map}/history`, "[data-testid=front1901-map]");
  const fps: number[] = [];
  for (let i = 0; i < 3; i++) {
    await page.getByRole("button", { name: "Replay" }).click();
    const shown = page.getByTestId("fps");
    await shown.waitFor();
    fps.push(Number((await shown.textContent())!.match(/\d+/)![0]));
    await drawn(page, "/", "[data-testid=balance]");
    await drawn(page, `${map}/history`, "[data-testid=front1901-map]");
  }
  console.log(`replay Front 1901 history: median ${median(fps)} frames a second (${fps.join(", ")}; one phase a frame)`);
});
