// Performance marks of the list (User Timing), which the whole-app
// benchmark reads (ui/e2e/bench-app.mjs): the exact names matter.
//
// - `workdesk:page-requested`: a page was asked for;
// - `workdesk:page-received` / `workdesk:saved-page-received`: the
//   service's answer, or the saved one, arrived;
// - `workdesk:page` / `workdesk:saved-page` (measures): request to the table
//   painted, and `…-render`: answer to painted, in four steps (`…-script`,
//   `…-wait`, `…-layout`, `…-paint`: see `markPainted`). "Painted" is the
//   first task after the frame that shows it (until 2026-11-29: two
//   animation frames after the DOM changed, one frame later);
// - `workdesk:interactive`: the first table painted since the window opened;
// - `workdesk:demo-asked`: "Try the demo workspace" was clicked, and
//   `workdesk:demo-started`: the demo's start answered (the start
//   benchmark, ui/e2e/bench-start.mjs, splits the demo's time with them);
// - `workdesk:warm-up` (measure): the first screen run once off screen
//   while the first-run form waits (components/records/warm-up.ts), one
//   task; bench-start.mjs reports it;
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

/** The next task: after the rendering update under way (a frame's style, layout and paint) has run. */
export function nextTask(): Promise<void> {
  return new Promise((resolve) => {
    if (typeof MessageChannel !== "function") return void setTimeout(resolve, 0);
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      resolve();
    };
    channel.port2.postMessage(null);
  });
}

/**
 * The steps of one paint, each a time on the page's clock (ms, as
 * `performance.now()`): Svelte's updates applied (`dom`), the next frame
 * begun (`frame`), its style and layout done (`layout`, forced in the
 * frame's callback, where WebKit would do them next anyway) and the frame
 * painted (`painted`: the first task after it).
 */
type Steps = { dom: number; frame: number; layout: number; painted: number };

/** Resolves once what is in the DOM now is painted, with the time each step ended. */
export async function painted(): Promise<Steps> {
  await tick();
  const dom = performance.now();
  await frame();
  const started = performance.now();
  // Style and layout now, in the frame, so their time is told apart from the paint's.
  void document.documentElement.getBoundingClientRect();
  const layout = performance.now();
  await nextTask();
  return { dom, frame: started, layout, painted: performance.now() };
}

/** Records measure `name` from `start` to `end` (times on the page's clock, or mark names). */
export function measure(name: string, start: number | string, end: number | string): void {
  try {
    performance.measure(name, { start, end });
  } catch {
    // No User Timing here, or a mark missing: nothing to record.
  }
}

/**
 * Once an answer in the DOM is painted: measures the request to the painted
 * table (`workdesk:page`, `workdesk:saved-page`), the answer's own render
 * (`…-render`: received to painted) and its steps (`…-script`: Svelte's
 * update; `…-wait`: until the next frame begins; `…-layout`: style and
 * layout; `…-paint`: the paint), and marks the window interactive the first
 * time.
 */
export async function markPainted(which: Answer): Promise<void> {
  const steps = await painted();
  const received = `workdesk:${which}-received`;
  mark(`workdesk:${which}-painted`);
  measure(`workdesk:${which}`, "workdesk:page-requested", `workdesk:${which}-painted`);
  measure(`workdesk:${which}-render`, received, `workdesk:${which}-painted`);
  measure(`workdesk:${which}-script`, received, steps.dom);
  measure(`workdesk:${which}-wait`, steps.dom, steps.frame);
  measure(`workdesk:${which}-layout`, steps.frame, steps.layout);
  measure(`workdesk:${which}-paint`, steps.layout, steps.painted);
  try {
    if (performance.getEntriesByName("workdesk:interactive").length === 0) mark("workdesk:interactive");
  } catch {
    // As above.
  }
  // The measure as it was defined until 2026-11-29 (received to the
  // second frame's start), to compare with builds from before.
  await frame();
  measure(`workdesk:${which}-render-frames`, received, performance.now());
}

/** Once the overview's figures in the DOM are painted: measures `workdesk:overview` from its request. */
export async function markOverviewPainted(): Promise<void> {
  await painted();
  mark("workdesk:overview-painted");
  measure("workdesk:overview", "workdesk:overview-requested", "workdesk:overview-painted");
}

/** Once the window's first screen (the first-run form or a workspace) is in the DOM: marks `workdesk:first-screen-painted`. */
export async function markFirstScreenPainted(): Promise<void> {
  await painted();
  mark("workdesk:first-screen-painted");
}
