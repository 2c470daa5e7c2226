// End to end: printing a list produces a PDF whose text holds the rows
// shown. The real app's print path, from Ctrl+P to a file: the question
// ("This page"), the rows put in the print-only table, Rust opening the
// system's print dialog (GTK's, through Tauri's WebviewWindow::print), and
// GTK's own "Print to File" writing the PDF, driven with xdotool under
// Xvfb as a person would; the PDF's text read back with pdftotext
// (poppler-utils). WebKitWebDriver (2.50) has no W3C "Print Page" command
// (`POST /session/{id}/print` is not among its routes), and the webview's
// `window.print()` opens nothing in WebKitGTK under Tauri, so the system's
// dialog is the only way to a PDF of what the app prints.
import { test } from "node:test";
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { By, Key } from "selenium-webdriver";
import {
  WAIT_MS,
  appUnderTest,
  byButton,
  clearStoredKey,
  connectToSandbox,
  linuxOnly,
  openSection,
  overviewShown,
  rowNames,
  screenshot,
  visible,
} from "./support.mjs";

/** Why this file runs on Linux only (elsewhere its test is skipped, saying so, and no app is started). */
const ONLY_LINUX = linuxOnly("answers GTK's print dialog with xdotool and reads the PDF with pdftotext");
const context = ONLY_LINUX.skip ? undefined : appUnderTest("the built app binary");

/**
 * Where GTK's "Print to File" writes: its default folder is the user's
 * Documents folder (GLib reads it from `user-dirs.dirs` in the app's
 * private XDG_CONFIG_HOME, set by appUnderTest), here a folder of this run.
 */
const folder = mkdtempSync(join(tmpdir(), "workdesk-print-"));
if (!ONLY_LINUX.skip) {
  mkdirSync(process.env.XDG_CONFIG_HOME, { recursive: true });
  writeFileSync(join(process.env.XDG_CONFIG_HOME, "user-dirs.dirs"), `XDG_DOCUMENTS_DIR="${folder}"\n`);
}

/** The id of the visible window named exactly `name`, once there is one. */
function windowNamed(name) {
  return execFileSync("xdotool", ["search", "--sync", "--onlyvisible", "--name", `^${name}$`], { encoding: "utf8", timeout: WAIT_MS })
    .trim()
    .split("\n")[0];
}

/** Whether the window `id` is still shown. */
function dialogShown(id) {
  try {
    execFileSync("xdotool", ["getwindowname", id], { stdio: "ignore", timeout: 5_000 });
    return execFileSync("xdotool", ["search", "--onlyvisible", "--name", "^Print$"], { encoding: "utf8" }).split("\n").includes(id);
  } catch {
    return false;
  }
}

/** The text of the finished PDF in `folder` (pdftotext), or null while there is none yet. */
function pdfText() {
  const pdf = readdirSync(folder).find((name) => name.endsWith(".pdf"));
  if (!pdf) return null;
  const bytes = readFileSync(join(folder, pdf));
  if (!bytes.subarray(-32).toString("latin1").includes("%%EOF")) return null;
  return execFileSync("pdftotext", ["-layout", join(folder, pdf), "-"], { encoding: "utf8", timeout: WAIT_MS });
}

test("printing a list produces a PDF whose text holds the rows shown, under the workspace, the list and the time", ONLY_LINUX, async () => {
  const { sandbox } = context;
  clearStoredKey();
  const app = await context.open();
  try {
    await connectToSandbox(app, sandbox);
    await overviewShown(app);
    await openSection(app, "Supplier invoices");
    await visible(app, By.css("table.records tbody tr[data-id]"));
    await app.wait(async () => (await rowNames(app)).length >= 5, WAIT_MS, "the first rows");
    // A ready-made saved view applied: the printed heading names it.
    const everything = await (await visible(app, By.css(".list-head .count"))).getText();
    await (await visible(app, By.css("#saved-view option[value='In error']"))).click();
    await app.wait(
      async () => (await (await visible(app, By.css(".list-head .count"))).getText()) !== everything && (await rowNames(app)).length >= 1,
      WAIT_MS,
      "the invoices in error",
    );
    const shown = (await rowNames(app)).slice(0, 5);

    // Ctrl+P asks first: all rows or this page.
    await app.actions().keyDown(Key.CONTROL).sendKeys("p").keyUp(Key.CONTROL).perform();
    const question = await visible(app, By.css("[role='dialog'].print-question"));
    assert.equal(await (await question.findElement(By.css("input[value='page']"))).isSelected(), true, "this page, unless chosen otherwise");
    await screenshot(app, "print-question");
    await (await question.findElement(byButton("Print…"))).click();

    // The rows are in the print-only table, with the heading, before the dialog.
    const heading = await app.executeScript(
      "return document.querySelector(\"[data-testid='print-table'] .print-heading th\")?.textContent.replace(/\\s+/g, ' ').trim() ?? ''",
    );
    assert.match(heading, /Supplier invoices — In error — [\d,]+ supplier invoices(, page 1 of \d+)? Printed /);
    const workspace = await app.executeScript("return document.querySelector(\"[data-testid='print-table'] .workspace\").textContent.trim()");
    assert.ok(workspace.length > 0, "the workspace is named");
    assert.equal(await app.executeScript("return document.documentElement.dataset.printing"), "list");

    // GTK's print dialog opens with its list of printers focused and none
    // chosen: ↓ chooses the first, "Print to File" (PDF; the only printer
    // here), and Return prints to its file. The list fills in as GTK's
    // print backends answer: asked again until the dialog closes.
    const dialog = windowNamed("Print");
    await app.wait(
      () => {
        if (!dialogShown(dialog)) return true;
        execFileSync("xdotool", ["windowfocus", "--sync", dialog]);
        execFileSync("xdotool", ["key", "--clearmodifiers", "Down", "Return"]);
        return !dialogShown(dialog);
      },
      WAIT_MS,
      "GTK's print dialog printing to its file",
    );

    const text = await app.wait(() => pdfText(), WAIT_MS * 2, "the PDF written by Print to File");
    for (const name of shown) assert.ok(text.includes(name), `the PDF holds the row ${name}:\n${text.slice(0, 2000)}`);
    assert.ok(text.includes(workspace), `the PDF names the workspace ${workspace}`);
    assert.match(text, /Supplier invoices — In error — [\d,]+ supplier invoices/);
    assert.match(text, /Printed \w{3} \d{1,2}, \d{4}/);
    for (const chrome of ["Work offline", "Keyboard shortcuts", "Export…", "Columns"]) {
      assert.ok(!text.includes(chrome), `no ${chrome} button in print`);
    }
    // The printed page itself, as an image for the README (pdftoppm, of poppler-utils too).
    const pdf = readdirSync(folder).find((name) => name.endsWith(".pdf"));
    mkdirSync("artifacts/screenshots", { recursive: true });
    execFileSync("pdftoppm", ["-png", "-r", "70", "-f", "1", "-l", "1", "-singlefile", join(folder, pdf), "artifacts/screenshots/printed-list"], { timeout: WAIT_MS });

    // Printing over, the print-only table goes.
    await app.wait(
      async () => (await app.executeScript("return document.querySelector(\"[data-testid='print-table']\") === null")) === true,
      WAIT_MS,
      "the print table removed after printing",
    );
  } finally {
    await app.quit();
    if (existsSync(folder)) rmSync(folder, { recursive: true, force: true });
  }
});
