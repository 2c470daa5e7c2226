// The workspace the window shows (lib/workspace.svelte.ts): a status
// applied (another workspace starts at its last list or its overview), the
// form over it, and when the menu bar and Ctrl+1…9 wait.
import { describe, expect, test } from "vitest";
import { mockIPC } from "@tauri-apps/api/mocks";
import { LeaveQuestion } from "../src/lib/leave-question.svelte";
import { Router, type ScreenLoaders } from "../src/lib/router.svelte";
import { session } from "../src/lib/session.svelte";
import { Workspace } from "../src/lib/workspace.svelte";
import { serviceStatus, setupStatus } from "./fixtures";

const loaded = new Proxy({}, { get: () => () => Promise.resolve({}) }) as ScreenLoaders;

function window() {
  mockIPC(() => null);
  const question = new LeaveQuestion(() => {});
  const router = new Router(() => null, (proceed) => void question.leave(proceed), loaded);
  return { router, question, app: new Workspace(null, router, question) };
}

describe("the workspace", () => {
  test("a new workspace starts at its last list, or its overview; the same one keeps the section", () => {
    const { app, router } = window();
    expect(app.blocked()).toBe(true);
    app.show({ ...serviceStatus, last_resource: "customer" });
    expect(router.screen).toEqual({ kind: "list", resource: "customer" });
    expect(app.blocked()).toBe(false);
    router.screen = { kind: "storage" };
    app.show({ ...serviceStatus, zoom_percent: 125 });
    expect(router.screen).toEqual({ kind: "storage" });
    expect(session.zoom).toBe(125);
    app.show({ ...serviceStatus, workspace: { ...serviceStatus.workspace!, id: "other" }, opens_overview: true });
    expect(router.screen).toEqual({ kind: "overview" });
  });

  test("the form over the workspace: Add workspace…, Change connection, a refused key; it holds the menu bar", () => {
    const { app } = window();
    app.show(serviceStatus);
    expect(app.prompt).toBeNull();
    app.editing = true;
    expect(app.prompt).toEqual({ adding: false, refused: null });
    expect(app.blocked()).toBe(true);
    app.closePrompt();
    app.adding = true;
    expect(app.prompt).toEqual({ adding: true, refused: null });
    app.closePrompt();
    session.keyRefused = "revoked" as never;
    expect(app.prompt).toEqual({ adding: false, refused: "revoked" });
    app.closePrompt();
    expect(app.prompt).toBeNull();
  });

  test("the first-run screen has no form over it and holds the menu bar", () => {
    const { app } = window();
    app.show(setupStatus);
    expect(app.prompt).toBeNull();
    expect(app.blocked()).toBe(true);
  });

  test("a new key for the workspace on screen keeps its screen (Rust's records-changed reads the list again, in place)", () => {
    const { app, router } = window();
    app.show(serviceStatus);
    router.screen = { kind: "list", resource: "task" };
    app.ready(serviceStatus);
    expect(router.screen).toEqual({ kind: "list", resource: "task" });
    router.screen = { kind: "task" };
    app.ready(serviceStatus);
    expect(router.screen).toEqual({ kind: "task" });
    expect("reloads" in app).toBe(false);
  });
});
