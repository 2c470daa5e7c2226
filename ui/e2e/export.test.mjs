// End to end: a new workspace's invoices open on the columns an
// accountant reads first, and every list's default columns fit the
// 1280-pixel window; rows selected
// with the mouse are copied with Ctrl+C to the X clipboard (read back with
// xclip) as tab-separated cells; "Export…" from the real app through the
// system's save dialog (GTK's, driven with xdotool under Xvfb), the file
// read back and compared with the sandbox's records for the same view, its
// columns in the order the screen shows them after a move; the totals under
// the list compared with the sandbox's sums. Screenshots of the totals and
// of the export's progress (the sandbox slowed so a page takes a moment).
import { test } from "node:test";
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parse } from "csv-parse/sync";
import { By, Key } from "selenium-webdriver";
import {
  IDENTIFIER,
  WAIT_MS,
  answerSaveDialog,
  appUnderTest,
  armFault,
  byButton,
  cellTexts,
  clearStoredKey,
  connectToSandbox,
  linuxOnly,
  openSection,
  overviewShown,
  screenshot,
  serviceGet,
  visible,
} from "./support.mjs";

/** Why this file runs on Linux only (elsewhere its test is skipped, saying so, and no app is started). */
const ONLY_LINUX = linuxOnly("reads the copied rows from the X clipboard with xclip and answers GTK's save dialog with xdotool");
const context = ONLY_LINUX.skip ? undefined : appUnderTest("the built app binary");

/** Every list section, as the navigation names them. */
const SECTIONS = [
  "Customer invoices",
  "Sales quotes",
  "Products",
  "Tasks",
  "Leads",
  "Stakeholders",
  "Customers",
  "Supplier invoices",
];

/** `values` (decimal strings) added up exactly, as a decimal string with the largest scale. */
function exactSum(values) {
  const scale = Math.max(0, ...values.map((v) => v.split(".")[1]?.length ?? 0));
  const units = values.reduce((sum, v) => {
    const [whole, fraction = ""] = v.replace("-", "").split(".");
    const n = BigInt(whole + fraction.padEnd(scale, "0"));
    return sum + (v.startsWith("-") ? -n : n);
  }, 0n);
  const text = (units < 0n ? -units : units).toString().padStart(scale + 1, "0");
  const sign = units < 0n ? "-" : "";
  return scale ? `${sign}${text.slice(0, -scale)}.${text.slice(-scale)}` : `${sign}${text}`;
}

/** Every supplier invoice of workspace A in the service's order: `[{name, total}]`. */
async function allInvoices(sandbox) {
  const all = [];
  for (let page = 1; ; page++) {
    const data = await serviceGet(sandbox, `/account_payable/invoice/?take=200&page=${page}&fields=name,total`);
    all.push(...data.results);
    if (!data.next) return all;
  }
}

/** The text on the X clipboard (CLIPBOARD selection), read with xclip; "" when empty. */
function clipboard() {
  try {
    return execFileSync("xclip", ["-o", "-selection", "clipboard"], { encoding: "utf8", timeout: 5_000 });
  } catch {
    return "";
  }
}

test("a whole list exported through the save dialog is the service's list; the totals are the service's sums", ONLY_LINUX, async () => {
  const { sandbox } = context;
  clearStoredKey();
  rmSync(join(process.env.XDG_DATA_HOME, IDENTIFIER), { recursive: true, force: true });
  const folder = mkdtempSync(join(tmpdir(), "workdesk-export-"));
  const app = await context.open();
  try {
    await connectToSandbox(app, sandbox);
    await overviewShown(app);
    await openSection(app, "Supplier invoices");
    const invoices = await allInvoices(sandbox);

    // Default columns: what an accountant reads first.
    await visible(app, By.css("table tbody tr[data-id]"));
    const fields = await app.executeScript("return [...document.querySelectorAll('table thead th')].map((th) => th.dataset.field)");
    assert.deepEqual(fields.slice(0, 5), ["name", "issue_date", "document_type", "operation_status", "total"]);

    // Rows picked with the mouse, then Ctrl+C: the clipboard holds them as
    // cells, tab-separated, as the screen shows them.
    const tableRows = await app.findElements(By.css("table tbody tr[data-id]"));
    await tableRows[1].findElement(By.css("td")).click();
    await app.actions().keyDown(Key.SHIFT).click(await tableRows[3].findElement(By.css("td"))).keyUp(Key.SHIFT).perform();
    await app.actions().keyDown(Key.CONTROL).click(await tableRows[5].findElement(By.css("td"))).keyUp(Key.CONTROL).perform();
    await app.actions().keyDown(Key.CONTROL).sendKeys("c").keyUp(Key.CONTROL).perform();
    const expected = await app.executeScript(`
      return [...document.querySelectorAll("table tbody tr[data-id]")]
        .filter((row) => row.getAttribute("aria-selected") === "true")
        .map((row) => [...row.querySelectorAll("th, td")].map((cell) => cell.textContent).join("\\t"))
        .join("\\n");
    `);
    assert.equal(expected.split("\n").length, 4, "rows 2 to 4 and 6 selected");
    await app.wait(() => clipboard() === expected, WAIT_MS, "the copied rows on the clipboard");
    assert.match(clipboard(), /\t[\d,]+\.\d{2}(\t|\n|$)/, "amounts as shown");
    await app.actions().sendKeys(Key.ESCAPE).perform();

    // Totals: 20 of them on the first page, labelled as the page's.
    const totals = await visible(app, By.css(".totals"));
    await app.wait(async () => (await totals.getAttribute("data-scope")) === "page", WAIT_MS, "page totals");
    const scope = await app.executeScript("return document.querySelector('.totals .scope').textContent");
    assert.match(scope, /^This page only: 20 of [\d,]+ records$/);
    const pageSum = exactSum(invoices.slice(0, 20).map((r) => r.total));
    const shownSum = await app.executeScript("return document.querySelector('.totals dd[data-field=\"total\"]').textContent");
    assert.equal(shownSum.replace(/,/g, ""), pageSum, "the page's exact sum, as the service's records add up");
    await screenshot(app, "totals");

    // The Name column moved one place right (the Columns panel's keyboard
    // way): the export follows the screen's order.
    await (await visible(app, byButton("Columns"))).click();
    await (await visible(app, By.css("button[aria-label='Move Name right']"))).click();
    await app.wait(
      async () => (await app.executeScript("return document.querySelectorAll('table thead th')[1].dataset.field")) === "name",
      WAIT_MS,
      "Name second",
    );
    await (await visible(app, byButton("Done"))).click();
    const headers = await cellTexts(app, By.css("table thead th"));

    // Export… to CSV through the save dialog, slowed so the progress shows.
    await (await visible(app, byButton("Export…"))).click();
    const dialog = await visible(app, By.css("[role='dialog'].export"));
    await (await visible(app, By.css(".export input[value='csv']"))).click();
    await armFault(sandbox, "delay-ms=600", 20);
    await (await visible(app, byButton("Choose file and export…"))).click();
    const path = join(folder, "invoices.csv");
    answerSaveDialog("Export supplier invoices", path);
    await visible(app, By.css(".export progress"));
    await app.wait(
      async () => (await app.executeScript("return document.querySelector('.export progress')?.value ?? 0")) >= 2,
      WAIT_MS,
      "two pages exported",
    );
    await screenshot(app, "export-progress");
    await app.wait(
      async () => (await dialog.getAttribute("data-stage")) !== "running",
      WAIT_MS * 2,
      "the export to end",
    );
    const ended = await app.executeScript("return document.querySelector('.export').innerText");
    assert.ok(ended.includes(`Exported ${invoices.length.toLocaleString("en-US")} records to invoices.csv.`), ended);
    const rows = parse(readFileSync(path, "utf8"), { bom: true, columns: true });
    assert.equal(rows.length, invoices.length, "every page");
    const header = Object.keys(rows[0]);
    assert.deepEqual(header, headers, "the columns as the screen shows them, in its order");
    assert.deepEqual(
      rows.map((r) => [r.Name.replace(/^'/, ""), r.Total]),
      invoices.map((r) => [r.name, r.total]),
      "the service's records, in its order, amounts exact",
    );
    await (await visible(app, byButton("Close"))).click();
    // Name back in first place: the files after this one read rows by name.
    await (await visible(app, byButton("Columns"))).click();
    await (await visible(app, By.css("button[aria-label='Move Name left']"))).click();
    await app.wait(
      async () => (await app.executeScript("return document.querySelectorAll('table thead th')[0].dataset.field")) === "name",
      WAIT_MS,
      "Name first again",
    );
    await (await visible(app, byButton("Done"))).click();

    // Every list opens on default columns that fit the 1280-pixel window:
    // nothing to scroll sideways for (the app was started on a new data
    // folder, so these are the defaults).
    for (const section of SECTIONS) {
      await openSection(app, section);
      await app.wait(
        async () => (await app.executeScript("return document.querySelector(\"h2[id^='list-title-']\")?.textContent?.trim()")) === section,
        WAIT_MS,
        `${section} shown`,
      );
      await visible(app, By.css("table tbody tr[data-id]"));
      const fit = await app.executeScript(`
        const wrap = document.querySelector(".records-wrap");
        const widths = [...document.querySelectorAll("table thead th")].map((th) => th.dataset.field + " " + Math.round(th.getBoundingClientRect().width));
        return { scroll: wrap.scrollWidth, client: wrap.clientWidth, window: window.innerWidth, widths };
      `);
      assert.equal(fit.window, 1280);
      assert.ok(fit.scroll <= fit.client, `${section}: the default columns fit the window: ${JSON.stringify(fit)}`);
    }
  } finally {
    rmSync(folder, { recursive: true, force: true });
    await app.quit();
  }
});
