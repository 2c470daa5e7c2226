// End to end: saved data in the real app. (Node runs the e2e files in the
// order of their names; this one copes with any view the earlier ones left.)
// Browse two pages and a record, stop the service, restart the app: the
// same pages open with the offline
// banner, filter and sort over what was saved, a supplier's name is refused
// beside its condition; the service comes back and the banner goes. Then a
// whole list is made available offline with its progress bar, and an
// offline filter over it equals the sandbox's own answer.
import { test } from "node:test";
import assert from "node:assert/strict";
import { By, until } from "selenium-webdriver";
import {
  WAIT_MS,
  appUnderTest,
  armFault,
  byButton,
  clickInView,
  connectToSandbox,
  openSection,
  rowNames,
  screenshot,
  serviceGet,
  startSandbox,
  stopSandbox,
  untilText,
  visible,
} from "./support.mjs";

const context = appUnderTest("the built app binary");

const byId = (app, id) => visible(app, By.id(id));


async function choose(app, id, text) {
  const select = await byId(app, id);
  await select.findElement(By.xpath(`.//option[normalize-space(.)='${text}']`)).click();
}

const pageStatus = (app, text) => untilText(app, By.id("page-status"), text, `the pager to read ${text}`);

const countText = (app, pattern) => untilText(app, By.css("p.count"), pattern, `the count to match ${pattern}`);

const banner = (app) => app.findElements(By.css(".offline-banner"));

test("seen once, a list opens offline with the banner, filters and sorts over what was saved, and refreshes when the service is back", async () => {
  const { sandbox } = context;
  let app = await context.open();
  let page1;
  let page2;
  try {
    await connectToSandbox(app, sandbox);
    // The supplier invoices, whichever list the app opens on.
    await openSection(app, "Supplier invoices");
    const shown = await pageStatus(app, / of 122$/);
    if (shown !== "Page 1 of 122") await (await visible(app, byButton("First page"))).click();
    await pageStatus(app, "Page 1 of 122");
    page1 = await rowNames(app);
    await (await visible(app, byButton("Next page"))).click();
    await pageStatus(app, "Page 2 of 122");
    await app.wait(async () => (await rowNames(app))[0] !== page1[0], WAIT_MS, "the rows of page 2");
    page2 = await rowNames(app);
    // Open a record: its full copy is saved too.
    await (await visible(app, By.css("table.records tbody tr th[scope='row']"))).click();
    const panel = await visible(app, By.css("aside.detail"));
    await app.wait(async () => (await panel.getAttribute("aria-busy")) === "false", WAIT_MS, "the full record");
  } finally {
    await app.quit();
  }

  const port = Number(new URL(sandbox.baseUrl).port);
  await stopSandbox(sandbox);
  app = await context.open();
  try {
    // The page on screen when the app was closed, as saved.
    await untilText(app, By.css(".offline-banner"), /^Offline — showing data saved at .+ \(.+\)/, "the offline banner");
    await pageStatus(app, "Page 2 of 122");
    assert.deepEqual(await rowNames(app), page2);
    assert.equal((await app.findElements(By.css(".list-error"))).length, 0, "no error: saved data is shown");
    await screenshot(app, "offline-banner");
    await (await visible(app, byButton("First page"))).click();
    await pageStatus(app, "Page 1 of 122");
    assert.deepEqual(await rowNames(app), page1);
    // The record opened before opens from the saved copy.
    await (await visible(app, By.css("table.records tbody tr th[scope='row']"))).click();
    await app.wait(until.elementLocated(By.css("aside.detail .saved-note")), WAIT_MS);
    await clickInView(app, await visible(app, By.css("aside.detail header button")));

    // A filter over the saved records (40 of them): only complete ones, largest total first.
    await (await visible(app, byButton("Filters"))).click();
    await choose(app, "filter-0-field", "Operation status");
    await choose(app, "filter-0-operator", "is one of");
    const box = async (id, on) => {
      const el = await byId(app, id);
      if ((await el.isSelected()) !== on) await clickInView(app, el);
    };
    await box("filter-0-choice-PR", false);
    await box("filter-0-choice-CO", true);
    await box("filter-0-choice-ER", false);
    await (await visible(app, byButton("Apply filters"))).click();
    const text = await countText(app, /of 40 saved records$/);
    const matching = Number(text.split(" ")[0].replace(/\D/g, ""));
    assert.ok(matching > 0 && matching < 40, `a real subset of the saved records: ${text}`);
    const totalHeader = By.xpath("//table[contains(@class,'records')]//th[.//button[starts-with(normalize-space(.),'Total')]]");
    const sortedBy = async () => (await visible(app, totalHeader)).getAttribute("aria-sort");
    for (const order of ["ascending", "descending"]) {
      await clickInView(app, await (await visible(app, totalHeader)).findElement(By.css("button")));
      await app.wait(async () => (await sortedBy()) === order, WAIT_MS, `sorted ${order} by total`);
    }
    const totals = await app.executeScript(`
      const head = [...document.querySelectorAll('table.records thead th')];
      const at = head.findIndex((h) => h.textContent.trim().startsWith('Total'));
      return [...document.querySelectorAll('table.records tbody tr[data-id]')].map((r) => r.children[at].textContent);
    `);
    const amounts = totals.map((t) => Number(t.replace(/[^\d.-]/g, "")));
    assert.equal(amounts.length, Math.min(20, matching));
    assert.deepEqual(amounts, [...amounts].sort((a, b) => b - a), "largest total first");
    // A supplier's name was never saved: refused beside its condition.
    await (await visible(app, byButton("Add filter"))).click();
    await choose(app, "filter-1-field", "Supplier name");
    await choose(app, "filter-1-operator", "contains");
    await (await byId(app, "filter-1-value")).sendKeys("a");
    await (await visible(app, byButton("Apply filters"))).click();
    const refused = await byId(app, "filter-1-error");
    assert.match(await refused.getText(), /Not available offline/);
    await screenshot(app, "offline-filter-refused");
    await (await visible(app, byButton("Clear filters"))).click();

    // The service is back: the banner goes and the list is the service's again.
    context.sandbox = await startSandbox(process.env.WORKDESK_SANDBOX, port);
    // Workdesk tries again by itself; "Try now" saves the wait (unless its
    // own try got there first: the banner is gone, or re-rendered while
    // WebDriver was finding the button).
    const stale = (e) => {
      if (e.name !== "StaleElementReferenceError") throw e;
      return [];
    };
    for (const button of await app.findElements(byButton("Try now")).catch(stale)) {
      await button.click().catch(stale);
    }
    await app.wait(async () => (await banner(app)).length === 0, WAIT_MS, "the offline banner to go");
    try {
      await countText(app, /^2,?437 supplier invoices$/);
    } catch (e) {
      await screenshot(app, "failed-back-online");
      throw e;
    }
  } finally {
    await app.quit();
  }
});

test("a whole list made available offline, then filtered offline, gives the sandbox's own answer", async () => {
  const app = await context.open();
  try {
    await countText(app, /^2,?437 supplier invoices$/);
    // Slow pages, so the progress bar is there to see.
    await armFault(context.sandbox, "delay-ms=400", 13);
    await (await visible(app, byButton("Make available offline"))).click();
    const bar = await visible(app, By.css("progress"));
    await app.wait(async () => Number(await bar.getAttribute("value")) >= 2, WAIT_MS, "a few pages done");
    assert.equal(await bar.getAttribute("max"), "13");
    await screenshot(app, "offline-progress");
    await untilText(app, By.css(".saved-whole"), /^All 2,?437 supplier invoices saved, refreshed at /, "the whole list saved");

    // Working offline: the same filter as the service, over every saved invoice.
    await (await visible(app, By.xpath("//label[contains(., 'Work offline')]/input"))).click();
    await visible(app, By.css(".offline-banner"));
    await (await visible(app, byButton("Filters"))).click();
    await choose(app, "filter-0-field", "Total");
    await choose(app, "filter-0-operator", "at least");
    await (await byId(app, "filter-0-value")).sendKeys("100000");
    await (await visible(app, byButton("Apply filters"))).click();
    // Smallest total first (whatever sort the list had).
    const th = By.xpath("//table[contains(@class,'records')]//th[.//button[starts-with(normalize-space(.),'Total')]]");
    for (let i = 0; i < 3 && (await (await visible(app, th)).getAttribute("aria-sort")) !== "ascending"; i++) {
      const before = await (await visible(app, th)).getAttribute("aria-sort");
      await clickInView(app, await (await visible(app, th)).findElement(By.css("button")));
      await app.wait(async () => (await (await visible(app, th)).getAttribute("aria-sort")) !== before, WAIT_MS);
    }
    const expected = await serviceGet(context.sandbox, "/account_payable/invoice/?total__gte=100000&sort=total&take=20");
    assert.ok(expected.count > 20 && expected.count < 2437, `a real subset: ${expected.count}`);
    await countText(app, new RegExp(`^${expected.count.toLocaleString("en-US").replace(",", ",?")} of 2,?437 saved records$`));
    assert.deepEqual(await rowNames(app), expected.results.map((r) => r.name), "the same rows in the same order");
    await screenshot(app, "offline-whole-list-filtered");

    await openSection(app, "Storage");
    const total = await visible(app, By.id("storage-total"));
    assert.match(await total.getText(), /\d+(\.\d)? (MB|KB)/);
    await screenshot(app, "storage");
    await (await visible(app, By.xpath("//label[contains(., 'Work offline')]/input"))).click();
  } finally {
    await app.quit();
  }
});
