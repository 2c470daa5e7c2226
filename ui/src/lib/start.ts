// The answers to the window's first question (the workspace status and the
// resources' schemas), asked by ui/public/start.js while the page is still
// being read, before the UI's scripts: the window waits for what was asked
// ~40 ms earlier instead of asking once its scripts have run
// (BENCHMARKS.md, "Start against the floor").
import type { ResourceSchema, WorkspaceStatus } from "./bindings";
import { call, ipc, type UiError } from "./ipc";
import { frame } from "./marks";

declare global {
  interface Window {
    /** Set by ui/public/start.js: the two commands' pending answers, taken once. */
    __workdeskStart?: { status: Promise<unknown>; schemas: Promise<unknown> };
  }
}

/** The answer of a command invoked directly, as tauri-specta's bindings wrap it (their `typedError`). */
async function outcome<T>(pending: Promise<unknown>): Promise<{ status: "ok"; data: T } | { status: "error"; error: UiError }> {
  try {
    return { status: "ok", data: (await pending) as T };
  } catch (e) {
    if (e instanceof Error) throw e;
    // `call` checks that it is one.
    return { status: "error", error: e as UiError };
  }
}

/**
 * The workspace status and the schemas: the answers start.js asked for, the
 * first time (a later call, or a page without start.js, as in the component
 * tests, asks now). Errors as `ipc.workspaceStatus` and `ipc.resourceSchemas`:
 * a CommandError with the typed UiError.
 */
export function firstStatus(): [Promise<WorkspaceStatus>, Promise<ResourceSchema[]>] {
  const early = window.__workdeskStart;
  if (early) {
    delete window.__workdeskStart;
    return [call(outcome<WorkspaceStatus>(early.status)), call(outcome<ResourceSchema[]>(early.schemas))];
  }
  return [ipc.workspaceStatus(), ipc.resourceSchemas()];
}

/**
 * Runs `work` in a task of its own once the window has painted what is in
 * the DOM now (the next animation frame, then a task).
 */
export function afterPaint(work: () => void): void {
  void frame().then(() => setTimeout(work, 0));
}
