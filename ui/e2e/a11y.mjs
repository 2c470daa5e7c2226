// axe-core (the accessibility rules engine of browsers' own developer
// tools) over every screen of the real app in its WebKit webview, for WCAG
// 2.0, 2.1 and 2.2 at levels A and AA, in English and in Spanish: the
// first run, every section of the navigation (the overview; the first list also with a
// record's details, a row's context menu, its filters, Print's question and the export
// dialog open; a stakeholder's delete confirmation, and with two stakeholders selected the bar of
// changes to many records, Delete…'s confirmation and its progress; Edit a lead with its lead picker's
// list open), the
// shortcuts dialog and the offline banner. Used by accessibility.test.mjs (light theme) and
// accessibility-dark.test.mjs (dark theme).
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { By, Key } from "selenium-webdriver";
import { clickInView, connectToSandbox, overviewShown, screenshot, visible } from "./support.mjs";

const axeSource = readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");

/**
 * Rules not applied, each with why. None: every rule of the WCAG 2.2 A/AA
 * tags runs on every screen.
 */
export const ACCEPTED = {};

/** The WCAG 2.2 A/AA violations axe finds on the screen shown, as readable lines. */
export async function violations(app) {
  // axe's own source is part of the script: the app's CSP allows no eval.
  const found = await app.executeAsyncScript(
    `if (!window.axe) { ${axeSource} }
     const done = arguments[arguments.length - 1];
     window.axe
       .run(document, {
         runOnly: { type: "tag", values: ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"] },
         rules: arguments[0],
       })
       .then((r) => done(r.violations.map((v) => ({ id: v.id, help: v.help, nodes: v.nodes.slice(0, 3).map((n) => n.target.join(" ") + " — " + n.failureSummary.replace(/\\s+/g, " ")) }))))
       .catch((e) => done([{ id: "axe-failed", help: String(e), nodes: [] }]));`,
    Object.fromEntries(Object.keys(ACCEPTED).map((id) => [id, { enabled: false }])),
  );
  return found.map((v) => `${v.id}: ${v.help}\n    ${v.nodes.join("\n    ")}`);
}

/**
 * Checks every screen of `app` (on its first-run screen, connected here to
 * `sandbox`), and returns what axe found, by screen (empty when nothing).
 * `theme` names the screenshots of screens with problems.
 */
export async function checkEveryScreen(app, sandbox, theme) {
  const problems = [];
  const check = async (name) => {
    const found = await violations(app);
    if (found.length > 0) {
      await screenshot(app, `a11y-${theme}-${name}`);
      problems.push(`${theme} ${name}:\n  ${found.join("\n  ")}`);
    }
  };
  await visible(app, By.css("form input"));
  await check("first-run");
  await connectToSandbox(app, sandbox);
  const sections = () => app.findElements(By.css("nav.sections button"));
  await visible(app, By.css("nav.sections button"));
  for (const language of ["en", "es"]) {
    if (language === "es") {
      const preferences = (await sections())[(await sections()).length - 2];
      await app.executeScript("arguments[0].scrollIntoView({ block: 'center' })", preferences);
      await preferences.click();
      const choice = await visible(app, By.css("select#language"));
      await choice.findElement(By.css("option[value='es']")).click();
      await visible(app, By.css("html[lang^='es']"));
    }
    const count = (await sections()).length;
    for (let i = 0; i < count; i++) {
      const button = (await sections())[i];
      const name = `${language}-${(await button.getText()).trim().toLowerCase().replace(/\W+/g, "-")}`;
      // The sections scroll on their own in a short window.
      await app.executeScript("arguments[0].scrollIntoView({ block: 'center' })", button);
      await button.click();
      await visible(app, By.css("main.content h2, main.content h3"));
      if (i === 0) {
        // The overview, its figures in.
        await overviewShown(app);
        await check(name);
      } else if (i === 1) {
        // The first list, with a record's details and then its filters.
        const row = await visible(app, By.css("table.records tbody tr th[scope='row']"));
        await check(name);
        await row.click();
        await visible(app, By.css("aside.detail"));
        await check(`${name}-details`);
        // The rows' context menu.
        await app.actions().contextClick(await visible(app, By.css("table.records tbody tr th[scope='row']"))).perform();
        await visible(app, By.css("[role='menu'].row-menu"));
        await check(`${name}-row-menu`);
        await app.actions().sendKeys("\uE00C").perform(); // Escape
        await (await visible(app, By.css("button[aria-controls^='filters-']"))).click();
        await visible(app, By.id("filter-0-field"));
        await check(`${name}-filters`);
        // Print's question (Ctrl+P): all rows, this page or the details.
        await app.actions().keyDown(Key.CONTROL).sendKeys("p").keyUp(Key.CONTROL).perform();
        await visible(app, By.css("[role='dialog'].print-question"));
        await check(`${name}-print`);
        await app.actions().sendKeys(Key.ESCAPE).perform();
        // The export dialog.
        await (await visible(app, By.xpath("//button[normalize-space(.)='Export…' or normalize-space(.)='Exportar…']"))).click();
        await visible(app, By.css("[role='dialog'].export"));
        await check(`${name}-export`);
        await app.actions().sendKeys(Key.ESCAPE).perform();
      } else {
        await check(name);
        // A stakeholder's details, and the confirmation before deleting it.
        if (/stakeholders|terceros/.test(name)) {
          await (await visible(app, By.css("table.records tbody tr th[scope='row']"))).click();
          await clickInView(app, await visible(app, By.css("button.delete-trigger")));
          await visible(app, By.css("[role='alertdialog']"));
          await check(`${name}-delete`);
          await app.actions().sendKeys(Key.ESCAPE).perform();
          // Two rows selected: the bar of changes to many records, and Delete…'s one confirmation.
          await (await visible(app, By.css("table.records tbody tr th[scope='row']"))).click();
          await app.actions().keyDown(Key.SHIFT).sendKeys(Key.ARROW_DOWN).keyUp(Key.SHIFT).perform();
          const bar = await visible(app, By.css("[role='toolbar'].bulk-bar"));
          await check(`${name}-bulk-bar`);
          await clickInView(app, await bar.findElement(By.css("button")));
          const bulk = await visible(app, By.css("[role='dialog'].bulk"));
          await check(`${name}-bulk-delete`);
          // Deleted: the progress with each stakeholder's outcome.
          await clickInView(app, await bulk.findElement(By.css("button[type='submit']")));
          await visible(app, By.id("bulk-summary"));
          await check(`${name}-bulk-progress`);
          await app.actions().sendKeys(Key.ESCAPE).perform();
        }
        // Edit a lead starts from a record picker: checked with its list open.
        const [picker] = await app.findElements(By.css("input[role='combobox']#lead-id"));
        if (picker) {
          await picker.click();
          await picker.sendKeys(Key.ARROW_DOWN);
          await visible(app, By.css("#lead-id-options li[role='option']"));
          await check(`${name}-picker`);
          await picker.sendKeys(Key.ESCAPE);
        }
      }
    }
    await (await visible(app, By.css("button[aria-keyshortcuts='F1']"))).click();
    const sheet = await visible(app, By.css("[role='dialog'][aria-labelledby='shortcuts-title']"));
    await check(`${language}-shortcuts`);
    // Its Close button is below its last row: scrolled into view first.
    await clickInView(app, await sheet.findElement(By.css("button")));
    await (await visible(app, By.css("label.work-offline input"))).click();
    await visible(app, By.css(".offline-banner"));
    await check(`${language}-offline-banner`);
    await (await visible(app, By.css("label.work-offline input"))).click();
  }
  return problems;
}
