// End to end: a customer's card in the real app, on the sandbox's
// workspace A, lists that customer's invoices and sales quotes: as many as
// the sandbox answers for `customer__exact=<id>`, the newest first, and the
// newest opens with its details. axe-core (ui/e2e/a11y.mjs) finds nothing
// on the card with an invoice's details open, in English and in Spanish in
// the light theme, and in the dark theme (GTK's dark variant, a second
// app session on the same settings: Linux only).
import { test } from "node:test";
import assert from "node:assert/strict";
import { By } from "selenium-webdriver";
import { violations } from "./a11y.mjs";
import {
  appUnderTest,
  byButton,
  clickInView,
  connectToSandbox,
  linuxOnly,
  openApp,
  openSection,
  screenshot,
  serviceGet,
  startTauriDriver,
  untilText,
  visible,
} from "./support.mjs";

const context = appUnderTest("the built app binary");

/** The navigation's section and the card's button, in each language. */
const WORDS = {
  en: { section: "Open a customer", open: "Open customer", count: /customer invoices?$/ },
  es: { section: "Abrir un cliente", open: "Abrir cliente", count: /facturas? de cliente$/ },
};

/** A part of the card: the customer's records of `resource`, once read. */
const records = (resource) => `section.customer-records[data-resource='${resource}']`;

/** What the sandbox answers for the customer's invoices: `{ count, newest }` (newest by operation date). */
async function invoicesOf(sandbox, customer) {
  const page = await serviceGet(sandbox, `/account_receivable/invoice/?customer__exact=${customer}&sort=-operation_date&take=1`);
  return { count: page.count, newest: page.results[0] };
}

/** Opens customer `id`'s card in `language` and waits until both kinds of its records are read. */
async function openCard(app, id, language) {
  const words = WORDS[language];
  await openSection(app, words.section);
  const input = await visible(app, By.id("customer-id"));
  await input.clear();
  await input.sendKeys(id);
  await clickInView(app, await visible(app, byButton(words.open)));
  await visible(app, By.css("section.customer-card"));
  for (const resource of ["customer_invoice", "sales_quote"]) {
    await visible(app, By.css(`${records(resource)}[aria-busy='false'] dd[data-field='count']`));
  }
  return untilText(app, By.css(`${records("customer_invoice")} dd[data-field='count']`), words.count, `the count of the customer's invoices in ${language}`);
}

/** Opens the newest invoice listed on the card and waits for its details; resolves with its title. */
async function openNewest(app) {
  await clickInView(app, await visible(app, By.css(`${records("customer_invoice")} ul.newest button`)));
  await visible(app, By.css(`${records("customer_invoice")} aside.detail[aria-busy='false']`));
  return (await visible(app, By.css(`${records("customer_invoice")} aside.detail h3`))).getText();
}

/** axe's findings on the screen shown, each line prefixed with `where`. */
async function axeOn(app, where) {
  const found = await violations(app);
  if (found.length > 0) await screenshot(app, `related-a11y-${where}`);
  return found.map((line) => `${where}: ${line}`);
}

test("a customer's card lists its invoices as the sandbox counts them, newest first, and opens one; axe finds nothing, in English and Spanish", async () => {
  const { sandbox } = context;
  const app = await context.open();
  try {
    await connectToSandbox(app, sandbox);
    await visible(app, By.css("nav.sections button"));
    // A customer with invoices: the one billed last.
    const [last] = (await serviceGet(sandbox, "/account_receivable/invoice/?sort=-operation_date&take=1")).results;
    const customer = last.customer;
    const invoices = await invoicesOf(sandbox, customer);
    const quotes = (await serviceGet(sandbox, `/order/sales_quote/?customer__exact=${customer}&take=1`)).count;
    assert.ok(invoices.count > 0, "the customer billed last has invoices");

    const shown = await openCard(app, customer, "en");
    assert.equal(Number(shown.replace(/\D/g, "")), invoices.count, `the card says ${shown}; the sandbox counts ${invoices.count}`);
    const quotesShown = await (await visible(app, By.css(`${records("sales_quote")} dd[data-field='count']`))).getText();
    assert.equal(Number(quotesShown.replace(/\D/g, "")), quotes, `the card says ${quotesShown}; the sandbox counts ${quotes} quotes`);
    const listed = await app.findElements(By.css(`${records("customer_invoice")} ul.newest button`));
    assert.equal(listed.length, Math.min(5, invoices.count), "the newest five, or all when fewer");
    const problems = await axeOn(app, "light-en-card");

    assert.equal(await openNewest(app), invoices.newest.name, "the first listed is the newest, and opens with its details");
    await screenshot(app, "related-card");
    problems.push(...(await axeOn(app, "light-en-details")));

    // In Spanish: Preferences › Language, then the card again.
    await openSection(app, "Preferences");
    const choice = await visible(app, By.css("select#language"));
    await choice.findElement(By.css("option[value='es']")).click();
    await visible(app, By.css("html[lang^='es']"));
    const dicho = await openCard(app, customer, "es");
    assert.equal(Number(dicho.replace(/\D/g, "")), invoices.count);
    assert.equal(await openNewest(app), invoices.newest.name);
    problems.push(...(await axeOn(app, "light-es-details")));
    assert.deepEqual(problems, [], `axe-core found:\n${problems.join("\n")}`);
  } finally {
    await app.quit();
  }
});

test("dark theme: axe finds nothing on the card with an invoice's details open", linuxOnly("the dark theme is asked of GTK (GTK_THEME=Adwaita:dark)"), async () => {
  const { sandbox } = context;
  // A second app session on the first one's settings (connected to the sandbox, in Spanish), in GTK's dark variant.
  const driver = await startTauriDriver({ GTK_THEME: "Adwaita:dark" });
  try {
    const app = await openApp(driver.url, process.env.WORKDESK_APP);
    try {
      assert.equal(await app.executeScript("return matchMedia('(prefers-color-scheme: dark)').matches"), true, "the app is in its dark theme");
      await visible(app, By.css("nav.sections button"));
      const [last] = (await serviceGet(sandbox, "/account_receivable/invoice/?sort=-operation_date&take=1")).results;
      const language = (await app.executeScript("return document.documentElement.lang")).startsWith("es") ? "es" : "en";
      await openCard(app, last.customer, language);
      const problems = await axeOn(app, `dark-${language}-card`);
      await openNewest(app);
      problems.push(...(await axeOn(app, `dark-${language}-details`)));
      assert.deepEqual(problems, [], `axe-core found:\n${problems.join("\n")}`);
    } finally {
      await app.quit();
    }
  } finally {
    driver.process.kill();
  }
});
