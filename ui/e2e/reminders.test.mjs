// End to end: reminders in the real app, seen by a real notification
// daemon (dunst, on the session's D-Bus under Xvfb; what it showed read
// back with `dunstctl history`). Connected to the sandbox (whose seeded
// tasks include many overdue ones, and whose key's member Workdesk does
// not know yet: every task due is "mine"), Workdesk tells them in one
// grouped notification. A task due yesterday, added on the service, raises
// exactly one notification at the next check (the Overview's Refresh),
// whose default action (a click; `dunstctl action 0`) opens the task's
// details in the window. Started again the same day, Workdesk tells that
// task no more: the next task added is the only one told. Axe on the
// Overview with its Due today list.
import { after, before, test } from "node:test";
import assert from "node:assert/strict";
import { execFileSync, spawn } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { By } from "selenium-webdriver";
import { violations } from "./a11y.mjs";
import {
  WAIT_MS,
  appUnderTest,
  byButton,
  clearStoredKey,
  connectToSandbox,
  linuxOnly,
  openSection,
  overviewShown,
  removeAppData,
  screenshot,
  screenshotScreen,
  untilText,
  visible,
} from "./support.mjs";

/** Why this file runs on Linux only (elsewhere its test is skipped, saying so, and no app is started). */
const ONLY_LINUX = linuxOnly("a notification daemon (dunst) on the session's D-Bus shows the reminders; Windows' and macOS' notifications report no click");
const context = ONLY_LINUX.skip ? undefined : appUnderTest("the built app binary");

const DUE_TODAY = By.xpath("//article[.//h3[normalize-space(.)='Due today']]");
const DETAIL_TITLE = By.css("aside.detail h3");
const LIST_TITLE = By.css("section.list-view h2");

/** `dunstctl args…`, its output trimmed. */
function dunstctl(...args) {
  return execFileSync("dunstctl", args, { encoding: "utf8", timeout: 10_000 }).trim();
}

/** Notifications dunst shows now (or holds back to show). */
function shown() {
  return Number(dunstctl("count", "displayed")) + Number(dunstctl("count", "waiting"));
}

/** What dunst showed and closed, oldest first: `[{ summary, body }]`. */
function history() {
  const [entries = []] = JSON.parse(dunstctl("history")).data;
  return entries.map((n) => ({ summary: n.summary.data, body: n.body.data })).reverse();
}

/** Waits until dunst shows `count` notifications (at least). */
async function told(app, count, what) {
  await app.wait(async () => shown() >= count, WAIT_MS, what);
}

/** Adds a task due `hoursAgo` hours ago on the sandbox, as a colleague would (not through Workdesk). */
async function taskDue(sandbox, title, hoursAgo) {
  const response = await fetch(`${sandbox.baseUrl}/task/task/`, {
    method: "POST",
    headers: { Authorization: `Bearer ${sandbox.keys.workspace_a}`, "Content-Type": "application/json" },
    body: JSON.stringify({ title, expiry: new Date(Date.now() - hoursAgo * 3_600_000).toISOString() }),
  });
  assert.equal(response.status, 201, await response.clone().text());
  return (await response.json()).data.id;
}

/** Presses the Overview's Refresh and waits for its Due today list to hold `title` (null: to be shown at all). */
async function refreshed(app, title) {
  await (await visible(app, byButton("Refresh"))).click();
  const task = title === null ? DUE_TODAY : By.xpath(`//article[.//h3[normalize-space(.)='Due today']]//button[normalize-space(.)='${title}']`);
  await visible(app, task);
}

let daemon;
before(() => {
  if (ONLY_LINUX.skip) return;
  // Every notification stays on screen until closed (or acted on), and
  // then goes to the history, which keeps them all.
  const folder = mkdtempSync(join(tmpdir(), "dunst-"));
  const config = join(folder, "dunstrc");
  writeFileSync(
    config,
    ["[global]", "    history_length = 100", "    sticky_history = yes", ...["low", "normal", "critical"].flatMap((u) => [`[urgency_${u}]`, "    timeout = 0"])].join("\n") + "\n",
  );
  daemon = spawn("dunst", ["-config", config], { stdio: ["ignore", "ignore", "inherit"] });
});
after(() => daemon?.kill());

test("a task due yesterday raises one notification whose click opens it, and none again the same day after a restart", ONLY_LINUX, async () => {
  const { sandbox } = context;
  clearStoredKey();
  removeAppData();
  // dunst answers on the session's bus before anything is shown.
  await new Promise((resolve, reject) => {
    const started = Date.now();
    const ask = () => {
      try {
        dunstctl("is-paused");
        resolve();
      } catch (e) {
        if (Date.now() - started > WAIT_MS) reject(e);
        else setTimeout(ask, 100);
      }
    };
    ask();
  });
  let app = await context.open();
  const title = `Call Acme back ${Date.now()}`;
  try {
    await connectToSandbox(app, sandbox);
    await overviewShown(app);
    await visible(app, DUE_TODAY);
    // The sandbox's overdue tasks: told in one grouped notification.
    await told(app, 1, "the grouped reminder of the sandbox's overdue tasks");
    dunstctl("close-all");
    const first = history();
    assert.equal(first.length, 1, JSON.stringify(first));
    assert.match(first[0].summary, /^\d+ tasks due today or overdue$/);

    // A task due yesterday, added on the service: one notification at the next check.
    await taskDue(sandbox, title, 24);
    await refreshed(app, title);
    await told(app, 1, "the reminder of the task due yesterday");
    assert.equal(shown(), 1, "exactly one notification");
    await screenshot(app, "reminder-due");
    screenshotScreen("reminder");

    // Its click (the default action) opens the task's details in the window.
    dunstctl("action", "0");
    await untilText(app, LIST_TITLE, "Tasks", "the tasks, from the reminder");
    await untilText(app, DETAIL_TITLE, title, "the task's details, from the reminder");
    // (dunst's action leaves the notification on screen, as its middle click's `do_action` does.)
    dunstctl("close-all");
    const now = history();
    assert.equal(now.length, 2, JSON.stringify(now));
    assert.deepEqual(now[1], { summary: "Task overdue", body: title });
  } finally {
    await app.quit();
  }

  // Started again the same day: that task is not told again; the next one added is the only one told.
  app = await context.open();
  try {
    // (It opens where it was left: the tasks.)
    await openSection(app, "Overview");
    await overviewShown(app);
    await visible(app, By.xpath(`//article[.//h3[normalize-space(.)='Due today']]//button[normalize-space(.)='${title}']`));
    const found = await violations(app);
    assert.deepEqual(found, [], `axe-core found on the overview with its Due today list:\n${found.join("\n")}`);
    const control = `Send the quote to Acme ${Date.now()}`;
    await taskDue(sandbox, control, 25);
    await refreshed(app, control);
    await told(app, 1, "the reminder of the task added after the restart");
    dunstctl("close-all");
    const since = history().slice(2);
    assert.deepEqual(since, [{ summary: "Task overdue", body: control }], "only the new task is told after the restart");
  } finally {
    await app.quit();
  }
});
