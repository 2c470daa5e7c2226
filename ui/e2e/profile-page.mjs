// Where a page's script time goes: JavaScriptCore's own sampling profiler
// (`JSC_useSamplingProfiler`, every 0.5 ms) in the real app's web process,
// while the demo workspace turns pages of 200 supplier invoices ("Next page"
// again and again; with `WORKDESK_PROFILE_OFFLINE=1`, the same pages saved,
// working offline). The web process writes its samples when it exits; this
// prints the functions most samples were in, and the steps of each page by
// the UI's marks (lib/marks.ts): the request (Rust, IPC), then from the
// answer received: script, the wait for a frame, style and layout, paint.
// Function names are the bundle's: build the UI unminified for readable
// ones (`npx vite build --config ui/vite.config.ts --minify false && node
// ui/prerender.mjs`, then the app). Linux only; run under Xvfb and D-Bus:
//
//   WORKDESK_APP=$CARGO_TARGET_DIR/debug/workdesk bash .ci/session \
//     xvfb-run --auto-servernum --server-args="-screen 0 1280x1024x24" npm run --silent profile:page
import assert from "node:assert/strict";
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Builder, By, until } from "selenium-webdriver";
import { startTauriDriver } from "./support.mjs";

const APP = process.env.WORKDESK_APP;
const PAGES = Number(process.env.WORKDESK_BENCH_PAGES ?? 40);
const OFFLINE = process.env.WORKDESK_PROFILE_OFFLINE === "1";
const TOP = Number(process.env.WORKDESK_PROFILE_TOP ?? 30);
assert.ok(APP, "WORKDESK_APP must name the app binary");

const profiles = mkdtempSync(join(tmpdir(), "workdesk-jsc-"));
const tauriDriver = await startTauriDriver({
  JSC_useSamplingProfiler: "1",
  JSC_sampleInterval: "500",
  JSC_samplingProfilerPath: profiles,
  JSC_samplingProfilerTopFunctionsCount: String(TOP),
});

/** The UI's performance entries called `name`, as plain objects. */
const entries = (driver, name) =>
  driver.executeScript("return performance.getEntriesByName(arguments[0]).map((e) => ({ startTime: e.startTime, duration: e.duration }));", name);
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? NaN;

const which = OFFLINE ? "saved-page" : "page";
const STEPS = ["script", "wait", "layout", "paint"];
const figures = [];
const driver = await new Builder()
  .usingServer(tauriDriver.url)
  .withCapabilities({ browserName: "wry", "tauri:options": { application: APP, args: ["--demo"] } })
  .build();
try {
  const size = await driver.wait(until.elementLocated(By.id("page-size")), 30_000);
  await size.findElement(By.css("option[value='200']")).click();
  await driver.wait(until.elementTextContains(driver.findElement(By.id("page-status")), "Page 1 of"), 30_000);
  /** Turns a page and waits for it painted (`painted`: the service's answer, or the saved one). */
  const turn = async (label, painted) => {
    const before = (await entries(driver, `workdesk:${painted}`)).length;
    await driver.findElement(By.xpath(`//button[normalize-space(.)='${label}']`)).click();
    await driver.wait(async () => (await entries(driver, `workdesk:${painted}`)).length > before, 30_000);
  };
  // The demo has 8 pages of 200: forward to the last, then back, and again.
  const pageCount = Number((await driver.findElement(By.id("page-status")).getText()).match(/of (\d+)/)[1]);
  let at = 1;
  let forward = true;
  const step = async (painted = which) => {
    if (at === pageCount) forward = false;
    if (at === 1) forward = true;
    await turn(forward ? "Next page" : "Previous page", painted);
    at += forward ? 1 : -1;
  };
  if (OFFLINE) {
    // Every page read once from the service first (nothing saved before).
    for (let page = 1; page < pageCount; page++) await step("page");
    await driver.findElement(By.xpath("//label[contains(., 'Work offline')]/input")).click();
    await driver.wait(until.elementLocated(By.css(".offline-banner")), 30_000);
  }
  for (let page = 0; page < PAGES; page++) {
    await step();
    const last = async (name) => (await entries(driver, name)).at(-1)?.duration ?? NaN;
    const one = { whole: await last(`workdesk:${which}`), render: await last(`workdesk:${which}-render`) };
    for (const name of STEPS) one[name] = await last(`workdesk:${which}-${name}`);
    figures.push(one);
  }
} finally {
  await driver.quit();
  tauriDriver.process.kill();
}

console.log(`${OFFLINE ? "saved 200-row pages, working offline" : "200-row pages from the service"}: ${figures.length} pages (ms, the UI's marks)`);
console.log("| step | median | min | max |");
console.log("|---|---|---|---|");
const row = (label, key) => {
  const xs = figures.map((f) => f[key]);
  console.log(`| ${label} | ${median(xs).toFixed(1)} | ${Math.min(...xs).toFixed(1)} | ${Math.max(...xs).toFixed(1)} |`);
};
for (const f of figures) f.request = f.whole - f.render;
row("request to painted", "whole");
row("  the request (Rust, the IPC, the answer parsed)", "request");
row("  answer received to painted", "render");
row("    script (Svelte's update)", "script");
row("    waiting for the next frame", "wait");
row("    style and layout", "layout");
row("    paint", "paint");

// The web process's profile is the largest file (the network process's is empty).
await new Promise((resolve) => setTimeout(resolve, 1000));
const files = readdirSync(profiles).map((name) => join(profiles, name));
assert.ok(files.length > 0, `JavaScriptCore wrote its profile in ${profiles}`);
const profile = readFileSync(files.sort((a, b) => statSync(b).size - statSync(a).size)[0], "utf8");
const top = profile.split("\n\n").find((part) => part.includes("Top functions"));
console.log(`\nJavaScriptCore's samples over the whole session (start included), by function:\n${top?.trim()}`);
rmSync(profiles, { recursive: true, force: true });
