import { fileURLToPath } from "node:url";
import { defineConfig } from "vite";
import { configDefaults } from "vitest/config";
import { svelte } from "@sveltejs/vite-plugin-svelte";

const root = fileURLToPath(new URL(".", import.meta.url));

// The UI lives in ui/ while package.json and tauri.conf.json stay at the top
// level (the user's layout), so Vite's root is this folder.
export default defineConfig({
  root,
  plugins: [svelte()],
  clearScreen: false,
  server: { port: 5173, strictPort: true },
  // One style sheet for the whole UI, linked from the page: the prerendered
  // first-run form is painted with its styles before any script runs
  // (main.ts).
  build: { outDir: "dist", emptyOutDir: true, target: "safari16", cssCodeSplit: false },
  // The message catalogues as `JSON.parse("…")`: read faster at start than
  // the same data as object literals.
  json: { stringify: true },
  resolve: process.env.VITEST ? { conditions: ["browser"] } : undefined,
  test: {
    root,
    environment: "jsdom",
    include: ["tests/**/*.test.ts"],
    // Those run in Chromium (vitest.browser.config.ts, `npm run test:browser`).
    exclude: [...configDefaults.exclude, "tests/browser/**"],
    setupFiles: ["tests/setup.ts"],
    // One time zone for every run, with an offset (UTC-5, no daylight
    // saving), so that local date-times have literal expected instants.
    env: { TZ: "America/Bogota" },
  },
});
