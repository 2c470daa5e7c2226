// An update installed in place, as an AppImage installs one (Linux's own
// kind that replaces itself; Windows' and macOS' installers are run by the
// three-system workflow). The AppImage tools cannot be fetched on these
// machines, so the test lays out what running one looks like: the app
// under test is a copy of the build, marked as an AppImage the way the
// bundler marks it (its bundle-type marker), started from a folder named
// like an AppImage's mount, with APPIMAGE naming the image file, which the
// update replaces. The update server offers, signed, a small program as
// Workdesk 9.9.9, which says it ran by writing its version to the file
// WORKDESK_RESTARTED_MARK names. An altered download is refused and the
// image stays as it was; the signed one replaces the image, and Workdesk
// restarts into it: the new version runs.
import { test } from "node:test";
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { chmodSync, copyFileSync, existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { createServer } from "node:http";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { By } from "selenium-webdriver";
import { WAIT_MS, appUnderTest, byButton, connectToSandbox, linuxOnly, visible } from "./support.mjs";

/**
 * Why this file runs on Linux only: elsewhere its test is skipped, saying
 * so, and nothing below is laid out or started.
 */
const ONLY_LINUX = linuxOnly(
  "an AppImage is Linux's own kind of package that replaces itself (the NSIS and MSI installers are the installers job's)",
);
const TITLE = "an AppImage installs a verified update in place and restarts into it; an altered one changes nothing";

if (ONLY_LINUX.skip) {
  test(TITLE, ONLY_LINUX, () => {});
} else {
  const KEYS = join(dirname(fileURLToPath(import.meta.url)), "fixtures", "updater");
  const VERSION = "9.9.9";
  const PACKAGE = `Workdesk_${VERSION}_amd64.AppImage`;

  /** The build, marked as an AppImage as the bundler marks each bundle's binary. */
  function markedAsAppImage(binary) {
    const bytes = readFileSync(binary);
    const marker = Buffer.from("__TAURI_BUNDLE_TYPE_VAR_UNK");
    const at = bytes.indexOf(marker);
    assert.ok(at >= 0, `${binary} carries no unmarked bundle type (already bundled?)`);
    assert.equal(bytes.indexOf(marker, at + 1), -1, "one marker");
    Buffer.from("APP").copy(bytes, at + marker.length - 3);
    return bytes;
  }

  // The mount an AppImage runs from ($TMPDIR/.mount_…), and the image file.
  const mount = mkdtempSync(join(tmpdir(), ".mount_Workdesk"));
  const running = join(mount, "workdesk");
  writeFileSync(running, markedAsAppImage(process.env.WORKDESK_APP));
  chmodSync(running, 0o755);
  const images = mkdtempSync(join(tmpdir(), "workdesk-appimage-"));
  const image = join(images, "Workdesk_0.1.0_amd64.AppImage");
  copyFileSync(running, image);
  chmodSync(image, 0o755);
  const before = readFileSync(image);

  // The new version: a program that writes "9.9.9" to the mark file when it
  // runs (Workdesk restarts with its environment), compiled here, signed.
  const work = mkdtempSync(join(tmpdir(), "workdesk-update-"));
  const staged = join(work, PACKAGE);
  const mark = join(work, "restarted");
  writeFileSync(
    join(work, "new-version.c"),
    `#include <stdio.h>\n#include <stdlib.h>\nint main(void) { FILE *f = fopen(getenv("WORKDESK_RESTARTED_MARK"), "w"); if (!f) return 1; fputs("${VERSION}", f); return fclose(f); }\n`,
  );
  execFileSync("cc", ["-o", staged, join(work, "new-version.c")]);
  const env = { ...process.env };
  delete env.TAURI_SIGNING_PRIVATE_KEY;
  delete env.TAURI_SIGNING_PRIVATE_KEY_PASSWORD;
  execFileSync(
    "npx",
    ["tauri", "signer", "sign", "--private-key-path", join(KEYS, "test.key"), "--password", "", "--app-version", VERSION, staged],
    { stdio: "ignore", env },
  );
  const update = { bytes: readFileSync(staged), signature: readFileSync(`${staged}.sig`, "utf8") };

  const served = { bytes: update.bytes };
  const server = createServer((request, response) => {
    if (request.url === "/latest.json") {
      response.writeHead(200, { "content-type": "application/json" });
      response.end(
        JSON.stringify({
          version: VERSION,
          notes: "Faster lists.",
          platforms: { "linux-x86_64-appimage": { url: `http://127.0.0.1:${server.address().port}/${PACKAGE}`, signature: update.signature } },
        }),
      );
    } else if (request.url === `/${PACKAGE}`) {
      response.writeHead(200, { "content-type": "application/octet-stream" });
      response.end(served.bytes);
    } else {
      response.writeHead(404);
      response.end();
    }
  });
  await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));

  process.env.WORKDESK_APP = running;
  const context = appUnderTest("the build, run as an AppImage", {
    APPIMAGE: image,
    WORKDESK_UPDATES: `http://127.0.0.1:${server.address().port}/latest.json`,
    WORKDESK_UPDATE_PUBKEY: readFileSync(join(KEYS, "test.key.pub"), "utf8").trim(),
    WORKDESK_RESTARTED_MARK: mark,
  });

  /** Waits (looking every 50 ms) until `holds()`, or fails after WAIT_MS saying `what`. */
  async function until(holds, what) {
    const deadline = Date.now() + WAIT_MS;
    while (!holds()) {
      assert.ok(Date.now() < deadline, `${what} within ${WAIT_MS} ms`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  test(TITLE, async () => {
    const app = await context.open();
    try {
      await connectToSandbox(app, context.sandbox);
      await (await visible(app, byButton(`Workdesk ${VERSION} is available`))).click();
      const dialog = await visible(app, By.css("[role='dialog'].update"));
      assert.doesNotMatch(await dialog.getText(), /package manager|not installed from a package/);

      // Altered after signing: refused, the image untouched.
      const altered = Buffer.from(update.bytes);
      altered[altered.length - 1] ^= 0xff;
      served.bytes = altered;
      await (await dialog.findElement(By.xpath(".//button[normalize-space(.) = 'Install and restart']"))).click();
      const alert = await visible(app, By.css("[role='dialog'].update [role='alert']"));
      assert.match(await alert.getText(), /not signed with Workdesk's update key/);
      assert.ok(readFileSync(image).equals(before), "the image is as it was");

      // Signed: installed in place of the image; Workdesk restarts into it
      // (the session ends with the process it drove).
      served.bytes = update.bytes;
      await (await dialog.findElement(By.xpath(".//button[normalize-space(.) = 'Install and restart']"))).click();
      await until(
        () => statSync(image).size === update.bytes.length && readFileSync(image).equals(update.bytes),
        "the image is the verified update",
      );
      await until(() => existsSync(mark) && readFileSync(mark, "utf8") === VERSION, "Workdesk restarts into 9.9.9");
    } finally {
      await app.quit().catch(() => {});
      server.close();
      // Two copies of the build (150 MB each in a debug build) and the update.
      for (const folder of [mount, images, work]) rmSync(folder, { recursive: true, force: true });
    }
  });
}
