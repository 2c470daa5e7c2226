// Component tests run in jsdom with Tauri's IPC mocked (@tauri-apps/api/mocks).
import "@testing-library/jest-dom/vitest";
import { afterEach } from "vitest";
import { cleanup } from "@testing-library/svelte";
import { clearMocks } from "@tauri-apps/api/mocks";
import { downloads } from "../src/lib/downloads.svelte";
import { session } from "../src/lib/session.svelte";

afterEach(() => {
  cleanup();
  clearMocks();
  // The window's state outlives components: each test starts afresh (no
  // reconnect tries left running from an earlier test's offline state).
  session.reset();
  session.workingOffline = false;
  downloads.reset();
});
