// Whole-app figure for BENCHMARKS.md: the leads board of 2,000 leads
// painted in the real app (WebKit webview via tauri-driver under Xvfb),
// against a sandbox seeded with 2,000 leads (`--leads 2000`): the UI's
// `workdesk:board` measure, from the board asked for (Leads › Board) to two
// animation frames after its columns and cards are in the DOM. First over
// the service (the leads read 200 a request), then with the leads made
// available offline (read from the saved leads). Asserts no time; prints
// each run and the median. Run through .ci/bench (release build), or by
// hand with WORKDESK_APP and WORKDESK_SANDBOX set, inside .ci/session under
// xvfb-run (the key goes to the keychain).
import assert from "node:assert/strict";
import { By } from "selenium-webdriver";
import { boardShown } from "./board.mjs";
import { byButton, clickInView, connectToSandbox, openApp, openSection, startSandbox, startTauriDriver, visible, removeAppData } from "./support.mjs";

const APP = process.env.WORKDESK_APP;
const SANDBOX = process.env.WORKDESK_SANDBOX;
const RUNS = Number(process.env.WORKDESK_BENCH_RUNS ?? 10);
const LEADS = 2000;
assert.ok(APP && SANDBOX, "WORKDESK_APP and WORKDESK_SANDBOX must name the app and sandbox binaries");

/** The `workdesk:board` measures so far, in ms. */
const measures = (app) => app.executeScript("return performance.getEntriesByName('workdesk:board').map((e) => e.duration);");

/** Opens the board `RUNS` times from the leads' list; the measure of each. */
async function paints(app) {
  const taken = [];
  for (let run = 0; run < RUNS; run++) {
    const before = (await measures(app)).length;
    await boardShown(app);
    await app.wait(async () => (await measures(app)).length > before, 60_000, "the board's measure");
    taken.push((await measures(app)).at(-1));
    await clickInView(app, await visible(app, By.xpath("//nav[contains(@class,'lead-views')]//button[normalize-space(.)='List']")));
  }
  return taken;
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const report = (what, values) =>
  console.log(`${what}: median ${median(values).toFixed(1)} ms (${Math.min(...values).toFixed(1)}–${Math.max(...values).toFixed(1)}) over ${values.length} runs: ${values.map((v) => v.toFixed(1)).join(", ")}`);

// A new install: no settings or saved data left by an earlier run.
removeAppData();
const sandbox = await startSandbox(SANDBOX, 0, ["--leads", String(LEADS)]);
const driver = await startTauriDriver();
try {
  const app = await openApp(driver.url, APP);
  try {
    await connectToSandbox(app, sandbox);
    await openSection(app, "Leads");
    const count = await visible(app, By.css("p.count"));
    await app.wait(async () => (await count.getText()).includes("2,000"), 60_000, "2,000 leads listed");
    report(`the board of ${LEADS} leads painted, read from the service`, await paints(app));
    await clickInView(app, await visible(app, byButton("Make available offline")));
    await app.wait(async () => /^All 2,?000 leads saved/.test(await (await visible(app, By.css(".saved-whole"))).getText()), 120_000, "the leads saved whole");
    report(`the board of ${LEADS} leads painted, read from the saved leads`, await paints(app));
  } finally {
    await app.quit();
  }
} finally {
  driver.process.kill();
  // tauri-driver's own child (WebKitWebDriver) ends with it.
  sandbox.process.kill();
}
