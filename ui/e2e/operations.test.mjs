// End to end: every operation of the service in the real app (real WebKit
// webview via tauri-driver + WebKitWebDriver under Xvfb) against the sandbox,
// which records each request (--journal) so the tests can see what the app
// sent. One app session for the file, as a user would work: filter, choose
// columns, sort, create a task, edit a lead, create a stakeholder, open a
// customer, delete a stakeholder, and meet a 429. Screenshots of each main
// screen land in artifacts/screenshots/ (gitignored, kept by CI).
import { test } from "node:test";
import assert from "node:assert/strict";
import { By, Key, until } from "selenium-webdriver";
import {
  COUNT,
  PAGE_STATUS,
  WAIT_MS,
  appUnderTest,
  armFault,
  byButton,
  cellTexts,
  clickFirstRow,
  clickInView,
  connectToSandbox,
  journal,
  openSection,
  rowNames,
  screenshot,
  serviceGet,
  untilText,
  visible,
} from "./support.mjs";

const context = appUnderTest("the built app binary");
let app;
let opening;

/**
 * The one app session of this file, connected to the sandbox on first use
 * (tests start with `await connected()`; root-level hooks of a file run
 * concurrently on Node 20, so this is not a `before`).
 */
function connected() {
  opening ??= (async () => {
    app = context.keep(await context.open());
    await connectToSandbox(app, context.sandbox);
    // The supplier invoices, whichever list the app opens on.
    await section("Supplier invoices");
    await countShown("supplier invoices");
  })();
  return opening;
}

/** Waits until the list's count line names `what`, and returns the number shown. */
async function countShown(what) {
  const text = await untilText(app, COUNT, (t) => t.includes(what), `the count of ${what}`);
  return Number(text.replace(/\D/g, ""));
}

/** Waits until the list shows the count `expected` of `what`. */
function waitForCount(what, expected) {
  return untilText(
    app,
    COUNT,
    (text) => text.includes(what) && Number(text.replace(/\D/g, "")) === expected,
    `count of ${what} to be ${expected}`,
  );
}

/** `clickInView` in this file's one session. */
const click = (element) => clickInView(app, element);

/** Ticks or unticks the checkbox with id `id` so that it is `checked`. */
async function tick(id, checked) {
  const box = await byId(id);
  if ((await box.isSelected()) !== checked) await click(box);
}

/**
 * Opens the detail panel of the first row of the records table, once the
 * table has settled (a row found while a page replaces it can go stale).
 */
async function openFirstRow() {
  await clickFirstRow(app, "a row of the table to open");
  await visible(app, By.css("aside.detail"));
}

/** Opens a section from the navigation. */
async function section(label) {
  await openSection(app, label);
}

/** The visible element with id `id`. */
const byId = (id) => visible(app, By.id(id));

/** Selects the option whose text is `text` in the select with id `id`. */
async function choose(id, text) {
  const select = await byId(id);
  await select.findElement(By.xpath(`.//option[normalize-space(.)='${text}']`)).click();
}

/** Types `words` in the record picker `id` and clicks its option titled `title`, until the picker shows it. */
async function pick(id, words, title) {
  await (await byId(id)).sendKeys(words);
  const option = By.xpath(`//ul[@id='${id}-options']/li[@role='option'][span[contains(@class, 'title') and normalize-space(.)='${title}']]`);
  await app.wait(
    async () => {
      const [found] = await app.findElements(option);
      if (!found) return false;
      // An option the next answer replaced is found again at the next poll.
      await found.click().catch(() => {});
      return (await (await byId(id)).getAttribute("value")) === title;
    },
    WAIT_MS,
    `“${title}” chosen in ${id}`,
  );
}

/** The list requests the sandbox answered since `since` entries. */
async function requestsSince(since, method, path) {
  return (await journal(context.sandbox)).slice(since).filter((r) => r.method === method && r.path === path);
}

/** Column names in the header of the records table (read in one go: it re-renders as columns change). */
function headers() {
  return app.executeScript(
    "return [...document.querySelectorAll('table.records thead th')].map((th) => (th.querySelector('button') ?? th).textContent.trim());",
  );
}

/** Parses a locale-formatted decimal shown in a cell ("1,234.50" → 1234.5). */
const amount = (text) => Number(text.replace(/[^\d.-]/g, ""));

test("a filter with or and not shows exactly the rows the service has for it", async () => {
  await connected();
  await section("Supplier invoices");
  await countShown("supplier invoices");
  await (await visible(app, byButton("Filters"))).click(); // opens with a first condition
  await choose("filter-0-field", "Operation status");
  await choose("filter-0-operator", "is one of");
  await tick("filter-0-choice-PR", false);
  await tick("filter-0-choice-CO", false);
  await tick("filter-0-choice-ER", true);
  await (await visible(app, byButton("Add filter"))).click();
  await choose("filter-1-join", "or");
  await tick("filter-1-not", true);
  await choose("filter-1-field", "Total");
  await choose("filter-1-operator", "at least");
  await (await byId("filter-1-value")).sendKeys("1000");
  await (await visible(app, byButton("Apply filters"))).click();

  const expected = await serviceGet(context.sandbox, "/account_payable/invoice/?operation_status__in=ER&or__not__total__gte=1000&take=20");
  assert.ok(expected.count > 0 && expected.count < 2437, `a real subset: ${expected.count}`);
  await waitForCount("supplier invoices", expected.count);
  await app.wait(async () => (await rowNames(app)).length === Math.min(20, expected.count), WAIT_MS);
  const shown = await rowNames(app);
  assert.deepEqual(shown, expected.results.map((r) => r.name), "the same rows, in the service's order");
  await screenshot(app, "supplier-invoices-filtered");

  await (await visible(app, byButton("Clear filters"))).click();
  await waitForCount("supplier invoices", 2437);
});

test("the engine's reason for a condition shows as it is typed, before anything is sent", async () => {
  await connected();
  await section("Supplier invoices");
  await countShown("supplier invoices");
  const since = (await journal(context.sandbox)).length;
  // Ctrl+Shift+F opens the filters with a first condition, whether the last test left them open or not.
  await app.actions().keyDown(Key.CONTROL).keyDown(Key.SHIFT).sendKeys("f").keyUp(Key.SHIFT).keyUp(Key.CONTROL).perform();
  await choose("filter-0-field", "Total");
  await choose("filter-0-operator", "between");
  await (await byId("filter-0-from")).sendKeys("100");
  await (await byId("filter-0-to")).sendKeys("99.5");
  // No Apply: the backend's check_view answers once typing pauses.
  const reason = () => app.executeScript("return document.getElementById('filter-0-error')?.textContent ?? '';");
  await app.wait(async () => /The range starts after it ends/.test(await reason()), WAIT_MS, "the range_order reason");
  await (await byId("filter-0-to")).clear();
  await (await byId("filter-0-to")).sendKeys("1234567890123456");
  await app.wait(async () => /at most 14 digits/.test(await reason()), WAIT_MS, "the decimal_bounds reason");
  await (await visible(app, byButton("Apply filters"))).click();
  assert.equal(await (await byId("filter-0-to")).getAttribute("aria-invalid"), "true");
  assert.deepEqual(await requestsSince(since, "GET", "/account_payable/invoice/"), [], "nothing was sent");
  await (await visible(app, byButton("Clear filters"))).click();
});

test("columns chosen are the columns asked for and shown", async () => {
  await connected();
  await section("Customer invoices");
  await countShown("customer invoices");
  const since = (await journal(context.sandbox)).length;
  await (await visible(app, byButton("Columns"))).click();
  const before = await headers();
  assert.ok(before.includes("Total"), `Total is a default column: ${before}`);
  await tick("column-total", false);
  await app.wait(async () => !(await headers()).includes("Total"), WAIT_MS, "Total column removed");
  const lists = await requestsSince(since, "GET", "/account_receivable/invoice/");
  const fields = new URLSearchParams(lists.at(-1).query).get("fields").split(",");
  assert.ok(!fields.includes("total") && fields.includes("id"), `fields sent: ${fields}`);
  await screenshot(app, "customer-invoices-columns");
  await (await visible(app, byButton("Default columns"))).click();
  await app.wait(async () => (await headers()).includes("Total"), WAIT_MS, "Total column back");
});

test("header click sorts, shift-click adds a second key", async () => {
  await connected();
  await section("Supplier invoices");
  await countShown("supplier invoices");
  const since = (await journal(context.sandbox)).length;
  const totalHeader = () => visible(app, By.xpath("//table[contains(@class,'records')]//th[.//button[starts-with(normalize-space(.),'Total')]]"));
  await click(await (await totalHeader()).findElement(By.css("button")));
  await app.wait(async () => (await (await totalHeader()).getAttribute("aria-sort")) === "ascending", WAIT_MS);
  const dateButton = await visible(app, By.xpath("//table[contains(@class,'records')]//th//button[starts-with(normalize-space(.),'Issue date')]"));
  await app.executeScript("arguments[0].scrollIntoView({ block: 'center', inline: 'center' });", dateButton);
  await app.actions().keyDown(Key.SHIFT).click(dateButton).keyUp(Key.SHIFT).perform();
  await app.wait(async () => {
    const lists = await requestsSince(since, "GET", "/account_payable/invoice/");
    return new URLSearchParams(lists.at(-1)?.query ?? "").get("sort") === "total,issue_date";
  }, WAIT_MS, "sort=total,issue_date sent");
  const expected = await serviceGet(context.sandbox, "/account_payable/invoice/?sort=total,issue_date&take=20");
  await app.wait(async () => (await rowNames(app))[0] === expected.results[0].name, WAIT_MS, "smallest total first");
  const totals = await cellTexts(app, By.xpath("//table[contains(@class,'records')]//tbody/tr/*[position() = count(//table[contains(@class,'records')]//thead//th[.//button[starts-with(normalize-space(.),'Total')]]/preceding-sibling::th) + 1]"));
  const values = totals.map(amount);
  assert.deepEqual(values, [...values].sort((a, b) => a - b), "totals ascending");
  await screenshot(app, "supplier-invoices-sorted");
});

test("a 200-row page: rows numbered for screen readers, End and Page Up reach records out of view, columns stay put", async () => {
  await connected();
  await section("Supplier invoices");
  await countShown("supplier invoices");
  const since = (await journal(context.sandbox)).length;
  await choose("page-size", "200");
  await untilText(app, PAGE_STATUS, "Page 1 of 13", "pages of 200");
  // The page the app asked for, asked again.
  const [asked] = (await requestsSince(since, "GET", "/account_payable/invoice/")).slice(-1);
  const expected = (await serviceGet(context.sandbox, `/account_payable/invoice/?${asked.query}`)).results.map((r) => r.name);
  assert.equal(expected.length, 200);
  const table = await visible(app, By.css("table.records"));
  await app.wait(async () => (await rowNames(app))[0] === expected[0], WAIT_MS, "the first of the 200 rows");
  assert.equal(await table.getAttribute("aria-rowcount"), "201");
  const inDocument = (await rowNames(app)).length;
  assert.ok(inDocument > 10 && inDocument < 100, `only the rows in view (and a few more) are in the document: ${inDocument}`);
  const widths = () => app.executeScript("return [...document.querySelectorAll('table.records thead th')].map((th) => Math.round(th.getBoundingClientRect().width));");
  const widthsBefore = await widths();

  // Keyboard: the first row, then End, Page Up and Home.
  await app.executeScript("document.querySelector('table.records tbody tr[data-id]').focus();");
  const active = () =>
    app.executeScript(`
      const row = document.activeElement.closest('tr[data-id]');
      return row && { index: Number(row.getAttribute('aria-rowindex')), name: row.querySelector('th').textContent };
    `);
  const press = (key) => app.actions().sendKeys(key).perform();
  await press(Key.END);
  await app.wait(async () => (await active())?.index === 201, WAIT_MS, "End focuses the 200th record");
  assert.equal((await active()).name, expected[199]);
  await screenshot(app, "supplier-invoices-200-rows-end");
  await press(Key.PAGE_UP);
  await app.wait(async () => {
    const now = await active();
    return now !== null && now.index < 195;
  }, WAIT_MS, "Page Up moves a screen up");
  const afterPageUp = await active();
  assert.equal(afterPageUp.name, expected[afterPageUp.index - 2], "the row Page Up reached is that record");
  assert.deepEqual(await widths(), widthsBefore, "the columns keep their widths as rows scroll in and out");
  await press(Key.HOME);
  await app.wait(async () => (await active())?.index === 2, WAIT_MS, "Home focuses the first record");
  assert.equal((await active()).name, expected[0]);

  // Back to 20 a page for the files after this one.
  await choose("page-size", "20");
  await untilText(app, PAGE_STATUS, "Page 1 of 122", "pages of 20");
});

test("new task: empty dates look empty; a set date shows and can be cleared", async () => {
  await connected();
  await section("New task");
  const colour = (element) => app.executeScript("return getComputedStyle(arguments[0]).color;", element);
  const transparent = "rgba(0, 0, 0, 0)";
  for (const id of ["task-start", "task-expiry", "task-completed-at"]) {
    const input = await byId(id);
    assert.equal(await input.getAttribute("value"), "");
    // WebKitGTK draws an empty date-time input with a date in it: hidden...
    assert.equal(await colour(input), transparent, `${id}'s drawn date is hidden while empty`);
    // ...behind a muted "Not set".
    const placeholder = await input.findElement(By.xpath("following-sibling::span[contains(@class, 'placeholder')]"));
    assert.equal(await placeholder.getText(), "Not set");
  }
  await screenshot(app, "new-task-empty-dates");

  const completed = await byId("task-completed-at");
  await app.executeScript(
    "const input = arguments[0]; input.value = '2026-11-22T14:30'; input.dispatchEvent(new Event('input', { bubbles: true }));",
    completed,
  );
  await app.wait(async () => (await colour(completed)) !== transparent, WAIT_MS, "the set date to show");
  const placeholders = () =>
    app.findElements(By.xpath("//*[@id='task-completed-at']/following-sibling::span[contains(@class, 'placeholder')]"));
  assert.equal((await placeholders()).length, 0);
  await app.executeScript("arguments[0].scrollIntoView({ block: 'center' });", completed);
  await screenshot(app, "new-task-date-set");
  // Clear empties it and leaves the focus in it, ready to type a date: its
  // segments show muted until the date is whole.
  await click(await visible(app, By.css("button[aria-label='Clear Completed at']")));
  await app.wait(async () => (await completed.getAttribute("value")) === "", WAIT_MS, "Clear to empty the date");
  assert.equal(await app.executeScript("return document.activeElement.id;"), "task-completed-at");
  const muted = await app.executeScript("return getComputedStyle(document.querySelector('.help')).color;");
  assert.equal(await colour(completed), muted, "an empty date being typed into is muted");
  await screenshot(app, "new-task-date-cleared-focused");
  // Leaving it shows it as not set again.
  await click(await byId("task-recurrence-rule"));
  await app.wait(async () => (await colour(completed)) === transparent, WAIT_MS, "the cleared date to look empty");
  assert.equal((await placeholders()).length, 1);
});

test("create a task: the click that leaves an invalid input submits, is refused with the reason, and nothing is sent; then fixed and created", async () => {
  await connected();
  await section("New task");
  const since = (await journal(context.sandbox)).length;
  const title = `Llamar a Núñez ${Date.now()}`;
  await (await byId("task-title")).sendKeys(title);
  const priority = await byId("task-priority");
  await priority.sendKeys("40000");
  // One click, straight from the invalid input: it must not be lost to the
  // message that appears under Priority when the focus leaves it.
  await (await visible(app, byButton("Create task"))).click();
  const refused = await byId("task-form-alert");
  assert.match(await refused.getText(), /Nothing was sent/);
  assert.equal(await app.executeScript("return document.activeElement.id;"), "task-priority", "focus on the field at fault");
  const error = await byId("task-priority-error");
  assert.match(await error.getText(), /32767/);
  assert.equal(await priority.getAttribute("aria-invalid"), "true");
  assert.equal((await requestsSince(since, "POST", "/task/task/")).length, 0, "nothing sent");
  await screenshot(app, "new-task-bounds-error");

  await priority.clear();
  await priority.sendKeys("5");
  assert.equal(await (await byId("task-title")).getAttribute("value"), title, "the title typed is kept");
  await (await visible(app, byButton("Create task"))).click();
  await visible(app, By.xpath("//*[@role='status' and contains(., 'Task created')]"));
  const posts = await requestsSince(since, "POST", "/task/task/");
  assert.equal(posts.length, 1);
  assert.equal(posts[0].status, 201);
  assert.deepEqual(posts[0].body, { title, priority: 5 });
  await screenshot(app, "new-task-created");
});

test("edit a lead: only the changed field is sent", async () => {
  await connected();
  await section("Leads");
  await countShown("leads");
  await openFirstRow();
  await screenshot(app, "lead-detail");
  await click(await visible(app, byButton("Edit this lead")));
  const status = await byId("lead-status");
  await app.wait(async () => (await status.getAttribute("value")) !== "", WAIT_MS, "current values shown");
  const old = await status.getAttribute("value");
  const next = old === "qualified" ? "proposal" : "qualified";
  const since = (await journal(context.sandbox)).length;
  await status.clear();
  await status.sendKeys(next);
  await (await visible(app, byButton("Save changes"))).click();
  await visible(app, By.xpath("//*[@role='status' and contains(., 'Lead saved')]"));
  const patches = (await journal(context.sandbox)).slice(since).filter((r) => r.method === "PATCH");
  assert.equal(patches.length, 1);
  assert.match(patches[0].path, /^\/crm\/lead\/[0-9a-f-]{36}\/$/);
  assert.deepEqual(patches[0].body, { status: next }, "only the changed field");
  await screenshot(app, "edit-lead-saved");
});

let created;

test("create a stakeholder and see it as created", async () => {
  await connected();
  await section("New stakeholder");
  const number = String(Date.now()).slice(-9);
  await (await byId("stakeholder-document-number")).sendKeys(number);
  // The document type found by a part of its name; the location's ID pasted (a picker still takes one).
  await pick("stakeholder-document-type", "cédula", "Cédula de ciudadanía");
  await (await byId("stakeholder-verification-digit")).sendKeys("3");
  await (await byId("stakeholder-geographic-location")).sendKeys(context.sandbox.ids.geographic_location);
  const since = (await journal(context.sandbox)).length;
  await (await visible(app, byButton("Create stakeholder"))).click();
  await visible(app, By.xpath("//*[@role='status' and contains(., 'Stakeholder created')]"));
  const [post] = await requestsSince(since, "POST", "/stakeholder/stakeholder/");
  assert.equal(post.status, 201);
  assert.equal(post.body.document_type, context.sandbox.ids.document_type);
  assert.equal(post.body.document_number, number);
  created = number;
  await screenshot(app, "new-stakeholder-created");
});

test("open a customer by id: credit limit, status and customer since", async () => {
  await connected();
  await section("Open a customer");
  const id = context.sandbox.ids.customer;
  await (await byId("customer-id")).sendKeys(id);
  await (await visible(app, byButton("Open customer"))).click();
  const card = await visible(app, By.css("section.customer-card"));
  const customer = await serviceGet(context.sandbox, `/stakeholder/customer/${id}/`);
  await app.wait(until.elementTextContains(card, customer.name), WAIT_MS);
  const text = await card.getText();
  const [units, cents] = customer.credit_limit.split(".");
  assert.ok(text.replace(/,/g, "").includes(`${units}.${cents}`), `credit limit ${customer.credit_limit} in ${text}`);
  assert.match(text, customer.is_active ? /Active/ : /Inactive/);
  await screenshot(app, "customer");
});

/** Waits for an option of the open picker whose title is `title`, and returns it. */
async function pickerOption(title) {
  let found = null;
  await app.wait(
    async () => {
      for (const option of await app.findElements(By.css("[role='listbox']:not([hidden]) [role='option']"))) {
        const shown = await option.findElement(By.css(".title")).getText();
        if (shown === title) {
          found = option;
          return true;
        }
      }
      return false;
    },
    WAIT_MS,
    `an option titled ${title}`,
  );
  return found;
}

test("pickers: a customer found by a part of its name, a lead's company chosen by its document number", async () => {
  await connected();
  await section("Open a customer");
  const customer = await serviceGet(context.sandbox, `/stakeholder/customer/${context.sandbox.ids.customer}/`);
  const word = customer.name.split(/\s+/).sort((a, b) => b.length - a.length)[0];
  const input = await byId("customer-id");
  await input.sendKeys(Key.chord(Key.CONTROL, "a"), Key.BACK_SPACE);
  await input.sendKeys(word);
  await (await pickerOption(customer.name)).click();
  const card = await visible(app, By.css("section.customer-card"));
  await app.wait(until.elementTextContains(card, customer.document_number), WAIT_MS);
  assert.equal(await input.getAttribute("value"), customer.name, "the input shows the name, not the id");
  await screenshot(app, "customer-picker");

  await section("Leads");
  await countShown("leads");
  await openFirstRow();
  await click(await visible(app, byButton("Edit this lead")));
  await app.wait(async () => (await (await byId("lead-status")).getAttribute("value")) !== "", WAIT_MS, "the lead shown");
  const [company] = (await serviceGet(context.sandbox, "/stakeholder/stakeholder/?is_company=true&take=1&sort=-document_number")).results;
  const picker = await byId("lead-company");
  await picker.sendKeys(Key.chord(Key.CONTROL, "a"), Key.BACK_SPACE);
  await picker.sendKeys(company.document_number);
  await pickerOption(company.name);
  await screenshot(app, "lead-company-picker");
  await picker.sendKeys(Key.ENTER);
  assert.equal(await picker.getAttribute("value"), company.name);
  const since = (await journal(context.sandbox)).length;
  await (await visible(app, byButton("Save changes"))).click();
  await visible(app, By.xpath("//*[@role='status' and contains(., 'Lead saved')]"));
  const patches = (await journal(context.sandbox)).slice(since).filter((r) => r.method === "PATCH");
  assert.equal(patches.length, 1);
  assert.deepEqual(patches[0].body, { company: company.person_or_company_id }, "the stakeholder's person_or_company_id");
});

test("ready-made views: Overdue shows exactly the service's overdue tasks, its period shown as today's date", async () => {
  await connected();
  await section("Tasks");
  await countShown("tasks");
  // Before today's start in this computer's time zone, not completed.
  const today = new Date();
  today.setHours(0, 0, 0, 0);
  const overdue = await serviceGet(
    context.sandbox,
    `/task/task/?expiry__lt=${encodeURIComponent(today.toISOString())}&completed_at__isnull=true&take=1`,
  );
  assert.ok(overdue.count > 0, "the demo has overdue tasks");
  await choose("saved-view", "Overdue");
  await waitForCount("tasks", overdue.count);
  await (await visible(app, By.xpath("//button[starts-with(normalize-space(.), 'Filters')]"))).click();
  assert.equal(await (await byId("filter-0-period")).getAttribute("value"), "@today");
  const dates = await visible(app, By.css("[data-index='0'] .period-dates .dates"));
  await app.wait(until.elementTextContains(dates, "Now:"), WAIT_MS);
  await screenshot(app, "ready-view-overdue");
});

test("zoom: Ctrl + up to 200 % reflows without sideways scrolling (WCAG 1.4.10); Ctrl+0 goes back", async () => {
  await connected();
  await section("Supplier invoices");
  await countShown("supplier invoices");
  const zoomed = async (percent) => visible(app, By.xpath(`//*[@role='status' and normalize-space(.)='Zoom ${percent}%']`));
  for (const percent of [110, 125, 150, 175, 200]) {
    await app.actions().keyDown(Key.CONTROL).sendKeys("=").keyUp(Key.CONTROL).perform();
    await zoomed(percent);
  }
  const fit = await app.executeScript(
    "const e = document.documentElement; return { scroll: e.scrollWidth, client: e.clientWidth, width: window.innerWidth };",
  );
  assert.ok(fit.width <= 700, `the window is zoomed: a 1280-pixel window is 640 CSS pixels wide at 200 %: ${JSON.stringify(fit)}`);
  assert.ok(fit.scroll <= fit.client, `nothing scrolls sideways at 200 %: ${JSON.stringify(fit)}`);
  await screenshot(app, "zoom-200");
  await app.actions().keyDown(Key.CONTROL).sendKeys("0").keyUp(Key.CONTROL).perform();
  await zoomed(100);
});

test("delete a stakeholder after confirming; the list updates", async () => {
  await connected();
  assert.ok(created, "the stakeholder created above");
  await section("Stakeholders");
  const total = await countShown("stakeholders");
  await (await visible(app, byButton("Filters"))).click();
  await choose("filter-0-field", "Document number");
  await choose("filter-0-operator", "is");
  await (await byId("filter-0-value")).sendKeys(created);
  await (await visible(app, byButton("Apply filters"))).click();
  await waitForCount("stakeholder", 1);
  await openFirstRow();
  await click(await visible(app, byButton("Delete stakeholder…")));
  const dialog = await visible(app, By.css("[role='alertdialog']"));
  assert.match(await dialog.getText(), new RegExp(created));
  await screenshot(app, "delete-stakeholder-confirm");
  const since = (await journal(context.sandbox)).length;
  await (await dialog.findElement(By.xpath(".//button[normalize-space(.)='Delete']"))).click();
  await waitForCount("stakeholder", 0);
  const notice = await visible(app, By.css("p.list-notice"));
  assert.match(await notice.getText(), new RegExp(`${created}.*was deleted`));
  const deletes = (await journal(context.sandbox)).slice(since).filter((r) => r.method === "DELETE");
  assert.equal(deletes.length, 1);
  assert.ok(deletes[0].status >= 200 && deletes[0].status < 300, `DELETE answered ${deletes[0].status}`);
  await (await visible(app, byButton("Clear filters"))).click();
  await waitForCount("stakeholders", total - 1);
});

test("a 429 is shown with the time the budget resets", async () => {
  await connected();
  await section("Products");
  await countShown("products");
  await armFault(context.sandbox, "429=120", 1);
  await (await visible(app, byButton("Next page"))).click();
  const alert = await visible(app, By.css(".error[role='alert']"));
  await app.wait(until.elementTextContains(alert, "minutes"), WAIT_MS);
  assert.match(await alert.getText(), /resets in 2 minutes \(at \d/);
  const budget = await visible(app, By.css(".status-bar .reset"));
  assert.match(await budget.getText(), /resets in (1:5\d|2:0\d)/);
  await screenshot(app, "rate-limited");
});
