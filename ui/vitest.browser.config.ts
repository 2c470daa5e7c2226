// Component tests that need a real browser engine, in Chromium (headless,
// through Playwright): what jsdom cannot render, such as Windows' forced
// colours. Chromium is the engine of WebView2, the webview Workdesk runs in
// on Windows, where forced colours (High Contrast) exist. Chromium is the
// system's (`CHROMIUM_PATH`, else Debian's `chromium`, else Google Chrome):
// Playwright downloads no browser. Run with `npm run test:browser`; `.ci/test` runs it on Linux.
import { fileURLToPath } from "node:url";
import { existsSync, mkdirSync } from "node:fs";
import { join } from "node:path";
import { defineConfig } from "vitest/config";
import { svelte } from "@sveltejs/vite-plugin-svelte";
import { playwright } from "@vitest/browser-playwright";
import type { BrowserCommand } from "vitest/node";

const root = fileURLToPath(new URL(".", import.meta.url));
const viewport = { width: 1280, height: 800 };
const chromium =
  process.env.CHROMIUM_PATH ?? ["/usr/bin/chromium", "/usr/bin/google-chrome"].find((path) => existsSync(path)) ?? "/usr/bin/chromium";

/** Turns forced colours on or off, in the light or dark system theme, on screen or (`print`) as printed. */
const emulateColours: BrowserCommand<[forced: "active" | "none", scheme: "light" | "dark", media?: "screen" | "print"]> = async (
  ctx,
  forced,
  scheme,
  media = "screen",
) => {
  await ctx.page.emulateMedia({ forcedColors: forced, colorScheme: scheme, media });
};

/**
 * Saves the window as `<WORKDESK_ARTIFACTS or artifacts>/screenshots/<name>.png`,
 * beside the end-to-end tests' screenshots.
 */
const saveScreenshot: BrowserCommand<[name: string]> = async (ctx, name) => {
  const dir = join(process.env.WORKDESK_ARTIFACTS ?? "artifacts", "screenshots");
  mkdirSync(dir, { recursive: true });
  await ctx.iframe.locator("body").screenshot({ path: join(dir, `${name}.png`), animations: "disabled" });
};

export default defineConfig({
  root,
  plugins: [svelte()],
  clearScreen: false,
  json: { stringify: true },
  test: {
    root,
    include: ["tests/browser/**/*.test.ts"],
    env: { TZ: "America/Bogota" },
    browser: {
      enabled: true,
      headless: true,
      viewport,
      screenshotFailures: false,
      provider: playwright({
        launchOptions: {
          executablePath: chromium,
          chromiumSandbox: false,
          // No connections of its own (updates, sync, field trials): the
          // tests' machine may have no network.
          args: ["--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run", "--disable-quic"],
        },
        contextOptions: { viewport, locale: "en-US" },
      }),
      instances: [{ browser: "chromium" }],
      commands: { emulateColours, saveScreenshot },
    },
  },
});
