// End to end: `workdesk://` links in the real app. "Copy link" in an
// invoice's details puts its link on the X clipboard (read back with
// xclip); a second launch of the app binary with that link as its only
// argument hands it to the running Workdesk (the single instance, over the
// session's D-Bus) and exits, and the running window shows that invoice's
// details in the supplier invoices list, from another section. A link to
// a workspace not saved on this computer, opened the same way, is said in
// the window's banner and changes nothing on screen. Workdesk started by a
// link (not running) opens on that invoice.
import { test } from "node:test";
import assert from "node:assert/strict";
import { execFileSync, spawn } from "node:child_process";
import { By } from "selenium-webdriver";
import {
  WAIT_MS,
  appUnderTest,
  byButton,
  cellTexts,
  clearStoredKey,
  clickInView,
  connectToSandbox,
  linuxOnly,
  openSection,
  overviewShown,
  removeAppData,
  screenshot,
  untilText,
  visible,
} from "./support.mjs";

/** Why this file runs on Linux only (elsewhere its test is skipped, saying so, and no app is started). */
const ONLY_LINUX = linuxOnly("reads the copied link from the X clipboard with xclip; the single instance hands over through the session's D-Bus");
const context = ONLY_LINUX.skip ? undefined : appUnderTest("the built app binary");

/** The text on the X clipboard (CLIPBOARD selection), read with xclip; "" when empty. */
function clipboard() {
  try {
    return execFileSync("xclip", ["-o", "-selection", "clipboard"], { encoding: "utf8", timeout: 5_000 });
  } catch {
    return "";
  }
}

/**
 * Starts the app binary again with `link` as its only argument, as a
 * desktop does for a link clicked in a mail or a chat, in this file's
 * environment (its D-Bus session and folders, as the running app's), and
 * resolves with how it exited: `{ code, signal, ms }`, or rejects when it
 * is still running after WAIT_MS (it would be a second Workdesk).
 */
function launchWith(link) {
  const started = Date.now();
  const child = spawn(process.env.WORKDESK_APP, [link], { stdio: ["ignore", "ignore", "inherit"] });
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill("SIGKILL");
      reject(new Error(`the second launch was still running after ${WAIT_MS} ms: it did not hand the link over`));
    }, WAIT_MS);
    child.once("error", (e) => (clearTimeout(timer), reject(e)));
    child.once("exit", (code, signal) => {
      clearTimeout(timer);
      resolve({ code, signal, ms: Date.now() - started });
    });
  });
}

/** The link the first test copied, and its invoice's name, for the second. */
let startLink = null;
let startName = null;

const DETAIL_TITLE = By.css("aside.detail h3");
const LIST_TITLE = By.css("section.list-view h2");

test("a copied invoice link, opened by a second launch, shows that invoice in the running window; one to a workspace not here changes nothing", ONLY_LINUX, async () => {
  const { sandbox } = context;
  clearStoredKey();
  removeAppData();
  const app = await context.open();
  try {
    await connectToSandbox(app, sandbox);
    await overviewShown(app);
    await openSection(app, "Supplier invoices");

    // The third invoice of the first page, opened: its details.
    await visible(app, By.css("table tbody tr[data-id]"));
    const names = await cellTexts(app, By.css("table tbody tr[data-id] th[scope='row']"));
    const ids = await app.executeScript("return [...document.querySelectorAll('table tbody tr[data-id]')].map((tr) => tr.dataset.id)");
    assert.ok(names.length >= 3, `a page of invoices (${names.length})`);
    const [name, id] = [names[2], ids[2]];
    await clickInView(app, await app.findElement(By.css(`table tbody tr[data-id='${id}'] th[scope='row']`)));
    await untilText(app, DETAIL_TITLE, name, "the invoice's details");

    // "Copy link": its link on the clipboard, said beside the button.
    await clickInView(app, await visible(app, By.xpath("//aside[contains(@class, 'detail')]//button[normalize-space(.)='Copy link']")));
    await untilText(app, By.css("aside.detail .copy-link [role='status']"), /^Link copied/, "the link copied");
    // (The session's X server is new: nothing else was on its clipboard.)
    const link = (await app.wait(() => clipboard().trim() || false, WAIT_MS, "the link on the X clipboard")).trim();
    assert.match(link, /^workdesk:\/\/open\/supplier_invoice\?record=[0-9a-f-]{36}&workspace=[0-9a-f]{32}&server=http%3A%2F%2F127\.0\.0\.1%3A\d+$/, link);
    assert.ok(link.includes(`record=${id}`), `the link names the invoice ${id}: ${link}`);
    assert.ok(!link.includes(sandbox.keys.workspace_a) && !link.includes("service_"), "no key in a link");

    // Elsewhere in the window: the tasks, no invoice open.
    await openSection(app, "Tasks");
    await untilText(app, LIST_TITLE, "Tasks", "the tasks");
    assert.equal((await app.findElements(By.css("aside.detail"))).length, 0, "no details open");

    // The link opened from a mail: a second launch, which exits at once…
    const second = await launchWith(link);
    assert.deepEqual({ code: second.code, signal: second.signal }, { code: 0, signal: null }, "the second launch exits, handing over");
    // …and the running window shows that invoice.
    await untilText(app, LIST_TITLE, "Supplier invoices", "the supplier invoices, from the link");
    await untilText(app, DETAIL_TITLE, name, "the linked invoice's details");
    const opened = await app.executeScript("return [...document.querySelectorAll('table tbody tr.opened')].map((tr) => tr.dataset.id)");
    assert.deepEqual(opened, [id], "its row, on the page shown, is the one marked open");
    assert.equal((await app.findElements(By.css(".error.banner"))).length, 0, "no error");
    await screenshot(app, "link-opened");

    // A link to a workspace this computer does not have: said, nothing changes.
    await openSection(app, "Tasks");
    await untilText(app, LIST_TITLE, "Tasks", "the tasks again");
    const elsewhere = link.replace(/workspace=[0-9a-f]{32}/, "workspace=0123456789abcdef0123456789abcdef");
    const third = await launchWith(elsewhere);
    assert.deepEqual({ code: third.code, signal: third.signal }, { code: 0, signal: null }, "that launch exits too");
    const said = await untilText(app, By.css(".error.banner"), /not saved on this computer/, "the window says why the link does not open");
    assert.match(said, /That link is for a workspace of http:\/\/127\.0\.0\.1:\d+ that is not saved on this computer/);
    assert.match(said, /Nothing was changed\./);
    assert.equal(await (await app.findElement(LIST_TITLE)).getText(), "Tasks", "still the tasks");
    assert.equal((await app.findElements(By.css("aside.detail"))).length, 0, "no details opened");
    assert.equal((await app.findElements(byButton("Connect"))).length, 0, "no workspace form");
    startLink = link;
    startName = name;
  } finally {
    await app.quit();
  }
});

test("Workdesk started by a link (not running yet) opens on that invoice", ONLY_LINUX, async (t) => {
  if (!startLink) return t.skip("the first test made no link");
  // As a desktop starts Workdesk for a link clicked while it is closed: the link its only argument.
  const app = await context.open([startLink]);
  try {
    await untilText(app, LIST_TITLE, "Supplier invoices", "the supplier invoices, from the link");
    await untilText(app, DETAIL_TITLE, startName, "the linked invoice's details");
    assert.equal((await app.findElements(By.css(".error.banner"))).length, 0, "no error");
  } finally {
    await app.quit();
  }
});
