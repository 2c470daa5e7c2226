// The overview end to end (used by overview.test.mjs, light theme, and
// overview-dark.test.mjs): a workspace just added opens on it; each figure
// clicked opens the list that counts it; a list made available offline
// from it brings its months and amounts; the charts have no WCAG 2.2 A/AA
// violation axe-core finds; screenshots in both languages.
import assert from "node:assert/strict";
import { By } from "selenium-webdriver";
import { violations } from "./a11y.mjs";
import { WAIT_MS, connectToSandbox, openSection, overviewShown, screenshot, visible } from "./support.mjs";

/** The card titled `title`. */
export const card = (title) => By.xpath(`//main//article[h3[normalize-space(.)=${JSON.stringify(title)}]]`);

/** Clicks the figure button whose name starts with `name` in `within`, and returns its number. */
async function clickFigure(app, within, name) {
  const button = await within.findElement(By.xpath(`.//button[starts-with(@aria-label, ${JSON.stringify(name)})]`));
  await app.executeScript("arguments[0].scrollIntoView({ block: 'center' })", button);
  const text = (await button.getText()).trim();
  await button.click();
  return text;
}

/** The list's count once it shows one ("12 supplier invoices"), as a number. */
async function listCount(app, noun) {
  const count = await visible(app, By.css("p.count"));
  await app.wait(async () => (await count.getText()).includes(noun), WAIT_MS, `a count of ${noun}`);
  return Number((await count.getText()).replace(/\D/g, ""));
}

/**
 * Clicks the button starting with `offer` in the card titled `title`,
 * waits for its chart (the amounts in), and returns what the card says
 * its figures come from.
 */
async function amountsBy(app, title, offer) {
  const button = await (await visible(app, card(title))).findElement(
    By.xpath(`.//button[starts-with(normalize-space(.), ${JSON.stringify(offer)})]`),
  );
  await app.executeScript("arguments[0].scrollIntoView({ block: 'center' })", button);
  await button.click();
  await app.wait(
    async () => (await app.findElements(By.xpath(`//main//article[h3[normalize-space(.)=${JSON.stringify(title)}]]//canvas`))).length > 0,
    WAIT_MS * 4,
    `the chart of ${title}`,
  );
  return (await visible(app, card(title))).findElement(By.css(".source")).getText();
}

async function backToOverview(app) {
  await openSection(app, "Overview");
  await overviewShown(app);
}

/**
 * Connects `app` (on its first-run screen) to `sandbox` and walks the
 * overview; `theme` names the screenshots.
 */
export async function walkOverview(app, sandbox, theme) {
  await connectToSandbox(app, sandbox);
  // A workspace just added opens on its overview.
  await overviewShown(app);

  // Counted by the service: those in error, the overdue tasks.
  const attention = await visible(app, card("Invoices needing attention"));
  const inError = await clickFigure(app, attention, "Supplier invoices · Error");
  assert.equal(await listCount(app, "supplier invoices"), Number(inError.replace(/\D/g, "")), "the list counts the figure");
  await backToOverview(app);
  const overdue = await clickFigure(app, await visible(app, card("Tasks")), "Overdue");
  assert.equal(await listCount(app, "tasks"), Number(overdue.replace(/\D/g, "")), "the overdue tasks' list counts them");
  await backToOverview(app);

  // Supplier invoices' amounts added up from the service's records.
  const added = await amountsBy(app, "Payables: supplier invoices", "Add up from the service");
  assert.match(added, /^From the service/);

  // Customer invoices made available offline from the overview: their
  // months and amounts come from the saved records.
  const source = await amountsBy(app, "Receivables: customer invoices", "Make available offline");
  assert.match(source, /^From [\d,]+ saved records/);
  // Last month, with its count: the list behind it counts the same.
  const shown = await visible(app, card("Receivables: customer invoices"));
  const lastMonth = await shown.findElement(By.xpath(".//div[@class and contains(@class,'number')][.//dt[starts-with(normalize-space(.), 'Last month')]]//span[contains(@class,'count')]"));
  const invoices = Number((await lastMonth.getText()).replace(/\D/g, ""));
  assert.ok(invoices > 0, "the seeded workspace has invoices last month");
  await clickFigure(app, shown, "Last month");
  assert.equal(await listCount(app, "customer invoices"), invoices, "last month's list counts its invoices");
  await backToOverview(app);
  // The amounts added up stay on the way back (until Refresh).
  const kept = await (await visible(app, card("Payables: supplier invoices"))).findElements(By.css("canvas"));
  assert.equal(kept.length, 1, "the payables' amounts are still shown");

  // The chart's table, for screen readers and the keyboard, and axe on it all.
  const table = await (await visible(app, card("Receivables: customer invoices"))).findElement(By.css("details.data summary"));
  await app.executeScript("arguments[0].scrollIntoView({ block: 'center' })", table);
  await table.click();
  await visible(app, By.xpath("//main//table[caption[normalize-space(.)='Customer invoices per month']]"));
  const found = await violations(app);
  assert.deepEqual(found, [], `axe-core found on the overview:\n${found.join("\n")}`);
  await app.executeScript("document.querySelector('main.content').scrollTop = 0");
  await screenshot(app, `overview-en-${theme}`);

  // In Spanish: the months from Intl, the user's formats.
  await openSection(app, "Preferences");
  const choice = await visible(app, By.css("select#language"));
  await choice.findElement(By.css("option[value='es']")).click();
  await visible(app, By.css("html[lang^='es']"));
  await openSection(app, "Resumen");
  await overviewShown(app);
  await visible(app, By.xpath("//main//article[h3[normalize-space(.)='Por cobrar: facturas de cliente']]//canvas"));
  const es = await violations(app);
  assert.deepEqual(es, [], `axe-core found on the overview in Spanish:\n${es.join("\n")}`);
  await screenshot(app, `overview-es-${theme}`);
  await openSection(app, "Preferencias");
  const back = await visible(app, By.css("select#language"));
  await back.findElement(By.css("option[value='en']")).click();
  await visible(app, By.css("html[lang^='en']"));
  await openSection(app, "Overview");
  await overviewShown(app);
}
