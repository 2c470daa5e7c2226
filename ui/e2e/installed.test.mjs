// The installed package: the binary the .deb put in /usr/bin, started like a
// user would (tauri-driver + WebKitWebDriver under Xvfb, inside .ci/session),
// connected to the sandbox on the first-run screen, showing supplier invoices.
// .ci/package-test installs the package before and removes it after.
import { after, before, test } from "node:test";
import assert from "node:assert/strict";
import { existsSync } from "node:fs";
import { By, until } from "selenium-webdriver";
import {
  WAIT_MS,
  clearStoredKey,
  connectToSandbox,
  countFromService,
  openApp,
  rowNames,
  startSandbox,
  startTauriDriver,
  visible,
} from "./support.mjs";

const APP = process.env.WORKDESK_APP;

let sandbox;
let driver;

before(async () => {
  assert.ok(APP && existsSync(APP), `WORKDESK_APP must name the installed binary (got ${APP})`);
  assert.ok(process.env.WORKDESK_TEST_SESSION, "run through .ci/package-test inside .ci/session");
  sandbox = await startSandbox(process.env.WORKDESK_SANDBOX);
  driver = await startTauriDriver();
});

after(async () => {
  driver?.process.kill();
  sandbox?.process.kill();
  clearStoredKey();
});

test("the installed app connects to the sandbox and shows the supplier-invoice table", async () => {
  const app = await openApp(driver.url, APP);
  try {
    assert.equal(await app.getTitle(), "Workdesk");
    await connectToSandbox(app, sandbox);
    const count = await visible(app, By.css("p.count"));
    await app.wait(until.elementTextContains(count, "supplier invoices"), WAIT_MS);
    const digits = (await count.getText()).replace(/\D/g, "");
    assert.equal(Number(digits), await countFromService(sandbox));
    await app.wait(async () => (await rowNames(app)).length === 20, WAIT_MS);
  } finally {
    await app.quit();
  }
});
