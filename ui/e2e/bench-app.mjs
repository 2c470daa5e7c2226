// Whole-app figures for BENCHMARKS.md: the app binary's size; the time from
// launch to an interactive window (the first page of supplier invoices
// painted: the UI's `workdesk:interactive` performance mark), in the demo
// workspace; the time from clicking "Next page" to a 200-row page painted
// (the UI's `workdesk:page` measure, from the request to the first task
// after the frame that shows the rows; with its steps: the request, then
// the answer's script, the wait for a frame, style and layout, paint; and
// the answer to the second frame, the definition before 2026-11-29, which
// older builds report as their "answer to painted"); the same for a 200-row page saved
// earlier, working offline (`workdesk:saved-page`); and the memory (RSS) of
// the app and its WebKit processes; and the IPC calls the window makes for
// one "Next page" and for opening another list until its first page shows
// (every `invoke`, counted in the page); and, as WebKit's floor for a
// page, the same rows' texts changed by bare DOM writes and painted.
// Run through .ci/bench (it sets up Xvfb, D-Bus and the build).
import assert from "node:assert/strict";
import { readFileSync, readdirSync, statSync } from "node:fs";
import { Builder, By, until } from "selenium-webdriver";
import { startTauriDriver, removeAppData } from "./support.mjs";

const APP = process.env.WORKDESK_APP;
const RUNS = Number(process.env.WORKDESK_BENCH_RUNS ?? 5);
assert.ok(APP, "WORKDESK_APP must name the app binary");

/** Processes (pid, name, ppid, rss in KiB) from /proc. */
function processes() {
  return readdirSync("/proc")
    .filter((d) => /^\d+$/.test(d))
    .flatMap((pid) => {
      try {
        const status = readFileSync(`/proc/${pid}/status`, "utf8");
        const field = (name) => status.match(new RegExp(`^${name}:\\s+(.*)$`, "m"))?.[1] ?? "";
        return [{ pid: Number(pid), name: field("Name"), ppid: Number(field("PPid")), rssKiB: parseInt(field("VmRSS")) || 0 }];
      } catch {
        return [];
      }
    });
}

/** RSS of the app process and everything below it, in MiB. */
function appMemory() {
  const all = processes();
  // The newest live one: the previous run's app may still be exiting (a
  // zombie holds no memory).
  const app = all.filter((p) => p.name === "workdesk" && p.rssKiB > 0).sort((a, b) => b.pid - a.pid)[0];
  assert.ok(app, "the app process is running");
  const tree = [app];
  for (let i = 0; i < tree.length; i++) tree.push(...all.filter((p) => p.ppid === tree[i].pid));
  const mib = (kib) => kib / 1024;
  return {
    app: mib(app.rssKiB),
    total: mib(tree.reduce((sum, p) => sum + p.rssKiB, 0)),
    names: tree.map((p) => p.name).join(", "),
  };
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

const PAGES = Number(process.env.WORKDESK_BENCH_PAGES ?? 10);

/** The UI's performance entries called `name` (marks and measures), as plain objects. */
const entries = (driver, name) =>
  driver.executeScript(
    "return performance.getEntriesByName(arguments[0]).map((e) => ({ startTime: e.startTime, duration: e.duration }));",
    name,
  );

// A new install: no settings or saved data left by an earlier run.
removeAppData();
const tauriDriver = await startTauriDriver();
const startup = [];
const startupInWebview = [];
/** A painted page's figures: request to painted, and the steps of its answer's render (lib/marks.ts). */
const STEPS = ["render", "script", "wait", "layout", "paint", "render-frames"];
const pageSteps = { page: [], "saved-page": [] };
/** Reads the last painted answer's measures (`which`: "page" or "saved-page"). */
async function readSteps(driver, which, back = false) {
  const figures = { whole: (await entries(driver, `workdesk:${which}`)).at(-1).duration, back };
  for (const step of STEPS) figures[step] = (await entries(driver, `workdesk:${which}-${step}`)).at(-1)?.duration ?? NaN;
  figures.request = figures.whole - figures.render;
  pageSteps[which].push(figures);
}
/**
 * Turns `PAGES` pages of 200 from page 1, each painted (`which`: the
 * service's answer, "page", or the saved one, "saved-page"), and keeps
 * their figures: forward to the last full page (the demo's last page is
 * shorter), back to the first, and again. Resolves with the page it ends on.
 */
async function turnPages(driver, which) {
  const status = await driver.findElement(By.id("page-status"));
  const lastFull = Number((await status.getText()).match(/of (\d+)/)[1]) - 1;
  let at = 1;
  let forward = true;
  for (let page = 0; page < PAGES; page++) {
    if (at === lastFull) forward = false;
    if (at === 1) forward = true;
    at += forward ? 1 : -1;
    const before = (await entries(driver, `workdesk:${which}`)).length;
    await driver.findElement(By.xpath(`//button[normalize-space(.)='${forward ? "Next page" : "Previous page"}']`)).click();
    await driver.wait(async () => (await entries(driver, `workdesk:${which}`)).length > before, 30_000);
    const table = await driver.findElement(By.css("table.records"));
    assert.equal(await table.getAttribute("aria-rowcount"), "201", `a ${which === "page" ? "" : "saved "}page of 200 rows painted`);
    await readSteps(driver, which, !forward);
  }
  return at;
}
/** The same rows' texts changed by bare DOM writes: WebKit's own time for a page (script, wait, layout, paint). */
const bareSteps = [];
const memory = [];
const ipc = {};
/**
 * Counts every IPC call the page makes from now on, from zero: Tauri's IPC
 * on Linux is a `fetch` of `ipc://localhost/<command>` (its `invoke` itself
 * cannot be wrapped).
 */
const countCalls = (driver) =>
  driver.executeScript(`
    if (!window.__benchCalls) {
      const fetch = window.fetch.bind(window);
      window.__benchCalls = [];
      window.fetch = (input, init) => {
        const url = String(input?.url ?? input);
        if (url.startsWith("ipc:")) window.__benchCalls.push(decodeURIComponent(url.replace(/^ipc:\\/\\/localhost\\//, "")));
        return fetch(input, init);
      };
    }
    window.__benchCalls.length = 0;`);
const calls = (driver) => driver.executeScript("return [...window.__benchCalls];");
try {
  for (let run = 0; run < RUNS; run++) {
    const launched = Date.now();
    const driver = await new Builder()
      .usingServer(tauriDriver.url)
      .withCapabilities({ browserName: "wry", "tauri:options": { application: APP, args: ["--demo"] } })
      .build();
    try {
      await driver.wait(async () => (await entries(driver, "workdesk:interactive")).length === 1, 30_000);
      const [mark] = await entries(driver, "workdesk:interactive");
      const origin = await driver.executeScript("return performance.timeOrigin;");
      startup.push(origin + mark.startTime - launched);
      startupInWebview.push(mark.startTime);
      memory.push(appMemory());
      if (run === 0) {
        // 200 rows a page, then pages turned (turnPages).
        const size = await driver.wait(until.elementLocated(By.id("page-size")), 30_000);
        await size.findElement(By.css("option[value='200']")).click();
        const status = await driver.findElement(By.id("page-status"));
        await driver.wait(until.elementTextContains(status, "Page 1 of"), 30_000);
        const at = await turnPages(driver, "page");
        // WebKit's own time for the same change: the rows' texts of one
        // page put in place of another's by bare DOM writes (no framework,
        // no IPC), then painted, measured as lib/marks.ts measures a page.
        const texts = () => driver.executeScript(`return [...document.querySelectorAll("table.records tbody tr[data-id]")].map((r) => [...r.cells].map((c) => c.textContent));`);
        const pageA = await texts();
        const beforeB = (await entries(driver, "workdesk:page")).length;
        // (Another full page: the pages after the last full one are fewer than 200 rows.)
        await driver.findElement(By.xpath(`//button[normalize-space(.)='${at > 1 ? "Previous page" : "Next page"}']`)).click();
        await driver.wait(async () => (await entries(driver, "workdesk:page")).length > beforeB, 30_000);
        const pageB = await texts();
        for (let swap = 0; swap < PAGES; swap++) {
          bareSteps.push(
            await driver.executeAsyncScript(
              (rows, done) => {
                const start = performance.now();
                const cells = [...document.querySelectorAll("table.records tbody tr[data-id]")].map((r) => [...r.cells]);
                cells.forEach((row, r) => row.forEach((cell, c) => (cell.textContent = rows[r]?.[c] ?? "")));
                const dom = performance.now();
                requestAnimationFrame(() => {
                  const frame = performance.now();
                  void document.documentElement.getBoundingClientRect();
                  const layout = performance.now();
                  const channel = new MessageChannel();
                  channel.port1.onmessage = () => {
                    channel.port1.close();
                    const painted = performance.now();
                    done({ render: painted - start, script: dom - start, wait: frame - dom, layout: layout - frame, paint: painted - layout });
                  };
                  channel.port2.postMessage(null);
                });
              },
              swap % 2 === 0 ? pageA : pageB,
            ),
          );
        }
        // The IPC calls of one "Next page", then of opening the tasks' list
        // (and back to 200 supplier invoices a page).
        await countCalls(driver);
        const before = (await entries(driver, "workdesk:page")).length;
        await driver.findElement(By.xpath("//button[normalize-space(.)='Next page']")).click();
        await driver.wait(async () => (await entries(driver, "workdesk:page")).length > before, 30_000);
        ipc.page = await calls(driver);
        await countCalls(driver);
        await driver.findElement(By.xpath("//nav//button[normalize-space(.)='Tasks']")).click();
        await driver.wait(async () => (await driver.findElement(By.id("page-status")).getText()).includes("Page 1 of"), 30_000);
        await driver.wait(async () => (await driver.findElements(By.css("table.records tbody tr"))).length > 0, 30_000);
        ipc.open = await calls(driver);
        await driver.findElement(By.xpath("//nav//button[normalize-space(.)='Supplier invoices']")).click();
        await driver.wait(async () => (await driver.findElement(By.css("table.records")).getAttribute("aria-rowcount")) === "201", 30_000);
        // The same pages again, saved, working offline (nothing is sent).
        await driver.findElement(By.xpath("//label[contains(., 'Work offline')]/input")).click();
        await driver.wait(until.elementLocated(By.css(".offline-banner")), 30_000);
        await driver.findElement(By.xpath("//button[normalize-space(.)='First page']")).click();
        await driver.wait(until.elementTextContains(driver.findElement(By.id("page-status")), "Page 1 of"), 30_000);
        await turnPages(driver, "saved-page");
        await driver.findElement(By.xpath("//label[contains(., 'Work offline')]/input")).click();
      }
    } finally {
      await driver.quit();
    }
  }
} finally {
  tauriDriver.process.kill();
}

const size = statSync(APP).size / (1024 * 1024);
console.log(`binary: ${APP}`);
console.log(`| figure | median | min | max |`);
console.log(`|---|---|---|---|`);
/** A row of the table; none for a figure the build does not report (a build from before its mark). */
const row = (label, xs, unit, digits = 0) =>
  xs.length > 0 &&
  console.log(
    `| ${label} | ${median(xs).toFixed(digits)} ${unit} | ${Math.min(...xs).toFixed(digits)} ${unit} | ${Math.max(...xs).toFixed(digits)} ${unit} |`,
  );
row(`launch to interactive window (demo, ${RUNS} runs, incl. WebDriver session start)`, startup, "ms");
row(`webview start to interactive window (${RUNS} runs)`, startupInWebview, "ms");
for (const [which, label] of [
  ["page", `"Next page" to 200 rows painted`],
  ["saved-page", `saved 200-row page, working offline: "Next page" to painted`],
]) {
  const figures = pageSteps[which];
  const of = (key) => figures.map((f) => f[key]).filter((x) => !Number.isNaN(x));
  row(`${label} (${figures.length} pages)`, of("whole"), "ms", 1);
  const back = figures.filter((f) => f.back).map((f) => f.whole);
  row(`  of which turned back ("Previous page", ${back.length} pages)`, back, "ms", 1);
  row("  of which: the request (Rust, the IPC, the answer parsed)", of("request"), "ms", 1);
  row("  of which: answer received to painted", of("render"), "ms", 1);
  row("    script (Svelte's update)", of("script"), "ms", 1);
  row("    waiting for the next frame", of("wait"), "ms", 1);
  row("    style and layout", of("layout"), "ms", 1);
  row("    paint", of("paint"), "ms", 1);
  if (of("render-frames").length > 0) row("  answer received to the second frame (the definition before 2026-11-29)", of("render-frames"), "ms", 1);
}
row(`the same rows' texts changed by bare DOM writes, WebKit's floor for a page (${bareSteps.length} swaps): to painted`, bareSteps.map((b) => b.render), "ms", 1);
for (const [step, label] of [["script", "the writes"], ["wait", "waiting for the next frame"], ["layout", "style and layout"], ["paint", "paint"]])
  row(`    ${label}`, bareSteps.map((b) => b[step]), "ms", 1);
row("RSS of the app process", memory.map((m) => m.app), "MiB", 1);
row("RSS of the app and its WebKit processes", memory.map((m) => m.total), "MiB", 1);
console.log(`| IPC calls for "Next page" | ${ipc.page.length} (${ipc.page.join(", ")}) | | |`);
console.log(`| IPC calls to open the tasks' list | ${ipc.open.length} (${ipc.open.join(", ")}) | | |`);
console.log(`| binary size | ${size.toFixed(1)} MiB | | |`);
console.log(`processes counted: ${memory[0].names}`);
