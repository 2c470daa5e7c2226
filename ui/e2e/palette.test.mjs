// End to end: the command palette (issue 47) in the real app on the
// sandbox's workspace A. Ctrl+K on the Overview opens it with the focus in
// its input; a part of a customer's name finds the customer under the
// Customers group, marked as found by the service; Enter opens it in its
// list with its details. In Spanish the same search names its group in
// Spanish, and Escape closes the palette, giving the focus back. axe-core
// (ui/e2e/a11y.mjs) finds nothing with the palette open, in English and
// Spanish, in the light theme and in the dark one (GTK's dark variant, a
// second session on the same settings: Linux only).
import { test } from "node:test";
import assert from "node:assert/strict";
import { By, Key } from "selenium-webdriver";
import { violations } from "./a11y.mjs";
import {
  appUnderTest,
  connectToSandbox,
  linuxOnly,
  openApp,
  overviewShown,
  screenshot,
  serviceGet,
  startTauriDriver,
  untilText,
  visible,
} from "./support.mjs";

const context = appUnderTest("the built app binary");

/** A customer of the sandbox whose name has a long word and no quote, and a part of that word (lower case, its ends cut off). */
async function aCustomer(sandbox) {
  const { results } = await serviceGet(sandbox, "/stakeholder/customer/?take=50&sort=name&fields=id,name");
  const customer = results.find((c) => !/['"]/.test(c.name) && c.name.split(/\s+/).some((w) => [...w].length >= 6));
  assert.ok(customer, "a customer with a long word in its name");
  const word = [...customer.name.split(/\s+/).reduce((a, b) => ([...b].length > [...a].length ? b : a)).toLowerCase()];
  return { id: customer.id, name: customer.name.trim(), part: word.slice(1, -1).join("") };
}

/** Ctrl+K: the palette opens with the focus in its input, which it returns. */
async function openPalette(app) {
  await app.actions().keyDown(Key.CONTROL).sendKeys("k").keyUp(Key.CONTROL).perform();
  const input = await visible(app, By.css("[role='dialog'] input#palette-input[role='combobox']"));
  await app.wait(async () => app.executeScript("return document.activeElement === arguments[0];", input), 5_000, "the focus in the palette's input");
  return input;
}

/** The option titled `name` in the records group whose accessible name starts with `group`. */
const recordOption = (group, name) =>
  By.xpath(`//div[@role='group' and starts-with(@aria-label, '${group}')]/div[@role='option'][span[contains(@class, 'label') and normalize-space(.)='${name}']]`);

/** axe's findings with the palette open, each line prefixed with `where`. */
async function axeOn(app, where) {
  const found = await violations(app);
  if (found.length > 0) await screenshot(app, `palette-a11y-${where}`);
  return found.map((line) => `${where}: ${line}`);
}

/** Chooses `language` (`en`, `es`) in Preferences. */
async function useLanguage(app, language) {
  const buttons = await app.findElements(By.css("nav.sections button"));
  const preferences = buttons[buttons.length - 2];
  await app.executeScript("arguments[0].scrollIntoView({ block: 'center' })", preferences);
  await preferences.click();
  const choice = await visible(app, By.css("select#language"));
  await choice.findElement(By.css(`option[value='${language}']`)).click();
  await visible(app, By.css(`html[lang^='${language}']`));
}

test("Ctrl+K on the Overview finds a customer by a part of its name under its group, and Enter opens it; in Spanish too; axe finds nothing with it open", async () => {
  const { sandbox } = context;
  const app = await context.open();
  try {
    await connectToSandbox(app, sandbox);
    await overviewShown(app);
    const customer = await aCustomer(sandbox);

    const input = await openPalette(app);
    await input.sendKeys(customer.part);
    const option = await visible(app, recordOption("Customers", customer.name));
    const group = await option.findElement(By.xpath(".."));
    assert.equal(await group.getAttribute("aria-label"), "Customers, found by the service");
    assert.match(await group.findElement(By.css(".heading")).getText(), /Customers\s+service/);
    const problems = await axeOn(app, "en-light");

    // Once the search for the whole text has answered (an earlier answer, for
    // the letters typed so far, may have shown it first): ↓ moves to it (the
    // first option is active at first), Enter opens it.
    const said = "return document.querySelector(\"[role='dialog'] [role='status']\").textContent;";
    await app.wait(async () => /result/.test(await app.executeScript(said)) && !/Searching/.test(await app.executeScript(said)), 10_000, "the search answered");
    await screenshot(app, "palette");
    const id = await option.getAttribute("id");
    const ids = await app.executeScript("return [...document.querySelectorAll(\"#palette-list [role='option']\")].map((o) => o.id);");
    assert.equal(await input.getAttribute("aria-activedescendant"), ids[0], "the first option active");
    // The pointer rests over the first option: what slides under it as the
    // list scrolls must not take the choice from the keyboard.
    await app.actions().move({ origin: await app.findElement(By.id(ids[0])) }).perform();
    // ↓ until it is active: a group answered late may come in above it
    // meanwhile (the active option stays the one it was, by its record).
    for (let i = 0; i < 60 && (await input.getAttribute("aria-activedescendant")) !== id; i++) await input.sendKeys(Key.ARROW_DOWN);
    assert.equal(await input.getAttribute("aria-activedescendant"), id, `↓ on “${customer.name}”`);
    await input.sendKeys(Key.ENTER);
    await untilText(app, By.css("aside.detail h3"), customer.name, "the customer's details");
    await visible(app, By.xpath("//main//h2[normalize-space(.)='Customers']"));
    assert.equal((await app.findElements(By.css("[role='dialog'] #palette-input"))).length, 0, "the palette closed");

    // In Spanish, from Preferences: the group in Spanish; Escape closes it, the focus back where it was.
    await useLanguage(app, "es");
    const language = await app.findElement(By.css("select#language"));
    await app.executeScript("arguments[0].focus()", language);
    const spanish = await openPalette(app);
    await spanish.sendKeys(customer.part);
    await visible(app, recordOption("Clientes, encontrados por el servicio", customer.name));
    problems.push(...(await axeOn(app, "es-light")));
    await spanish.sendKeys(Key.ESCAPE);
    await app.wait(async () => (await app.findElements(By.css("#palette-input"))).length === 0, 5_000, "the palette closed");
    assert.equal(await app.executeScript("return document.activeElement === arguments[0];", language), true, "the focus back on the language");
    assert.deepEqual(problems, [], `axe-core found:\n${problems.join("\n")}`);
  } finally {
    await app.quit();
  }
});

test("dark theme: axe finds nothing with the palette open, in Spanish and English", linuxOnly("the dark theme is asked of GTK (GTK_THEME=Adwaita:dark)"), async () => {
  const { sandbox } = context;
  const customer = await aCustomer(sandbox);
  // A second app session on the first one's settings (connected, in Spanish), in GTK's dark variant.
  const driver = await startTauriDriver({ GTK_THEME: "Adwaita:dark" });
  try {
    const app = await openApp(driver.url, process.env.WORKDESK_APP);
    try {
      assert.equal(await app.executeScript("return matchMedia('(prefers-color-scheme: dark)').matches"), true, "the app is in its dark theme");
      await visible(app, By.css("nav.sections button"));
      const problems = [];
      for (const [language, group] of [
        ["es", "Clientes"],
        ["en", "Customers"],
      ]) {
        await useLanguage(app, language);
        const input = await openPalette(app);
        await input.sendKeys(customer.part);
        await visible(app, recordOption(group, customer.name));
        problems.push(...(await axeOn(app, `${language}-dark`)));
        await input.sendKeys(Key.ESCAPE);
        await app.wait(async () => (await app.findElements(By.css("#palette-input"))).length === 0, 5_000, "the palette closed");
      }
      assert.deepEqual(problems, [], `axe-core found:\n${problems.join("\n")}`);
    } finally {
      await app.quit();
    }
  } finally {
    driver.process.kill();
  }
});
