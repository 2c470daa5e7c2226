// Component tests run in jsdom with Tauri's IPC mocked (@tauri-apps/api/mocks).
import "@testing-library/jest-dom/vitest";
import { afterEach } from "vitest";
import { cleanup, configure } from "@testing-library/svelte";
import { clearMocks } from "@tauri-apps/api/mocks";
import { downloads } from "../src/lib/downloads.svelte";
import { recordsChanged } from "../src/lib/records-changed";
import { session } from "../src/lib/session.svelte";
import { i18n } from "../src/lib/i18n.svelte";

// jsdom has no 2D canvas (it logs "Not implemented" when asked): text
// widths fall back to an estimate by characters, as in the app without one.
HTMLCanvasElement.prototype.getContext = (() => null) as typeof HTMLCanvasElement.prototype.getContext;

// How long `findBy…` and `waitFor` wait for the screen to show what a
// test expects: past testing-library's 1 s, as a loaded machine (CI building
// beside the tests) sometimes is, still failing fast when it never shows.
configure({ asyncUtilTimeout: 4000 });

afterEach(() => {
  cleanup();
  clearMocks();
  // The window's state outlives components: each test starts afresh.
  session.reset();
  session.workingOffline = false;
  downloads.reset();
  recordsChanged.show(null);
  // The language as a new window starts in it (English, the test runner's locale).
  i18n.use("system", ["en-US"]);
});
