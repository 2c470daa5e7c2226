// Whole-app figures for BENCHMARKS.md: the app binary's size, the time from
// launch to the first page of supplier invoices on screen (demo workspace),
// and the memory (RSS) of the app and its WebKit processes at that point.
// Run through .ci/bench (it sets up Xvfb, D-Bus and the build).
import assert from "node:assert/strict";
import { readFileSync, readdirSync, statSync } from "node:fs";
import { Builder, By, until } from "selenium-webdriver";
import { startTauriDriver } from "./support.mjs";

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
  const app = all.find((p) => p.name === "workdesk");
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

const tauriDriver = await startTauriDriver();
const startup = [];
const memory = [];
try {
  for (let run = 0; run < RUNS; run++) {
    const started = performance.now();
    const driver = await new Builder()
      .usingServer(tauriDriver.url)
      .withCapabilities({ browserName: "wry", "tauri:options": { application: APP, args: ["--demo"] } })
      .build();
    try {
      const count = await driver.wait(until.elementLocated(By.css("p.count")), 30_000);
      await driver.wait(until.elementTextContains(count, "supplier invoices"), 30_000);
      await driver.wait(async () => (await driver.findElements(By.css("tbody tr"))).length === 20, 30_000);
      startup.push(performance.now() - started);
      memory.push(appMemory());
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
const row = (label, xs, unit, digits = 0) =>
  console.log(
    `| ${label} | ${median(xs).toFixed(digits)} ${unit} | ${Math.min(...xs).toFixed(digits)} ${unit} | ${Math.max(...xs).toFixed(digits)} ${unit} |`,
  );
row(`launch to first page shown (demo, ${RUNS} runs, incl. WebDriver session)`, startup, "ms");
row("RSS of the app process", memory.map((m) => m.app), "MiB", 1);
row("RSS of the app and its WebKit processes", memory.map((m) => m.total), "MiB", 1);
console.log(`| binary size | ${size.toFixed(1)} MiB | | |`);
console.log(`processes counted: ${memory[0].names}`);
