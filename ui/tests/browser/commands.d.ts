// The commands vitest.browser.config.ts gives the browser tests (run in
// Node through Playwright), declared once for every test file.
import "vitest/browser";

declare module "vitest/browser" {
  interface BrowserCommands {
    /** Emulates forced colours and a colour scheme, and `screen` or `print` media (screen unless said). */
    emulateColours: (forced: "active" | "none", scheme: "light" | "dark", media?: "screen" | "print") => Promise<void>;
    /** Saves a screenshot of the page to artifacts/screenshots/<name>.png. */
    saveScreenshot: (name: string) => Promise<void>;
  }
}
