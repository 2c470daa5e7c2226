// Whole-app figures of the overview for BENCHMARKS.md, in the release
// build: the app connected to a sandbox of 10,000 supplier invoices (and
// 5,000 customer invoices), both lists and the leads made available
// offline from the overview itself, then "Refresh" again and again: the
// time from the overview's request to its cards and charts painted (the
// UI's `workdesk:overview` measure: two animation frames after the figures
// are in the DOM), and of it, the request to the figures received (Rust's
// work and the IPC). Tasks are counted by the service (3 requests over
// loopback). Run through .ci/bench-overview (Xvfb, D-Bus and a keyring,
// the build).
import assert from "node:assert/strict";
import { By } from "selenium-webdriver";
import { connectToSandbox, openApp, overviewShown, startSandbox, startTauriDriver, visible, removeAppData } from "./support.mjs";

const APP = process.env.WORKDESK_APP;
const SANDBOX = process.env.WORKDESK_SANDBOX;
const RUNS = Number(process.env.WORKDESK_BENCH_RUNS ?? 15);
assert.ok(APP && SANDBOX, "WORKDESK_APP and WORKDESK_SANDBOX must name the binaries");

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const entries = (app, name) =>
  app.executeScript("return performance.getEntriesByName(arguments[0]).map((e) => e.duration);", name);

// A new install: no settings or saved data left by an earlier run.
removeAppData();
const sandbox = await startSandbox(SANDBOX, 0, ["--invoices", "10000", "--rate-limit", "1000000"]);
const driver = await startTauriDriver();
const painted = [];
const received = [];
try {
  const app = await openApp(driver.url, APP);
  try {
    await connectToSandbox(app, sandbox);
    await overviewShown(app);
    for (const title of ["Payables: supplier invoices", "Receivables: customer invoices", "Leads"]) {
      const card = By.xpath(`//main//article[h3[normalize-space(.)='${title}']]`);
      const offer = await (await visible(app, card)).findElement(By.xpath(".//button[normalize-space(.)='Make available offline']"));
      await app.executeScript("arguments[0].scrollIntoView({ block: 'center' })", offer);
      await offer.click();
      await app.wait(
        async () => (await app.findElements(By.xpath(`//main//article[h3[normalize-space(.)='${title}']]//p[starts-with(normalize-space(.), 'From ') and contains(., 'saved records')]`))).length > 0,
        300_000,
        `${title} from the saved records`,
      );
    }
    const source = await app.executeScript("return document.querySelector('main article .source').textContent");
    assert.match(source, /^From 10,000 saved records/);
    for (let run = 0; run < RUNS; run++) {
      const before = (await entries(app, "workdesk:overview")).length;
      await (await visible(app, By.xpath("//button[normalize-space(.)='Refresh']"))).click();
      await app.wait(async () => (await entries(app, "workdesk:overview")).length > before, 30_000);
      painted.push((await entries(app, "workdesk:overview")).at(-1));
      const [requested] = await app.executeScript("return performance.getEntriesByName('workdesk:overview-requested').slice(-1).map((e) => e.startTime)");
      const [arrived] = await app.executeScript("return performance.getEntriesByName('workdesk:overview-received').slice(-1).map((e) => e.startTime)");
      received.push(arrived - requested);
    }
  } finally {
    await app.quit();
  }
} finally {
  driver.process.kill();
  sandbox.process.kill();
}

const row = (label, xs) =>
  console.log(`| ${label} | ${median(xs).toFixed(1)} ms | ${Math.min(...xs).toFixed(1)} ms | ${Math.max(...xs).toFixed(1)} ms |`);
console.log(`| figure (${RUNS} refreshes, release build) | median | min | max |`);
console.log("|---|---|---|---|");
row("overview over 10,000 saved supplier invoices and 5,000 customer invoices: request to painted", painted);
row("  of which: request to figures received (Rust and IPC)", received);
