// Performance marks of the list (User Timing), which the whole-app
// benchmark reads (ui/e2e/bench-app.mjs): the exact names matter.
//
// - `workdesk:page-requested`: a page was asked for;
// - `workdesk:page-received` / `workdesk:saved-page-received`: the
//   service's answer, or the saved one, arrived;
// - `workdesk:page` / `workdesk:saved-page` (measures): request to the table
//   painted, and `…-render`: answer to painted;
// - `workdesk:interactive`: the first table painted since the window opened;
// - `workdesk:demo-asked`: "Try the demo workspace" was clicked, and
//   `workdesk:demo-started`: the demo's start answered (the start
//   benchmark, ui/e2e/bench-start.mjs, splits the demo's time with them);
// - `workdesk:start-asked`: ui/public/start.js asked the window's first
//   question while the page was being read (lib/start.ts), and
//   `workdesk:first-screen-painted`: the screen its answer chose is
//   painted (bench-start.mjs reads both);
// - `workdesk:overview-requested`, `workdesk:overview-received` and the
//   measure `workdesk:overview`: the overview asked for, its figures
//   arrived, and request to its cards and charts painted (bench-app.mjs).
import { tick } from "svelte";

/** Which answer was painted: the service's, or the one saved on this computer. */
export type Answer = "page" | "saved-page";

/** Records the mark `name` (nothing where User Timing is missing, as in tests). */
export function mark(name: string): void {
  try {
    performance.mark(name);
  } catch {
    // No User Timing here: nothing to record.
  }
}

/** The next animation frame (a task where there are no frames, as in the component tests). */
export function frame(): Promise<void> {
  return new Promise((resolve) => {
    if (typeof requestAnimationFrame === "function") requestAnimationFrame(() => resolve());
    else setTimeout(resolve, 0);
  });
}

/** Resolves once what is in the DOM now is painted: Svelte's pending updates applied, then two frames. */
async function painted(): Promise<void> {
  await tick();
  await frame();
  await frame();
}

/**
 * Two frames after an answer is in the DOM: measures the request to the
 * painted table (`workdesk:page`, `workdesk:saved-page`) and the answer's
 * own render, and marks the window interactive the first time.
 */
export async function markPainted(which: Answer): Promise<void> {
  await painted();
  try {
    performance.mark(`workdesk:${which}-painted`);
    performance.measure(`workdesk:${which}`, "workdesk:page-requested", `workdesk:${which}-painted`);
    performance.measure(`workdesk:${which}-render`, `workdesk:${which}-received`, `workdesk:${which}-painted`);
    if (performance.getEntriesByName("workdesk:interactive").length === 0) performance.mark("workdesk:interactive");
  } catch {
    // As above.
  }
}

/** Two frames after the overview's figures are in the DOM: measures `workdesk:overview` from its request. */
export async function markOverviewPainted(): Promise<void> {
  await painted();
  try {
    performance.mark("workdesk:overview-painted");
    performance.measure("workdesk:overview", "workdesk:overview-requested", "workdesk:overview-painted");
  } catch {
    // As above.
  }
}

/** Two frames after the window's first screen (the first-run form or a workspace) is in the DOM: marks `workdesk:first-screen-painted`. */
export async function markFirstScreenPainted(): Promise<void> {
  await painted();
  mark("workdesk:first-screen-painted");
}
