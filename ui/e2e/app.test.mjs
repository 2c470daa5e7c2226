// End to end: the real Workdesk binary in its real WebKit webview, driven by
// tauri-driver + WebKitWebDriver under Xvfb (.ci/session sets the scene: a
// D-Bus session with an unlocked gnome-keyring and private XDG folders).
//
// A person's path: start the sandbox, enter its address and key on the
// first-run screen, see the first page with the right count, go to page 2
// and see other rows; restart the app and find the key remembered.
import { test } from "node:test";
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { existsSync, readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { By, until } from "selenium-webdriver";
import {
  IDENTIFIER,
  WAIT_MS,
  appUnderTest,
  byLabel,
  byButton,
  connectToSandbox,
  countFromService,
  rowNames,
  screenshot,
  visible,
} from "./support.mjs";

const context = appUnderTest("the built app binary");
const openApp = () => context.open();

function filesUnder(dir) {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => join(e.parentPath ?? e.path, e.name));
}

test("first run: connect, browse two pages, key lands in the keychain only", async () => {
  const app = await openApp();
  try {
    await visible(app, byLabel("Server address"));
    await screenshot(app, "first-run");
    await connectToSandbox(app, context.sandbox);

    const expected = await countFromService(context.sandbox);
    const count = await visible(app, By.css("p.count"));
    await app.wait(until.elementTextContains(count, "supplier invoices"), WAIT_MS);
    const digits = (await count.getText()).replace(/\D/g, "");
    assert.equal(Number(digits), expected, "the total count shown matches the service");

    const status = await visible(app, By.id("page-status"));
    await app.wait(until.elementTextIs(status, `Page 1 of ${Math.ceil(expected / 20)}`), WAIT_MS);
    const firstPage = await rowNames(app);
    assert.equal(firstPage.length, 20);

    await (await visible(app, byButton("Next page"))).click();
    await app.wait(until.elementTextContains(status, "Page 2 of"), WAIT_MS);
    await app.wait(async () => (await rowNames(app))[0] !== firstPage[0], WAIT_MS);
    const secondPage = await rowNames(app);
    assert.equal(secondPage.length, 20);
    assert.ok(
      secondPage.every((name) => !firstPage.includes(name)),
      "page 2 shows other invoices than page 1",
    );

    // Money is right-aligned, shown with two decimals as sent.
    const numbers = await app.findElements(By.css("table.records tbody tr td.num"));
    const texts = await Promise.all(numbers.map((n) => n.getText()));
    assert.ok(texts.some((t) => /\d[.,]\d{2}$/.test(t)), `decimal cells: ${texts.slice(0, 5)}`);
  } finally {
    await app.quit();
  }

  // The key is in the Secret Service under the app's service name...
  const found = execFileSync("secret-tool", ["search", "--all", "service", IDENTIFIER], {
    encoding: "utf8",
    stdio: ["ignore", "pipe", "pipe"],
  });
  assert.ok(found.includes(context.sandbox.keys.workspace_a), "secret-tool sees the key");

  // ...and nowhere in the app's files (settings store, logs).
  const appFiles = filesUnder(join(process.env.XDG_DATA_HOME, IDENTIFIER));
  assert.ok(appFiles.some((f) => f.endsWith("settings.json")), `store file written: ${appFiles}`);
  assert.ok(appFiles.some((f) => f.endsWith(".log")), `log file written: ${appFiles}`);
  const otherFiles = [process.env.XDG_CONFIG_HOME, process.env.XDG_CACHE_HOME].flatMap((dir) =>
    filesUnder(join(dir, IDENTIFIER)),
  );
  for (const file of [...appFiles, ...otherFiles]) {
    const text = readFileSync(file, "latin1");
    assert.ok(!text.includes(context.sandbox.keys.workspace_a), `${file} must not contain the key`);
    const secretPart = context.sandbox.keys.workspace_a.slice("service_".length);
    assert.ok(!text.includes(secretPart), `${file} must not contain the key's secret part`);
  }
});

test("second start: the key is remembered and the table shows without asking", async () => {
  const app = await openApp();
  try {
    const count = await visible(app, By.css("p.count"));
    await app.wait(until.elementTextContains(count, "supplier invoices"), WAIT_MS);
    const setup = await app.findElements(byLabel("API key"));
    assert.equal(setup.length, 0, "the first-run screen is not shown again");
    const hint = await visible(app, By.css(".key"));
    const last4 = context.sandbox.keys.workspace_a.slice(-4);
    assert.match(await hint.getText(), new RegExp(`service_…${last4}`));
    assert.doesNotMatch(await app.getPageSource(), new RegExp(context.sandbox.keys.workspace_a));
  } finally {
    await app.quit();
  }
});
