// End to end: Workdesk as an office PC runs it, the real app under Xvfb.
// One instance: a second launch hands over to the running window (which
// comes to the front) and exits (on Windows too). The window's size and
// place are remembered across a restart (closed as a person closes it),
// and a place where its title bar would be out of reach is brought back on
// screen (Linux only: X11 closes the window, and the screen is Xvfb's).
import { test } from "node:test";
import assert from "node:assert/strict";
import { execFileSync, spawn } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, rmSync, watch, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { LINUX, WAIT_MS, appFolder, appUnderTest, linuxOnly } from "./support.mjs";

const context = appUnderTest("the built app binary");
const here = dirname(fileURLToPath(import.meta.url));
/** Where tauri-plugin-window-state keeps the window's place. */
const stateFile = join(appFolder("config"), ".window-state.json");
/** The app's log (`lib.rs`, `log_plugin`). */
const logFile = join(appFolder("logs"), "workdesk.log");

/** Closes the window as a person does (the window manager's close message). */
function closeAsAPerson() {
  return Number(execFileSync("/usr/bin/python3", [join(here, "close-window.py")], { encoding: "utf8" }).trim());
}

/**
 * Resolves with the text of `file` once `ready(text)` holds: checked now
 * and on every change of its folder, for at most WAIT_MS.
 */
function fileWhen(file, ready, what) {
  mkdirSync(dirname(file), { recursive: true });
  return new Promise((resolve, reject) => {
    const check = () => {
      const text = existsSync(file) ? readFileSync(file, "utf8") : "";
      if (!ready(text)) return false;
      watcher.close();
      clearTimeout(timer);
      resolve(text);
      return true;
    };
    const watcher = watch(dirname(file), () => void check());
    const timer = setTimeout(() => {
      watcher.close();
      reject(new Error(`timed out waiting for ${what}`));
    }, WAIT_MS);
    check();
  });
}

/** Waits until the window shows something (the first-run screen or a workspace). */
async function shown(app) {
  await app.wait(async () => (await app.executeScript("return document.body.innerText.trim().length")) > 0, WAIT_MS);
}

const rect = ({ x, y, width, height }) => ({ x, y, width, height });

/** The main window's place in the window-state file's text, or null while it does not read. */
function keptPlace(text) {
  try {
    return JSON.parse(text).main ?? null;
  } catch {
    return null;
  }
}

test("a second launch hands over to the running Workdesk and exits", async () => {
  const app = await context.open();
  try {
    await shown(app);
    const second = spawn(process.env.WORKDESK_APP, [], { stdio: "ignore" });
    const code = await new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        second.kill();
        reject(new Error("the second launch is still running: two Workdesks"));
      }, WAIT_MS);
      second.once("exit", (exitCode) => {
        clearTimeout(timer);
        resolve(exitCode);
      });
    });
    assert.equal(code, 0, "it exits on its own, successfully");
    // The running one was told, and brought its window to the front.
    await fileWhen(logFile, (text) => text.includes("Workdesk was started again"), "the hand-over in the log");
    // It still answers, its window there (its size as WebKitWebDriver
    // reports the window's; on Windows as the page reads its window's:
    // Edge's WebDriver is not relied on for the rect of a WebView2 app).
    assert.ok((await app.executeScript("return document.body.innerText.length")) > 0);
    const place = LINUX
      ? await app.manage().window().getRect()
      : await app.executeScript("return { width: window.outerWidth, height: window.outerHeight }");
    assert.ok(place.width > 0 && place.height > 0, JSON.stringify(place));
  } finally {
    await app.quit().catch(() => {});
  }
});

/** Why the next test runs on Linux only. */
const PLACE_ON_LINUX = linuxOnly("closes the window through X11 (close-window.py, python3-xlib) and checks its place on Xvfb's 1280×1024 screen");

test("the window's size and place are remembered; one out of reach comes back on screen", PLACE_ON_LINUX, async () => {
  rmSync(stateFile, { force: true });
  let app = await context.open();
  let placed;
  try {
    await shown(app);
    await app.manage().window().setRect({ x: 120, y: 90, width: 1000, height: 700 });
    placed = rect(await app.manage().window().getRect());
    assert.deepEqual(placed, { x: 120, y: 90, width: 1000, height: 700 });
    const written = fileWhen(stateFile, (text) => keptPlace(text)?.width === 1000, "the window's place to be kept");
    assert.equal(closeAsAPerson(), 1, "one Workdesk window was asked to close");
    await written;
  } finally {
    await app.quit().catch(() => {});
  }

  // Started again: where it was left.
  app = await context.open();
  try {
    await shown(app);
    assert.deepEqual(rect(await app.manage().window().getRect()), placed);
  } finally {
    await app.quit().catch(() => {});
  }

  // Kept with its title bar above the screen (a monitor since unplugged,
  // or moved off by hand): only a corner reaches the screen.
  const kept = JSON.parse(readFileSync(stateFile, "utf8"));
  kept.main = { ...kept.main, x: -900, y: -600, prev_x: -900, prev_y: -600, maximized: false };
  writeFileSync(stateFile, JSON.stringify(kept));
  app = await context.open();
  try {
    await shown(app);
    const back = rect(await app.manage().window().getRect());
    assert.ok(back.x >= 0 && back.y >= 0, `on screen: ${JSON.stringify(back)}`);
    assert.ok(back.x + back.width <= 1280 && back.y + back.height <= 1024, `whole: ${JSON.stringify(back)}`);
    assert.deepEqual([back.width, back.height], [1000, 700], "its size kept");
  } finally {
    await app.quit().catch(() => {});
    // The next test file starts at the default size and place.
    rmSync(stateFile, { force: true });
  }
});
