// What the end-to-end tests share: the sandbox and tauri-driver processes,
// a WebDriver session on the app, and the first-run screen's steps.
//
// Every test runs on Linux (WebKitGTK through WebKitWebDriver, under Xvfb,
// inside .ci/session). The same files run on Windows (WebView2 through
// Edge's msedgedriver, the three-system workflow's Windows job): a test
// that needs what only Linux has (xdotool, xclip, X11, GTK's theme, LANG,
// an AppImage) is skipped there with `linuxOnly(why)`, which says why.
import { after, before } from "node:test";
import assert from "node:assert/strict";
import { execFileSync, spawn } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readlinkSync, realpathSync, rmSync, writeFileSync } from "node:fs";
import { basename, dirname, join } from "node:path";
import { createInterface } from "node:readline";
import { connect, createServer } from "node:net";
import { setTimeout as sleep } from "node:timers/promises";
import { fileURLToPath } from "node:url";
import { Builder, By, Condition, WebElementCondition, WebElementPromise, error } from "selenium-webdriver";
import { collectScreenTexts } from "./english-words.mjs";

/** The app's identifier: its keychain service name and data folder. */
export const IDENTIFIER = "dev.workdesk.desktop";
/** How long to wait for the app to show something, in ms. */
export const WAIT_MS = 30_000;

/** Linux: every end-to-end test runs here. */
export const LINUX = process.platform === "linux";
/** Windows: WebView2 through Edge's WebDriver (the three-system workflow). */
export const WINDOWS = process.platform === "win32";

/**
 * The options of a test that needs what only Linux has (`why` says what):
 * none on Linux, where it runs; elsewhere `{ skip }`, and node:test prints
 * the reason beside the skipped test.
 */
export const linuxOnly = (why) => (LINUX ? {} : { skip: `Linux only: ${why}` });

/**
 * The app's folder `kind`, as Tauri finds it on this system: "data"
 * (settings.json), "localData" (saved/), "logs", "config"
 * (.window-state.json) or "cache". On Linux under the XDG folders
 * `appUnderTest` set for the file (.ci/session's private ones); on Windows
 * under %APPDATA% and %LOCALAPPDATA%, the user's own, which no variable
 * moves (Tauri asks Windows for its known folders).
 */
export function appFolder(kind) {
  const folders = WINDOWS
    ? {
        data: join(process.env.APPDATA ?? "", IDENTIFIER),
        config: join(process.env.APPDATA ?? "", IDENTIFIER),
        localData: join(process.env.LOCALAPPDATA ?? "", IDENTIFIER),
        cache: join(process.env.LOCALAPPDATA ?? "", IDENTIFIER),
        logs: join(process.env.LOCALAPPDATA ?? "", IDENTIFIER, "logs"),
      }
    : {
        data: join(process.env.XDG_DATA_HOME ?? "", IDENTIFIER),
        config: join(process.env.XDG_CONFIG_HOME ?? "", IDENTIFIER),
        localData: join(process.env.XDG_DATA_HOME ?? "", IDENTIFIER),
        cache: join(process.env.XDG_CACHE_HOME ?? "", IDENTIFIER),
        logs: join(process.env.XDG_DATA_HOME ?? "", IDENTIFIER, "logs"),
      };
  if (!(kind in folders)) throw new TypeError(`appFolder: no folder "${kind}"`);
  return folders[kind];
}

/**
 * Removes the app's data: its data folder on Linux (settings, saved data,
 * logs); on Windows both of its folders (%APPDATA%'s and %LOCALAPPDATA%'s,
 * the webview's own data in the second), asked again while a webview
 * process that has just ended still holds a file.
 */
export function removeAppData() {
  if (!WINDOWS) {
    rmSync(appFolder("data"), { recursive: true, force: true });
    return;
  }
  for (const folder of new Set([appFolder("data"), appFolder("localData")])) {
    rmSync(folder, { recursive: true, force: true, maxRetries: 40, retryDelay: 250 });
  }
}

/**
 * A WebDriver session on the app binary `application`, via tauri-driver at
 * `driverUrl`, whose `wait` tolerates a redrawn page (see `tolerantWait`),
 * started with the arguments `args` (none unless given).
 */
export async function openApp(driverUrl, application, args = []) {
  // Windows: a Workdesk left running by a session that failed would take
  // this start over (one instance).
  if (WINDOWS) await appGone(application);
  const before = new Set(WINDOWS ? [] : pidsOf(application));
  // Awaited: the thenable `build()` returns resolves to another driver object.
  const app = await new Builder()
    .usingServer(driverUrl)
    .withCapabilities({ browserName: "wry", "tauri:options": { application, args } })
    .build();
  app.wait = tolerantWait(app, app.wait.bind(app));
  if (WINDOWS) {
    // Edge's WebDriver ends its session but may leave the app running; a
    // Workdesk still running would take the next start over (one
    // instance), and its webview would hold its files.
    const quit = app.quit.bind(app);
    app.quit = async () => {
      try {
        await quit();
      } finally {
        await appGone(application);
      }
    };
    try {
      await live(app);
    } catch (e) {
      await app.quit().catch(() => {});
      throw e;
    }
    return app;
  }
  // Linux: a session's app that outlives its session (WebKit's driver
  // closing it late on a busy machine) would take the next start over
  // (one instance, on the session bus): ended here, like Windows'.
  const mine = new Set(pidsOf(application).filter((pid) => !before.has(pid)));
  const quit = app.quit.bind(app);
  app.quit = async () => {
    try {
      await quit();
    } finally {
      await gone(application, mine);
    }
  };
  await live(app);
  return app;
}

/**
 * Linux: the ids of the processes running `binary` (their
 * `/proc/<pid>/exe`), exited ones left out; none when `binary` is not a
 * file here.
 */
function pidsOf(binary) {
  let target;
  try {
    target = realpathSync(binary);
  } catch {
    return [];
  }
  return readdirSync("/proc")
    .filter((entry) => /^\d+$/.test(entry))
    .filter((pid) => {
      try {
        return readlinkSync(`/proc/${pid}/exe`).replace(/ \(deleted\)$/, "") === target;
      } catch {
        return false;
      }
    })
    .map(Number);
}

/**
 * Linux: resolves once the processes `pids` of `binary` (a session's app)
 * have ended: given 10 s to end on their own, then killed.
 */
async function gone(binary, pids) {
  const left = () => pidsOf(binary).filter((pid) => pids.has(pid));
  for (let waited = 0; waited < 10_000 && left().length > 0; waited += 250) await sleep(250);
  for (const pid of left()) {
    console.warn(`${basename(binary)} (${pid}) outlived its WebDriver session by 10 s: killed`);
    try {
      process.kill(pid, "SIGKILL");
    } catch {
      // ended meanwhile
    }
  }
  for (let waited = 0; waited < 10_000 && left().length > 0; waited += 250) await sleep(250);
  assert.deepEqual(left(), [], "the session's app is still running after its session and SIGKILL");
}

/**
 * Resolves once the window's first screen is live: Rust's first answer
 * applied (the mark `workdesk:first-screen-painted`), or the error shown in
 * its place. A first run paints its form before the UI's scripts run
 * (ui/src/lib/first-screen.ts); a click before they take the form over
 * would be lost.
 */
export function live(app) {
  return app.wait(
    () =>
      app.executeScript(
        () => performance.getEntriesByName("workdesk:first-screen-painted").length > 0 || document.querySelector(".error.banner") !== null,
      ),
    WAIT_MS,
    "the window's first screen live",
  );
}

/**
 * `wait` as Selenium's, but a condition that meets an element the page
 * removed (StaleElementReferenceError) is asked again at the next poll, as
 * Java's `FluentWait.ignoring` does: the page redraws as it pleases, and
 * WebKitWebDriver even fails a `findElements` whose match is removed while
 * it answers. A condition that keeps meeting one removed element still
 * fails, at the timeout. A timeout saves a screenshot named after the wait.
 */
function tolerantWait(app, wait) {
  return (condition, timeout, message, pollTimeout) => {
    if (typeof condition?.then === "function") return wait(condition, timeout, message, pollTimeout);
    const fn = condition instanceof Condition ? condition.fn : condition;
    const tolerant = async (driver) => {
      try {
        return await fn(driver);
      } catch (e) {
        if (e instanceof error.StaleElementReferenceError) return false;
        throw e;
      }
    };
    const asked =
      condition instanceof WebElementCondition
        ? new WebElementCondition(condition.description(), tolerant)
        : condition instanceof Condition
          ? new Condition(condition.description(), tolerant)
          : tolerant;
    const result = wait(asked, timeout, message, pollTimeout).catch(async (e) => {
      if (e instanceof error.TimeoutError) {
        const said = typeof message === "function" ? message() : message;
        const name = `timeout-${said || condition?.description?.() || "wait"}`;
        await screenshot(app, name.replace(/[^\w.-]+/g, "-").slice(0, 80)).catch(() => {});
      }
      throw e;
    });
    return condition instanceof WebElementCondition ? new WebElementPromise(app, result) : result;
  };
}

/** The form control labelled `text`. */
export const byLabel = (text) =>
  By.xpath(`//*[@id = //label[normalize-space(.) = '${text}']/@for]`);
/** A list's count line ("2,437 supplier invoices", "1 of 2,437 … matches “…”"). */
export const COUNT = By.css("p.count");
/** A list's pager status ("Page 1 of 122", "No page shown"). */
export const PAGE_STATUS = By.id("page-status");
/** A list's alert: why no page could be loaded. */
export const LIST_ALERT = By.css(".list-error[role='alert']");
/** The button reading `text`. */
export const byButton = (text) => By.xpath(`//button[normalize-space(.) = '${text}']`);

/**
 * Waits until `locator` finds a visible element, and returns it. Each poll
 * finds it again: one the page replaced meanwhile is not waited on.
 */
export function visible(app, locator) {
  return app.wait(
    async () => {
      const [element] = await app.findElements(locator);
      return element !== undefined && (await element.isDisplayed()) ? element : false;
    },
    WAIT_MS,
    `${locator} to be visible`,
  );
}

/**
 * Waits until the text of what `locator` finds (its first match, found
 * again at each poll, so a redrawn element is read anew) equals `expected`
 * (a string), matches it (a RegExp) or passes it (a function of the text);
 * resolves with that text. `what` names the
 * wait in its timeout.
 */
export function untilText(app, locator, expected, what) {
  let last;
  return app.wait(
    async () => {
      const [element] = await app.findElements(locator);
      if (element === undefined) return false;
      last = await element.getText();
      const met =
        expected instanceof RegExp ? expected.test(last) : typeof expected === "function" ? expected(last) : last === expected;
      return met ? last : false;
    },
    WAIT_MS,
    () => `${what} (last read: ${JSON.stringify(last)})`,
  );
}

/**
 * Fills the first-run screen with the sandbox's address and `key`
 * (workspace A's unless given), replacing whatever an earlier run left
 * there, and connects.
 */
export async function connectToSandbox(app, sandbox, key = sandbox.keys.workspace_a) {
  for (const [label, text] of [
    ["Server address", sandbox.baseUrl],
    ["API key", key],
  ]) {
    const field = await visible(app, byLabel(label));
    await field.clear();
    await field.sendKeys(text);
  }
  await (await visible(app, byButton("Connect"))).click();
}

/**
 * Scrolls `element` to the middle of its scroll containers (a wide table
 * scrolls sideways inside the window), then clicks it like a user:
 * WebKitWebDriver does not always bring an element of a scrolled container
 * into view before clicking.
 */
export async function clickInView(app, element) {
  await app.executeScript("arguments[0].scrollIntoView({ block: 'center', inline: 'center' });", element);
  await element.click();
}

/**
 * Clicks the first row of the records table once the table has settled (not
 * `aria-busy`, a row there and clickable): its detail panel opens. `what`
 * names the wait.
 */
export function clickFirstRow(app, what) {
  return app.wait(
    async () => {
      const table = await app.findElement(By.css("table.records"));
      if ((await table.getAttribute("aria-busy")) === "true") return false;
      try {
        await clickInView(app, await table.findElement(By.css("tbody tr th[scope='row']")));
        return true;
      } catch (e) {
        // A page still coming in; a row the page replaced is asked again by the wait itself.
        if (e instanceof error.NoSuchElementError || e instanceof error.ElementNotInteractableError) return false;
        throw e;
      }
    },
    WAIT_MS,
    what,
  );
}

/**
 * Opens the section `name` ("Supplier invoices", "Resumen") from the
 * navigation, in either language, scrolled into view first: the sections
 * scroll on their own in a short window, and WebKitWebDriver does not
 * always bring a button of a scrolled list into view before clicking.
 */
export async function openSection(app, name) {
  await clickInView(app, await visible(app, By.xpath(`//nav[contains(@class, 'sections')]//button[normalize-space(.)='${name}']`)));
}

/**
 * Types `path` into the system's save dialog titled `title` (GTK's, found
 * and driven with xdotool under Xvfb) and confirms it. Linux only: the
 * tests that call it are `linuxOnly`.
 */
export function answerSaveDialog(title, path) {
  assert.ok(LINUX, "answerSaveDialog drives GTK's dialog with xdotool: Linux only");
  const id = execFileSync("xdotool", ["search", "--sync", "--onlyvisible", "--name", title], { encoding: "utf8", timeout: WAIT_MS })
    .trim()
    .split("\n")[0];
  execFileSync("xdotool", ["windowfocus", "--sync", id]);
  execFileSync("xdotool", ["key", "--clearmodifiers", "ctrl+a"]);
  execFileSync("xdotool", ["type", "--delay", "5", path]);
  execFileSync("xdotool", ["key", "Return"]);
}

/**
 * Waits for the overview (the first screen of a workspace just added) with
 * its figures: every part says where they come from, or why there are none.
 */
export async function overviewShown(app) {
  await visible(app, By.xpath("//main//h2[normalize-space(.)='Overview' or normalize-space(.)='Resumen']"));
  await app.wait(
    async () =>
      app.executeScript(
        "return document.querySelectorAll('main section.overview article').length > 0 && document.querySelector('main section.overview').getAttribute('aria-busy') === 'false'",
      ),
    WAIT_MS,
    "the overview's figures",
  );
}

/**
 * Names in the first column of the records table, as rendered (the text of
 * each row's header cell: WebDriver's visible text of a cell with
 * `overflow: hidden` reads as empty in WebKitWebDriver).
 */
export function rowNames(app) {
  return cellTexts(app, By.css("table tbody tr th[scope='row']"));
}

/**
 * The text content of every element `locator` (By.css or By.xpath) finds,
 * in document order, read in one script: rows redrawn meanwhile cannot
 * leave it holding removed elements.
 */
export function cellTexts(app, locator) {
  const { using, value } = locator;
  if (using !== "css selector" && using !== "xpath") throw new TypeError(`cellTexts: ${locator} is neither CSS nor XPath`);
  return app.executeScript(
    `const [using, value] = arguments;
    let found;
    if (using === "xpath") {
      const shot = document.evaluate(value, document, null, XPathResult.ORDERED_NODE_SNAPSHOT_TYPE, null);
      found = Array.from({ length: shot.snapshotLength }, (_, i) => shot.snapshotItem(i));
    } else {
      found = [...document.querySelectorAll(value)];
    }
    return found.map((c) => c.textContent.trim());`,
    using,
    value,
  );
}

/**
 * The texts of the interface on screen, to check their language: the
 * window's title and what `collectScreenTexts` reads under `<body>`.
 */
export function screenTexts(app) {
  return app.executeScript(`return [document.title, ...(${collectScreenTexts})(document.body)];`);
}

/** `count` of supplier invoices as the sandbox reports it to `key` (workspace A's unless given). */
export async function countFromService(sandbox, key = sandbox.keys.workspace_a) {
  const response = await fetch(`${sandbox.baseUrl}/account_payable/invoice/?take=1`, {
    headers: { Authorization: `Bearer ${key}` },
  });
  const body = await response.json();
  return body.data.count;
}

/** Stops the sandbox `sandbox` started, and resolves once its process is gone (its port is free). */
export function stopSandbox(sandbox) {
  const { process: child } = sandbox;
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once("exit", () => resolve());
    child.kill();
  });
}

/**
 * Removes the app's items from the keychain, if any: the (test session's)
 * Secret Service on Linux, the user's Credential Manager on Windows (every
 * generic credential `<account>.<identifier>`, through credentials.ps1).
 */
export function clearStoredKey() {
  if (WINDOWS) {
    credentials("clear");
    return;
  }
  if (process.platform !== "linux") return;
  try {
    execFileSync("secret-tool", ["clear", "service", IDENTIFIER], { stdio: "ignore" });
  } catch {
    // nothing stored
  }
}

/**
 * The app's items in the keychain, as text: what `secret-tool search --all`
 * prints on Linux ("" when it fails), what credentials.ps1 prints on
 * Windows (each item's target name `<account>.<identifier>` and its secret).
 */
export function storedSecrets() {
  if (WINDOWS) return credentials("list");
  try {
    return execFileSync("secret-tool", ["search", "--all", "service", IDENTIFIER], {
      encoding: "utf8",
      stdio: ["ignore", "pipe", "pipe"],
    });
  } catch {
    return "";
  }
}

/** Runs credentials.ps1 (Windows' Credential Manager through Win32) with `action`, "list" or "clear"; its output. */
function credentials(action) {
  const script = join(dirname(fileURLToPath(import.meta.url)), "credentials.ps1");
  return execFileSync(
    "powershell.exe",
    ["-NoProfile", "-NonInteractive", "-ExecutionPolicy", "Bypass", "-File", script, "-Action", action, "-Service", IDENTIFIER],
    { encoding: "utf8", stdio: ["ignore", "pipe", "pipe"], windowsHide: true, timeout: WAIT_MS },
  );
}

/**
 * Kills the app `binary` (WORKDESK_APP unless given) at once, as a crash
 * would: SIGKILL on Linux (its own process only, not the sandbox, whose
 * path starts alike), `taskkill /F /T` on Windows (it and its webview's
 * processes).
 */
export function killApp(binary = process.env.WORKDESK_APP) {
  if (WINDOWS) {
    execFileSync("taskkill", ["/F", "/T", "/IM", basename(binary)], { stdio: "ignore", windowsHide: true });
    return;
  }
  const path = binary.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  execFileSync("pkill", ["-KILL", "-f", `^${path}( |$)`]);
}

/** Windows: whether a process of the image `image` (workdesk.exe) runs. */
function running(image) {
  const found = execFileSync("tasklist", ["/FI", `IMAGENAME eq ${image}`, "/FO", "CSV", "/NH"], {
    encoding: "utf8",
    windowsHide: true,
  });
  return found.toLowerCase().includes(`"${image.toLowerCase()}"`);
}

/**
 * Windows: resolves once no process of the app `binary` runs: given 10 s
 * to end on its own, then ended (`taskkill /F /T`, its webview's processes
 * with it).
 */
async function appGone(binary) {
  const image = basename(binary);
  for (let waited = 0; waited < 10_000 && running(image); waited += 250) await sleep(250);
  if (!running(image)) return;
  try {
    execFileSync("taskkill", ["/F", "/T", "/IM", image], { stdio: "ignore", windowsHide: true });
  } catch {
    // ended meanwhile
  }
  for (let waited = 0; waited < 10_000 && running(image); waited += 250) await sleep(250);
  assert.ok(!running(image), `${image} is still running after taskkill`);
}

/**
 * Starts `workdesk-sandbox --port <port> --journal --faults <args>` (a free port
 * unless given: the same port and seed give the same address and keys
 * again) and resolves with its announcement line:
 * `{ process, baseUrl, keys, ids }`.
 */
export function startSandbox(binary, port = 0, args = []) {
  return new Promise((resolve, reject) => {
    const child = spawn(binary, ["--port", String(port), "--journal", "--faults", ...args], {
      stdio: ["ignore", "pipe", "inherit"],
    });
    child.on("error", reject);
    child.on("exit", (code) => reject(new Error(`workdesk-sandbox exited with ${code}`)));
    createInterface({ input: child.stdout }).once("line", (line) => {
      const { base_url: baseUrl, keys, ids } = JSON.parse(line);
      resolve({ process: child, baseUrl, keys, ids });
    });
  });
}

/** `GET path` of the sandbox as workspace A, returning the envelope's `data`. */
export async function serviceGet(sandbox, path) {
  const response = await fetch(`${sandbox.baseUrl}${path}`, {
    headers: { Authorization: `Bearer ${sandbox.keys.workspace_a}` },
  });
  const body = await response.json();
  assert.equal(response.status, 200, `GET ${path}: ${JSON.stringify(body)}`);
  return body.data;
}

/** Sets lead `id`'s status on the sandbox as workspace A, as someone in the office would. */
export async function officeSetsLead(sandbox, id, status) {
  const response = await fetch(`${sandbox.baseUrl}/crm/lead/${id}/`, {
    method: "PATCH",
    headers: { Authorization: `Bearer ${sandbox.keys.workspace_a}`, "Content-Type": "application/json" },
    body: JSON.stringify({ status }),
  });
  assert.equal(response.status, 200);
}

/** The requests the sandbox has answered, oldest first: `[{method, path, query, body, status}]`. */
export async function journal(sandbox) {
  const response = await fetch(`${sandbox.baseUrl}/_sandbox/requests`);
  return (await response.json()).data.results;
}

/**
 * Arms the sandbox fault `mode` for its next `times` API requests, or,
 * with `only` (`{ path: "/…/", method: "GET" }`), for the next `times`
 * requests to exactly that path and with that method: the app's own
 * requests elsewhere (the reminders' read of tasks, at any moment) then
 * pass untouched.
 */
export async function armFault(sandbox, mode, times = 1, only = {}) {
  const response = await fetch(`${sandbox.baseUrl}/_sandbox/faults`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ mode, times, ...only }),
  });
  assert.ok(response.ok, `arming ${mode}: ${response.status}`);
}

/**
 * Saves a screenshot of the app window as `<WORKDESK_ARTIFACTS or
 * artifacts>/screenshots/<name>.png` (a gitignored folder CI keeps as an
 * artefact), and returns its path.
 */
export async function screenshot(app, name) {
  const dir = join(process.env.WORKDESK_ARTIFACTS ?? "artifacts", "screenshots");
  mkdirSync(dir, { recursive: true });
  const file = join(dir, `${name}.png`);
  // WebKitWebDriver takes the screenshot at a later rendering update, and a
  // page where nothing changes (the first-run screen) has none: it then
  // waits forever. Invisible changes of the root's opacity for a few
  // seconds make them.
  await app.executeScript(`
    const style = document.documentElement.style;
    let n = 0;
    const timer = setInterval(() => {
      style.opacity = n++ % 2 ? "" : "0.999";
      if (n > 60) { clearInterval(timer); style.opacity = ""; }
    }, 50);
  `);
  let timer;
  const timeout = new Promise((_, reject) => {
    timer = setTimeout(() => reject(new Error(`screenshot ${name}: no answer in ${WAIT_MS} ms`)), WAIT_MS);
  });
  try {
    writeFileSync(file, Buffer.from(await Promise.race([app.takeScreenshot(), timeout]), "base64"));
  } finally {
    clearTimeout(timer);
  }
  return file;
}

/**
 * Saves a screenshot of the whole X display (the window and what the
 * desktop draws over it: a notification's bubble) as `<WORKDESK_ARTIFACTS
 * or artifacts>/screenshots/<name>.png`, with ImageMagick's `import` when
 * it is installed (it is not part of CI's packages: the screenshot is for
 * the README); returns its path, or null when it could not be taken.
 */
export function screenshotScreen(name) {
  const dir = join(process.env.WORKDESK_ARTIFACTS ?? "artifacts", "screenshots");
  mkdirSync(dir, { recursive: true });
  const file = join(dir, `${name}.png`);
  try {
    execFileSync("import", ["-window", "root", file], { stdio: "ignore", timeout: 10_000 });
    return file;
  } catch {
    console.log(`screenshot ${name} of the whole screen not taken: ImageMagick's import is not installed here`);
    return null;
  }
}

/** A TCP port nothing listens on right now. */
function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/**
 * The platform's own WebDriver that tauri-driver drives: WebKitWebDriver on
 * Linux, or what `WORKDESK_NATIVE_DRIVER` names (Edge's msedgedriver.exe on
 * Windows, matching the WebView2 runtime; where it is not set, the one in
 * the folder `EDGEWEBDRIVER` names, as on GitHub's Windows runner).
 */
const NATIVE_DRIVER =
  process.env.WORKDESK_NATIVE_DRIVER ??
  (WINDOWS && process.env.EDGEWEBDRIVER ? join(process.env.EDGEWEBDRIVER, "msedgedriver.exe") : "/usr/bin/WebKitWebDriver");

/**
 * Stops tauri-driver: SIGTERM on Linux; on Windows with the native driver
 * it started (`taskkill /T`: killing a process there leaves its children).
 */
function stopDriver(child) {
  if (!WINDOWS) {
    child.kill();
    return;
  }
  try {
    execFileSync("taskkill", ["/F", "/T", "/PID", String(child.pid)], { stdio: "ignore", windowsHide: true });
  } catch {
    // already gone
  }
}

/**
 * Starts tauri-driver (and through it the native driver) on free ports and
 * resolves with `{ process, url }` once it accepts connections. The app it
 * starts inherits this process's environment and `env` (`{ LANG }`).
 */
export async function startTauriDriver(env = {}) {
  const port = await freePort();
  const nativePort = await freePort();
  const child = spawn(
    "tauri-driver",
    ["--port", String(port), "--native-port", String(nativePort), "--native-driver", NATIVE_DRIVER],
    { stdio: ["ignore", "inherit", "inherit"], env: { ...process.env, ...env } },
  );
  return listening(child, port, "tauri-driver");
}

/**
 * Starts the native driver itself (WebKitWebDriver; Linux only), as
 * tauri-driver does (the app it starts gets `TAURI_WEBVIEW_AUTOMATION=true`,
 * which lets WebDriver drive Tauri's webview), on a free port, and resolves
 * with `{ process, url }`. A session on it asks for
 * `nativeCapabilities(binary)`. For timings: tauri-driver's own hop (its
 * hyper server and client leave Nagle's algorithm on) holds about one
 * request in two for 40–48 ms against the peer's delayed ACK; straight to
 * WebKitWebDriver the same request answers in 1–4 ms.
 */
export async function startNativeDriver() {
  const port = await freePort();
  const child = spawn(NATIVE_DRIVER, [`--port=${port}`, "--host=127.0.0.1"], {
    stdio: ["ignore", "ignore", "inherit"],
    env: { ...process.env, TAURI_WEBVIEW_AUTOMATION: "true" },
  });
  return listening(child, port, NATIVE_DRIVER);
}

/** What tauri-driver asks WebKitWebDriver for, for `tauri:options` `{ application: binary }`. */
export const nativeCapabilities = (binary) => ({
  browserName: "wry",
  "webkitgtk:browserOptions": { binary, args: [] },
});

/** Resolves with `{ process: child, url }` once `child` (`name`) accepts connections on `port`. */
function listening(child, port, name) {
  return new Promise((resolve, reject) => {
    let exited = false;
    child.on("error", reject);
    child.on("exit", (code) => {
      exited = true;
      reject(new Error(`${name} exited with ${code}`));
    });
    const attempt = (left) => {
      if (exited) return;
      const socket = connect(port, "127.0.0.1");
      socket.once("connect", () => {
        socket.end();
        resolve({ process: child, url: `http://127.0.0.1:${port}/` });
      });
      socket.once("error", () => {
        if (left === 0) reject(new Error(`${name} did not listen on ${port}`));
        else setTimeout(() => attempt(left - 1), 50);
      });
    };
    attempt(400);
  });
}

/**
 * Registers a test file's `before` and `after` hooks: the sandbox
 * (`WORKDESK_SANDBOX`) and tauri-driver are started before its tests and
 * stopped after them, and the app's keychain item is cleared. Returns
 * `{ sandbox, open }`: the sandbox (`{ baseUrl, keys }`, set once `before`
 * ran), `open(args)`, a new WebDriver session on the app `WORKDESK_APP`
 * started with `args` (none unless given; `what` names the app in the
 * error when it is missing), and `keep(app)`,
 * which quits a session kept across tests when the file is done. `env`
 * adds to the app's environment (`{ LANG: "es_CO.UTF-8" }`). (Node 20
 * runs root-level hooks concurrently: a file's own `before` cannot rely on
 * these.)
 *
 * On Windows the app's folders are the user's own (%APPDATA%,
 * %LOCALAPPDATA%), and so is Credential Manager: `before` ends a Workdesk
 * still running, removes those folders and the app's credentials, so that
 * each file starts as a new install there too. `WORKDESK_TEST_SESSION`
 * (a folder) says this may be done: set it only on a throwaway machine,
 * as the three-system workflow's Windows runner.
 */
export function appUnderTest(what, env = {}) {
  const application = process.env.WORKDESK_APP;
  const context = { sandbox: undefined, open: undefined, kept: [], keep: (app) => (context.kept.push(app), app) };
  // Each file starts as a new install: its own settings, saved data and
  // logs (a view an earlier file left filtered is not this file's). Set
  // here, before the file reads these folders, for the file and the app.
  if (process.env.WORKDESK_TEST_SESSION && !WINDOWS) {
    const folders = mkdtempSync(join(process.env.WORKDESK_TEST_SESSION, "e2e-"));
    for (const [name, folder] of [["XDG_DATA_HOME", "data"], ["XDG_CONFIG_HOME", "config"], ["XDG_CACHE_HOME", "cache"]]) {
      process.env[name] = join(folders, folder);
    }
  }
  let driver;
  before(async () => {
    assert.ok(application && existsSync(application), `WORKDESK_APP must name ${what} (got ${application})`);
    // The tests write to the keychain and clear the app's item afterwards:
    // only ever inside the private keyring and folders of .ci/session.
    assert.ok(
      process.env.WORKDESK_TEST_SESSION,
      WINDOWS
        ? "set WORKDESK_TEST_SESSION (a folder) on a throwaway machine only: the tests remove this user's Workdesk folders and credentials"
        : "run inside .ci/session: it uses a private keyring and folders",
    );
    if (WINDOWS) {
      await appGone(application);
      removeAppData();
      clearStoredKey();
    }
    context.sandbox = await startSandbox(process.env.WORKDESK_SANDBOX);
    driver = await startTauriDriver(env);
    context.open = (args = []) => openApp(driver.url, application, args);
  });
  // Node 20 runs a file's root-level hooks concurrently: sessions a file
  // keeps open across tests are handed to `keep` and quit here, before the
  // driver goes.
  after(async () => {
    await Promise.all(context.kept.map((app) => app.quit().catch(() => {})));
    if (driver) stopDriver(driver.process);
    context.sandbox?.process.kill();
    clearStoredKey();
  });
  return context;
}
