// Signed updates, end to end: an update server on loopback (plain HTTP to
// this computer, which the update policy allows) offers Workdesk 9.9.9,
// its package signed with a test key the app under test trusts
// (WORKDESK_UPDATE_PUBKEY, read by debug builds only). The app finds it at
// start and shows it in the status bar, with what's new; the package is
// downloaded and its signature checked before it is saved. A package
// altered after signing, and one signed by another key, are refused with
// the message, and nothing is saved. This build is not an installer that
// replaces itself (a debug binary, or the .deb of .ci/package-test):
// Workdesk offers the package for the system's package manager, as it does
// for an installed .deb or .rpm.
import { test } from "node:test";
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { createServer } from "node:http";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { By } from "selenium-webdriver";
import { violations } from "./a11y.mjs";
import {
  WAIT_MS,
  answerSaveDialog,
  appUnderTest,
  byButton,
  connectToSandbox,
  linuxOnly,
  openSection,
  screenshot,
  visible,
} from "./support.mjs";

const KEYS = join(dirname(fileURLToPath(import.meta.url)), "fixtures", "updater");
const VERSION = "9.9.9";
const PACKAGE = `Workdesk_${VERSION}_amd64.AppImage`;
const NOTES = "Faster lists.\nA search box on every list.";

/** This environment without a signing key of its own (the test keys are given by path). */
function withoutSigningKey() {
  const env = { ...process.env };
  delete env.TAURI_SIGNING_PRIVATE_KEY;
  delete env.TAURI_SIGNING_PRIVATE_KEY_PASSWORD;
  return env;
}

/** A test update package: 3 MB of random bytes, and its signature by `key` (test or other). */
function signedPackage(key) {
  const dir = mkdtempSync(join(tmpdir(), "workdesk-update-"));
  const file = join(dir, PACKAGE);
  writeFileSync(file, randomBytes(3 << 20));
  execFileSync(
    "npx",
    ["tauri", "signer", "sign", "--private-key-path", join(KEYS, `${key}.key`), "--password", "", "--app-version", VERSION, file],
    { stdio: "ignore", env: withoutSigningKey() },
  );
  return { bytes: readFileSync(file), signature: readFileSync(`${file}.sig`, "utf8") };
}

/**
 * The update server: `latest.json` (Tauri's static manifest) and the
 * package it names, as `offer` last set them; every request's path, in order.
 */
function updateServer() {
  // `hold`: the package's first half is sent, then the answer waits (until `held` ends it).
  // `down`: the manifest answers 503, as a server under maintenance.
  const served = { manifest: null, bytes: null, requests: [], hold: false, held: null, down: false };
  const server = createServer((request, response) => {
    served.requests.push(request.url);
    if (request.url === "/latest.json" && served.down) {
      response.writeHead(503, { "content-type": "text/plain" });
      response.end("maintenance");
    } else if (request.url === "/latest.json" && served.manifest) {
      response.writeHead(200, { "content-type": "application/json" });
      response.end(JSON.stringify(served.manifest));
    } else if (request.url === `/${PACKAGE}` && served.bytes) {
      response.writeHead(200, { "content-type": "application/octet-stream", "content-length": served.bytes.length });
      if (served.hold) {
        response.write(served.bytes.subarray(0, served.bytes.length >> 1));
        served.held = response;
      } else {
        response.end(served.bytes);
      }
    } else {
      response.writeHead(204);
      response.end();
    }
  });
  return new Promise((resolve) =>
    server.listen(0, "127.0.0.1", () => {
      const url = `http://127.0.0.1:${server.address().port}`;
      resolve({
        url,
        served,
        server,
        /** Offers `bytes` under `signature` as version 9.9.9 for this platform. */
        offer(bytes, signature) {
          served.bytes = bytes;
          served.manifest = {
            version: VERSION,
            notes: NOTES,
            pub_date: "2026-11-20T10:00:00Z",
            platforms: { "linux-x86_64": { url: `${url}/${PACKAGE}`, signature } },
          };
        },
      });
    }),
  );
}

/**
 * Why this file runs on Linux only (elsewhere its tests are skipped, saying
 * so, and neither the server nor the app is started).
 */
const ONLY_LINUX = linuxOnly(
  "each test saves the package through GTK's save dialog, answered with xdotool, and the server offers it for linux-x86_64",
);
const updates = ONLY_LINUX.skip ? undefined : await updateServer();
const context = ONLY_LINUX.skip
  ? undefined
  : appUnderTest("the app built from this tree", {
      WORKDESK_UPDATES: `${updates.url}/latest.json`,
      WORKDESK_UPDATE_PUBKEY: readFileSync(join(KEYS, "test.key.pub"), "utf8").trim(),
    });
const good = ONLY_LINUX.skip ? undefined : signedPackage("test");

/** The button reading `text` inside `element`. */
const buttonIn = (text) => By.xpath(`.//button[normalize-space(.) = '${text}']`);

/** Opens the update's dialog from the status bar, once it offers 9.9.9. */
async function openUpdate(app) {
  await (await visible(app, byButton(`Workdesk ${VERSION} is available`))).click();
  return visible(app, By.css("[role='dialog'].update"));
}

/** Asks again from Preferences ("Check now"), after `offer` changed what is served. */
async function checkAgain(app) {
  await openSection(app, "Preferences");
  const asked = updates.served.requests.length;
  const check = await visible(app, byButton("Check now"));
  await check.click();
  // Disabled from the click until the check's answer is shown.
  await app.wait(
    async () => updates.served.requests.length > asked && (await check.isEnabled()),
    WAIT_MS,
    "the check to reach the server and its answer to be shown",
  );
}

/** "Download the package…" into `path` through the save dialog. */
async function download(app, dialog, path) {
  await (await dialog.findElement(buttonIn("Download the package…"))).click();
  answerSaveDialog(`Save Workdesk ${VERSION}`, path);
}

test("a newer version found at start is shown with what's new; its package is downloaded, its signature checked, then saved", ONLY_LINUX, async () => {
  updates.offer(good.bytes, good.signature);
  const app = context.keep(await context.open());
  await connectToSandbox(app, context.sandbox);
  const dialog = await openUpdate(app);
  const text = await dialog.getText();
  assert.match(text, /Workdesk 9\.9\.9 is available/);
  assert.match(text, /You have Workdesk 0\.\d+\.\d+/);
  assert.match(text, /What's new\s+Faster lists\.\s+A search box on every list\./);
  assert.match(text, /download its package here|not installed from a package/);
  await screenshot(app, "update-available");
  assert.deepEqual(await violations(app), [], "the update's dialog: no WCAG 2.2 A/AA violation axe-core finds");
  assert.deepEqual(updates.served.requests, ["/latest.json"], "one check at start, nothing downloaded before asked");

  const path = join(process.env.WORKDESK_TEST_SESSION, PACKAGE);
  await download(app, dialog, path);
  const saved = await visible(app, By.xpath("//div[contains(@class, 'update')]//p[@role='status' and starts-with(., 'Saved')]"));
  assert.match(await saved.getText(), new RegExp(`Saved ${PACKAGE.replaceAll(".", "\\.")}, signature checked`));
  assert.ok(readFileSync(path).equals(good.bytes), "the file saved is the package served, whole");
  assert.deepEqual(updates.served.requests, ["/latest.json", `/${PACKAGE}`]);
  await (await dialog.findElement(buttonIn("Close"))).click();
});

test("a download under way shows its progress and can be cancelled: nothing is saved, the version stays offered", ONLY_LINUX, async () => {
  updates.offer(good.bytes, good.signature);
  updates.served.hold = true;
  const app = context.kept[0];
  try {
    await checkAgain(app);
    const dialog = await openUpdate(app);
    const path = join(process.env.WORKDESK_TEST_SESSION, "cancelled.AppImage");
    await download(app, dialog, path);
    const progress = await visible(app, By.css("[role='dialog'].update .progress"));
    await app.wait(async () => /\d MB of 3\.1 MB/.test(await progress.getText()), WAIT_MS, "the package's progress");
    await (await dialog.findElement(buttonIn("Cancel"))).click();
    await visible(app, By.xpath("//div[contains(@class, 'update')]//button[normalize-space(.) = 'Download the package…']"));
    assert.equal((await app.findElements(By.css("[role='dialog'].update [role='alert']"))).length, 0, "a cancel is no error");
    assert.ok(!existsSync(path) && !existsSync(`${path}.part`), "nothing was saved");
    await (await dialog.findElement(buttonIn("Close"))).click();
  } finally {
    updates.served.hold = false;
    updates.served.held?.destroy();
  }
});

test("a check that fails says so and leaves the version found before on offer: its package still downloads", ONLY_LINUX, async () => {
  updates.offer(good.bytes, good.signature);
  const app = context.kept[0];
  await checkAgain(app);
  updates.served.down = true;
  try {
    await checkAgain(app);
    const problem = await visible(app, By.css("section.preferences .updates [role='alert']"));
    assert.match(await problem.getText(), /The update server could not be reached/);
  } finally {
    updates.served.down = false;
  }
  const dialog = await openUpdate(app);
  const path = join(process.env.WORKDESK_TEST_SESSION, "after-a-failed-check.AppImage");
  await download(app, dialog, path);
  await visible(app, By.xpath("//div[contains(@class, 'update')]//p[@role='status' and starts-with(., 'Saved')]"));
  assert.ok(readFileSync(path).equals(good.bytes));
  await (await dialog.findElement(buttonIn("Close"))).click();
});

for (const [what, offer] of [
  [
    "a package altered after it was signed",
    () => {
      const altered = Buffer.from(good.bytes);
      altered[altered.length >> 1] ^= 0xff;
      updates.offer(altered, good.signature);
    },
  ],
  [
    "a package signed by another key",
    () => {
      const other = signedPackage("other");
      updates.offer(other.bytes, other.signature);
    },
  ],
]) {
  test(`${what} is refused with the reason, and nothing is saved`, ONLY_LINUX, async () => {
    offer();
    const app = context.kept[0];
    await checkAgain(app);
    const dialog = await openUpdate(app);
    const path = join(process.env.WORKDESK_TEST_SESSION, `refused-${updates.served.requests.length}.AppImage`);
    await download(app, dialog, path);
    const alert = await visible(app, By.css("[role='dialog'].update [role='alert']"));
    assert.match(await alert.getText(), /not signed with Workdesk's update key.*thrown away: nothing was installed or saved/s);
    assert.ok(!existsSync(path) && !existsSync(`${path}.part`), "nothing was saved");
    assert.ok(await dialog.findElement(buttonIn("Download the package…")), "the version is still offered");
    await (await dialog.findElement(buttonIn("Close"))).click();
  });
}
