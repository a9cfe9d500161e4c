// The client's build: Preact's JSX through Vite's own transformer (no Babel), one chunk per area.
import { defineConfig } from "vitest/config";

export default defineConfig({
  oxc: { jsx: { runtime: "automatic", importSource: "preact" } },
  build: {
    target: "es2022",
    // Sizes are checked by the build's report (gzipped) against the 150 KB first-load budget.
    reportCompressedSize: true,
    sourcemap: false,
  },
  test: {
    environment: "happy-dom",
    include: ["src/**/*.test.ts", "src/**/*.test.tsx"],
  },
});
