// End to end: "Export…" from the real app through the system's save
// dialog (GTK's, driven with xdotool under Xvfb), the file read back and
// compared with the sandbox's records for the same view; the totals under
// the list compared with the sandbox's sums. Screenshots of the totals and
// of the export's progress (the sandbox slowed so a page takes a moment).
import { test } from "node:test";
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parse } from "csv-parse/sync";
import { By } from "selenium-webdriver";
import {
  IDENTIFIER,
  WAIT_MS,
  appUnderTest,
  armFault,
  byButton,
  clearStoredKey,
  connectToSandbox,
  screenshot,
  serviceGet,
  visible,
} from "./support.mjs";

const context = appUnderTest("the built app binary");

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

/** Types `path` into the save dialog titled `title` and confirms it. */
function answerSaveDialog(title, path) {
  const id = execFileSync("xdotool", ["search", "--sync", "--onlyvisible", "--name", title], { encoding: "utf8", timeout: WAIT_MS })
    .trim()
    .split("\n")[0];
  execFileSync("xdotool", ["windowfocus", "--sync", id]);
  execFileSync("xdotool", ["key", "--clearmodifiers", "ctrl+a"]);
  execFileSync("xdotool", ["type", "--delay", "5", path]);
  execFileSync("xdotool", ["key", "Return"]);
}

test("a whole list exported through the save dialog is the service's list; the totals are the service's sums", async () => {
  const { sandbox } = context;
  clearStoredKey();
  rmSync(join(process.env.XDG_DATA_HOME, IDENTIFIER), { recursive: true, force: true });
  const folder = mkdtempSync(join(tmpdir(), "workdesk-export-"));
  const app = await context.open();
  try {
    await connectToSandbox(app, sandbox);
    const invoices = await allInvoices(sandbox);

    // Totals: 20 of them on the first page, labelled as the page's.
    const totals = await visible(app, By.css(".totals"));
    await app.wait(async () => (await totals.getAttribute("data-scope")) === "page", WAIT_MS, "page totals");
    const scope = await app.executeScript("return document.querySelector('.totals .scope').textContent");
    assert.match(scope, /^This page only: 20 of [\d,]+ records$/);
    const pageSum = exactSum(invoices.slice(0, 20).map((r) => r.total));
    const shownSum = await app.executeScript("return document.querySelector('.totals dd[data-field=\"total\"]').textContent");
    assert.equal(shownSum.replace(/,/g, ""), pageSum, "the page's exact sum, as the service's records add up");
    await screenshot(app, "totals");

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
    assert.ok(header.includes("Name") && header.includes("Total"), header.join(", "));
    assert.deepEqual(
      rows.map((r) => [r.Name.replace(/^'/, ""), r.Total]),
      invoices.map((r) => [r.name, r.total]),
      "the service's records, in its order, amounts exact",
    );
    await (await visible(app, byButton("Close"))).click();
  } finally {
    rmSync(folder, { recursive: true, force: true });
    await app.quit();
  }
});
