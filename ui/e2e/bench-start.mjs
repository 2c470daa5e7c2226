// Start time against the floor, for BENCHMARKS.md: Workdesk and the Tauri
// floor (src-tauri/floor: the smallest app on the same Tauri crates, one
// window with a heading and a button) started alternately in one run and
// measured the same way, from node's clock just before the WebDriver session
// is requested (WebKitWebDriver starts the app) to the first usable control
// displayed, found by polling `findElements`. The session is WebKitWebDriver's
// own, not through tauri-driver: its proxy hop delays about one request in
// two by 40–48 ms (Nagle's algorithm against delayed ACKs), as much as the
// gap being measured (support.mjs, startNativeDriver):
//   - the floor: its `#floor-button`;
//   - Workdesk on its first run (its settings and data deleted before each
//     run): the first-run form's submit button ("Connect").
// Also, by the page's own clock (User Timing marks), Workdesk's navigation
// start to its first question asked (ui/public/start.js), to the
// prerendered first-run form put on screen (ui/src/first-screen.ts) and to
// the form live (Rust's first answer applied, after the UI's scripts took
// the form over); its "Try the demo workspace" click to the first
// row of the records table displayed, split by the page's marks; and both
// binaries' sizes. And idle memory: the PSS (proportional set size, from
// /proc/<pid>/smaps_rollup) of the app's process and of its WebKit
// processes (its descendants: WebKitWebProcess, WebKitNetworkProcess), once
// the figure has settled (sampled every 500 ms until the last five samples,
// 2 s, are within 1 MiB of each other; at most 20 s): the floor with its
// button shown, Workdesk on its first-run form and on the demo's first page;
// also their private memory (USS), which other processes on the computer
// mapping the same libraries do not move as they move the PSS.
// Machines are noisy:
// the ratio of the medians is the figure to compare across machines.
// Each app starts as a new install (its data, settings and cache folders
// deleted), and a session starts only once the previous app has exited:
// two overlapping WebKitGTK apps in the same data folder made WebDriver hang.
// Run through .ci/bench-start (it builds both in release and sets up Xvfb,
// D-Bus and the private XDG folders of .ci/session).
//   WORKDESK_APP, WORKDESK_FLOOR  the two release binaries
//   WORKDESK_BENCH_RUNS           interleaved runs (default 7)
//   WORKDESK_APP_BEFORE           optional: a second Workdesk binary (the
//                                 build before a change), started after
//                                 WORKDESK_APP in each run and measured the same way
//   WEBKIT_DISABLE_DMABUF_RENDERER=1  both apps on the same renderer: Workdesk
//                                 sets it itself where there is no GPU render
//                                 node (workdesk_core::webkit), the floor does
//                                 not (BENCHMARKS.md, "Issue 48: size and idle memory")
import assert from "node:assert/strict";
import { existsSync, readFileSync, readdirSync, rmSync, statSync } from "node:fs";
import { basename, isAbsolute, join, relative } from "node:path";
import { performance } from "node:perf_hooks";
import { Builder, By } from "selenium-webdriver";
import { IDENTIFIER, WAIT_MS, byButton, nativeCapabilities, startNativeDriver } from "./support.mjs";

const APP = process.env.WORKDESK_APP;
const BEFORE = process.env.WORKDESK_APP_BEFORE;
const FLOOR = process.env.WORKDESK_FLOOR;
const RUNS = Number(process.env.WORKDESK_BENCH_RUNS ?? 7);
const SESSION = process.env.WORKDESK_TEST_SESSION;
/** The floor's identifier (src-tauri/floor/tauri.conf.json): its data folders' name. */
const FLOOR_IDENTIFIER = "dev.workdesk.floor";

assert.ok(APP && existsSync(APP), `WORKDESK_APP must name Workdesk's release binary (got ${APP})`);
assert.ok(!BEFORE || existsSync(BEFORE), `WORKDESK_APP_BEFORE must name a Workdesk binary (got ${BEFORE})`);
assert.ok(FLOOR && existsSync(FLOOR), `WORKDESK_FLOOR must name the floor's release binary (got ${FLOOR})`);
assert.ok(Number.isInteger(RUNS) && RUNS > 0, `WORKDESK_BENCH_RUNS must be a positive integer (got ${RUNS})`);
// Each run deletes the apps' settings and data: only ever inside the
// private folders of .ci/session.
assert.ok(SESSION, "run inside .ci/session: each run deletes the apps' settings and data folders");
const XDG = ["XDG_DATA_HOME", "XDG_CONFIG_HOME", "XDG_CACHE_HOME"].map((name) => {
  const dir = process.env[name];
  const inside = dir && relative(SESSION, dir);
  assert.ok(inside && !inside.startsWith("..") && !isAbsolute(inside), `${name} (${dir}) must be inside ${SESSION}`);
  return dir;
});

/** Deletes the data, settings and cache folders of the app `identifier`: it starts as a new install. */
function newInstall(identifier) {
  for (const dir of XDG) rmSync(join(dir, identifier), { recursive: true, force: true });
}

/**
 * Pids of this session's live processes running `binary`: the process name
 * (truncated by the kernel to 15 bytes) and this session's marker in the
 * environment, which the app inherits through WebKitWebDriver (a Workdesk
 * started elsewhere on the computer is not ours).
 */
function running(binary) {
  const name = basename(binary).slice(0, 15);
  const marker = `\0WORKDESK_TEST_SESSION=${SESSION}\0`;
  return readdirSync("/proc")
    .filter((d) => /^\d+$/.test(d))
    .filter((pid) => {
      try {
        const status = readFileSync(`/proc/${pid}/status`, "utf8");
        if (status.match(/^Name:\s+(.*)$/m)?.[1] !== name) return false;
        if (/^State:\s+[ZX]/m.test(status)) return false;
        return `\0${readFileSync(`/proc/${pid}/environ`, "latin1")}`.includes(marker);
      } catch {
        return false; // gone meanwhile, or not ours to read
      }
    })
    .map(Number);
}

/** The parent pid of every live process, by pid. */
function parents() {
  const parent = new Map();
  for (const pid of readdirSync("/proc").filter((d) => /^\d+$/.test(d))) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
      // "pid (comm) state ppid ...": comm may hold spaces and parentheses.
      parent.set(Number(pid), Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]));
    } catch {
      // gone meanwhile
    }
  }
  return parent;
}

/**
 * The PSS of process `pid` and its private memory (USS: Private_Clean +
 * Private_Dirty), in KiB (`/proc/<pid>/smaps_rollup`); zeros if it is gone.
 */
function memoryOf(pid) {
  try {
    const text = readFileSync(`/proc/${pid}/smaps_rollup`, "utf8");
    const kib = (field) => Number(new RegExp(`^${field}:\\s+(\\d+) kB$`, "m").exec(text)[1]);
    return { pss: kib("Pss"), uss: kib("Private_Clean") + kib("Private_Dirty") };
  } catch {
    return { pss: 0, uss: 0 };
  }
}

/**
 * The memory in MiB of the one process of this session running `binary`
 * and of its descendants (its WebKit processes): `app` and `webkit`, their
 * PSS (shared pages divided among the processes that map them, so it moves
 * with whatever else runs on the computer), and `appUss` and `webkitUss`,
 * their private memory (what only they hold).
 */
function memory(binary) {
  const [pid, ...more] = running(binary);
  assert.ok(pid && more.length === 0, `one ${basename(binary)} runs in this session (found ${[pid, ...more]})`);
  const parent = parents();
  const family = new Set([pid]);
  for (let grew = true; grew; ) {
    grew = false;
    for (const [child, of] of parent) {
      if (family.has(of) && !family.has(child)) {
        family.add(child);
        grew = true;
      }
    }
  }
  const own = memoryOf(pid);
  const webkit = [...family].filter((p) => p !== pid).map(memoryOf);
  const sum = (field) => webkit.reduce((total, m) => total + m[field], 0) / 1024;
  return { app: own.pss / 1024, webkit: sum("pss"), appUss: own.uss / 1024, webkitUss: sum("uss") };
}

/**
 * `memory(binary)` once idle: sampled every 500 ms until the last five
 * samples (2 s) are within 1 MiB of each other, or 20 s have passed.
 */
async function settledMemory(binary) {
  const samples = [];
  const deadline = performance.now() + 20_000;
  for (;;) {
    samples.push(memory(binary));
    const last = samples.slice(-5).map((s) => s.app + s.webkit);
    if (last.length === 5 && Math.max(...last) - Math.min(...last) <= 1) break;
    if (performance.now() > deadline) {
      console.log(`  (${basename(binary)}: memory still moving after 20 s: ${last.map((x) => x.toFixed(1)).join(", ")} MiB)`);
      break;
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  return samples.at(-1);
}

/** Resolves once no process of this session runs `binary`. */
async function exited(binary) {
  const deadline = performance.now() + WAIT_MS;
  while (running(binary).length > 0) {
    if (performance.now() > deadline) {
      throw new Error(`${basename(binary)} still runs ${WAIT_MS} ms after its session ended: ${running(binary)}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/**
 * Polls until the first element `locator` finds is displayed (a request
 * after another, no sleep between), and resolves with the time then.
 */
async function displayed(driver, locator, what) {
  const deadline = performance.now() + WAIT_MS;
  for (;;) {
    const [element] = await driver.findElements(locator);
    try {
      if (element && (await element.isDisplayed())) return performance.now();
    } catch (error) {
      // Replaced between the two requests (the UI rendered again): look again.
      if (error.name !== "StaleElementReferenceError") throw error;
    }
    if (performance.now() > deadline) throw new Error(`${what}: not displayed within ${WAIT_MS} ms`);
  }
}

/**
 * Starts `binary` as a new install through a WebDriver session, runs
 * `measure(driver, t0, launched)` (`t0`: node's clock just before the
 * session was requested; `launched`: the same instant as epoch ms), then
 * quits the session and waits until the app has exited.
 */
async function session(driverUrl, binary, identifier, measure) {
  await exited(binary);
  newInstall(identifier);
  const launched = performance.timeOrigin + performance.now();
  const t0 = performance.now();
  const driver = new Builder()
    .usingServer(driverUrl)
    .withCapabilities(nativeCapabilities(binary))
    .build();
  try {
    const result = await measure(driver, t0, launched);
    // The wait for its exit below must have something to wait for.
    assert.ok(running(binary).length > 0, `${basename(binary)} runs in this session (found in /proc)`);
    return result;
  } finally {
    // A session that failed to start has nothing to quit: the app's exit
    // is checked all the same.
    await driver.quit().catch(() => {});
    await exited(binary);
  }
}

/**
 * Resolves once WebKitWebDriver answers `GET /status`: a session requested
 * before it is ready is refused and retried by selenium-webdriver, which
 * would add to the first run's figure.
 */
async function driverReady(driverUrl) {
  const deadline = performance.now() + WAIT_MS;
  for (;;) {
    try {
      if ((await fetch(new URL("status", driverUrl))).ok) return;
    } catch {
      // not listening yet
    }
    if (performance.now() > deadline) throw new Error(`WebKitWebDriver did not answer within ${WAIT_MS} ms`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/**
 * Where a start went, once the page is shown: `{ navigation, paint }`, the
 * session request (`launched`, epoch ms) to the webview's navigation start
 * (the process side: the app's own start, its window and webview created),
 * and that navigation start to the page's first contentful paint (Paint
 * Timing), in ms.
 */
async function startParts(driver, launched) {
  const { origin, paint } = await driver.executeScript(() => ({
    origin: performance.timeOrigin,
    paint: performance.getEntriesByName("first-contentful-paint")[0]?.startTime,
  }));
  assert.ok(typeof paint === "number", "the webview reports its first contentful paint");
  return { navigation: origin - launched, paint };
}

const median = (xs) => {
  const sorted = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};
const ms = (x) => `${x.toFixed(0)} ms`;
const mb = (x) => `${x.toFixed(1)} MiB`;
/** A memory sample's whole: the app's process and its WebKit processes, in MiB. */
const total = (sample) => sample.app + sample.webkit;
/** The same for private memory (USS). */
const privateTotal = (sample) => sample.appUss + sample.webkitUss;

const floorStart = [];
const floorParts = { navigation: [], paint: [] };
const floorMemory = [];
/** Each Workdesk binary's figures, by path. */
const stats = new Map(
  [APP, ...(BEFORE && BEFORE !== APP ? [BEFORE] : [])].map((binary) => [
    binary,
    {
      start: [],
      parts: { navigation: [], paint: [] },
      firstScreen: { asked: [], prerendered: [], painted: [] },
      demoFirstRow: [],
      demoParts: { started: [], toRead: [], read: [], painted: [] },
      warmUp: { sum: [], longest: [] },
      memory: { firstRun: [], demo: [] },
    },
  ]),
);

/** One Workdesk start of `binary` as a new install, its figures added to `stat`. */
async function workdesk(driverUrl, binary, stat) {
  return session(driverUrl, binary, IDENTIFIER, async (driver, t0, launched) => {
    const submit = By.css("main.setup form button[type='submit']");
    const shown = await displayed(driver, submit, "the first-run form's submit button");
    const { navigation, paint } = await startParts(driver, launched);
    stat.parts.navigation.push(navigation);
    stat.parts.paint.push(paint);
    // The same by the page's own clock: its navigation start to the
    // first-run form painted, and to the first question's answer asked
    // (ui/public/start.js).
    const first = await driver.executeAsyncScript((done) => {
      const at = (name) => performance.getEntriesByName(name)[0]?.startTime;
      const read = () =>
        at("workdesk:first-screen-painted") === undefined
          ? requestAnimationFrame(read)
          : done({ asked: at("workdesk:start-asked"), prerendered: at("workdesk:first-screen-prerendered"), painted: at("workdesk:first-screen-painted") });
      read();
    });
    assert.ok(typeof first.prerendered === "number", "a first run puts the prerendered form on screen");
    stat.firstScreen.asked.push(first.asked);
    stat.firstScreen.prerendered.push(first.prerendered);
    stat.firstScreen.painted.push(first.painted);
    stat.memory.firstRun.push(await settledMemory(binary));
    // The first screen's warm-up, run while the form waits, a task per part
    // (ui/src/components/records/warm-up.ts; builds before 2026-11-29's eighth sitting have none).
    const warmUp = await driver.executeScript(() => performance.getEntriesByName("workdesk:warm-up").map((e) => e.duration));
    if (warmUp.length > 0) {
      stat.warmUp.sum.push(warmUp.reduce((a, b) => a + b, 0));
      stat.warmUp.longest.push(Math.max(...warmUp));
    }
    const button = await driver.findElement(byButton("Try the demo workspace"));
    const clicked = performance.now();
    await button.click();
    const row = await displayed(driver, By.css("table.records tbody tr[data-id]"), "the records table's first row");
    // Where the demo's time went, by the page's own clock (the User
    // Timing marks of ui/src/lib/marks.ts): the click to the list's
    // first read, that read (the sandbox's first page over loopback
    // HTTP, through the IPC), and its answer to the table painted.
    // The row can be found before the task that marks it painted has run.
    const marks = await driver.executeAsyncScript((done) => {
      const read = () =>
        performance.getEntriesByName("workdesk:page-painted").length === 0
          ? requestAnimationFrame(read)
          : done(Object.fromEntries(performance.getEntriesByType("mark").map((entry) => [entry.name, entry.startTime])));
      read();
    });
    const at = (name) => {
      assert.ok(typeof marks[name] === "number", `the mark ${name} was set: ${JSON.stringify(marks)}`);
      return marks[name];
    };
    stat.demoParts.started.push(at("workdesk:demo-started") - at("workdesk:demo-asked"));
    stat.demoParts.toRead.push(at("workdesk:page-requested") - at("workdesk:demo-started"));
    stat.demoParts.read.push(at("workdesk:page-received") - at("workdesk:page-requested"));
    stat.demoParts.painted.push(at("workdesk:page-painted") - at("workdesk:page-received"));
    stat.memory.demo.push(await settledMemory(binary));
    stat.start.push(shown - t0);
    stat.demoFirstRow.push(row - clicked);
  });
}

const nativeDriver = await startNativeDriver();
try {
  await driverReady(nativeDriver.url);
  for (let run = 1; run <= RUNS; run++) {
    floorStart.push(
      await session(nativeDriver.url, FLOOR, FLOOR_IDENTIFIER, async (driver, t0, launched) => {
        const shown = (await displayed(driver, By.css("#floor-button"), "the floor's button")) - t0;
        const { navigation, paint } = await startParts(driver, launched);
        floorParts.navigation.push(navigation);
        floorParts.paint.push(paint);
        floorMemory.push(await settledMemory(FLOOR));
        return shown;
      }),
    );
    const said = [];
    for (const [binary, stat] of stats) {
      await workdesk(nativeDriver.url, binary, stat);
      said.push(
        `${basename(binary)} first run ${ms(stat.start.at(-1))}, demo click to first row ${ms(stat.demoFirstRow.at(-1))},` +
          ` PSS first run ${mb(total(stat.memory.firstRun.at(-1)))}, demo ${mb(total(stat.memory.demo.at(-1)))}`,
      );
    }
    console.log(`run ${run}/${RUNS}: floor ${ms(floorStart.at(-1))}, PSS ${mb(total(floorMemory.at(-1)))}; ${said.join("; ")}`);
  }
} finally {
  nativeDriver.process.kill();
}

const mib = (file) => statSync(file).size / (1024 * 1024);
const row = (label, xs) =>
  console.log(`| ${label} | ${ms(median(xs))} | ${ms(Math.min(...xs))} | ${ms(Math.max(...xs))} |`);
const memoryRows = (label, samples) => {
  const part = (pick) => samples.map(pick);
  const line = (what, xs) =>
    console.log(`| ${label}: ${what} | ${mb(median(xs))} | ${mb(Math.min(...xs))} | ${mb(Math.max(...xs))} |`);
  line("PSS, the app and its WebKit processes", part(total));
  line("  of which the app's process", part((s) => s.app));
  line("  of which its WebKit processes", part((s) => s.webkit));
  line("private memory (USS), the app and its WebKit processes", part(privateTotal));
  line("  of which the app's process", part((s) => s.appUss));
  line("  of which its WebKit processes", part((s) => s.webkitUss));
};
console.log();
console.log(`floor: ${FLOOR}`);
console.log(
  `WEBKIT_DISABLE_DMABUF_RENDERER: ${process.env.WEBKIT_DISABLE_DMABUF_RENDERER ?? "unset (the floor on WebKit's default renderer, Workdesk on the one it chooses)"}`,
);
for (const binary of stats.keys()) console.log(`Workdesk: ${binary}`);
for (const [binary, stat] of stats) {
  console.log();
  console.log(`| figure (${RUNS} interleaved runs, release builds; Workdesk: ${basename(binary)}) | median | min | max |`);
  console.log("|---|---|---|---|");
  row("floor: session request to `#floor-button` displayed", floorStart);
  row("  of which: session request to the webview's navigation start (the process side)", floorParts.navigation);
  row("  of which (page clock): navigation start to the first contentful paint", floorParts.paint);
  row("Workdesk, first run: session request to the first-run form's submit button displayed", stat.start);
  row("  of which: session request to the webview's navigation start (the process side)", stat.parts.navigation);
  row("  of which (page clock): navigation start to the first contentful paint", stat.parts.paint);
  row("  of which (page clock): navigation start to the first question asked (ui/public/start.js)", stat.firstScreen.asked);
  row("  of which (page clock): navigation start to the prerendered first-run form put in the page (ui/src/first-screen.ts)", stat.firstScreen.prerendered);
  row("  (page clock): navigation start to the first-run form live (Rust's first answer applied and painted; two frames later in builds before 2026-11-29)", stat.firstScreen.painted);
  const ratio = median(stat.start) / median(floorStart);
  console.log(`| Workdesk / floor (ratio of the medians) | ${ratio.toFixed(2)}× | | |`);
  row('Workdesk: "Try the demo workspace" click to the first row of the records table displayed', stat.demoFirstRow);
  row("  of which (page clock): the demo's start (the sandbox started and seeded, through the IPC)", stat.demoParts.started);
  row("  of which (page clock): its answer to the list's first read sent (the shell created, up to the list)", stat.demoParts.toRead);
  row("  of which (page clock): the first read, while the list is created (the sandbox's page through the IPC)", stat.demoParts.read);
  row("  of which (page clock): its answer to the table painted (two frames later in builds before 2026-11-29)", stat.demoParts.painted);
  if (stat.warmUp.sum.length > 0) {
    row("  before it (page clock): the first screen's warm-up while the form waited, its tasks together", stat.warmUp.sum);
    row("  before it (page clock): the longest of those tasks (what a key typed meanwhile could wait)", stat.warmUp.longest);
  }
  memoryRows("floor idle, its button shown", floorMemory);
  memoryRows("Workdesk idle on its first-run form", stat.memory.firstRun);
  memoryRows("Workdesk idle on the demo's first page", stat.memory.demo);
  const ratioOf = (samples, of) => (median(samples.map(of)) / median(floorMemory.map(of))).toFixed(2);
  for (const [what, of] of [["PSS", total], ["USS", privateTotal]]) {
    console.log(
      `| ${what}, Workdesk / floor (ratio of the medians): first-run form, demo's first page |` +
        ` ${ratioOf(stat.memory.firstRun, of)}×, ${ratioOf(stat.memory.demo, of)}× | | |`,
    );
  }
  console.log(`| binary size: floor | ${mib(FLOOR).toFixed(1)} MiB | | |`);
  console.log(`| binary size: Workdesk | ${mib(binary).toFixed(1)} MiB | | |`);
}
