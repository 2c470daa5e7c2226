// End to end: no ID typed anywhere (issue 46). In the real app on the
// sandbox's workspace A, New task, Edit a lead and New stakeholder show no
// input whose label asks for an ID until "Enter an ID" is chosen; a lead
// is opened from the lead picker; a stakeholder is created by picking its
// document type by typing "NIT" and its location by typing "Cali" (the
// service's related filters), and the sandbox holds it with that type's
// and that location's ids. axe-core (ui/e2e/a11y.mjs) finds nothing with
// a picker's list open, in the light theme and in the dark one (GTK's dark
// variant, a second session on the same settings: Linux only).
import { test } from "node:test";
import assert from "node:assert/strict";
import { By, Key, error } from "selenium-webdriver";
import { violations } from "./a11y.mjs";
import {
  WAIT_MS,
  appUnderTest,
  byButton,
  byLabel,
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

/** The labels (and names) of the visible inputs of the screen shown that ask for an ID. */
function inputsAskingForAnId(app) {
  return app.executeScript(() =>
    [...document.querySelectorAll("main input:not([type='hidden']), main select, main textarea")]
      .filter((el) => el.getClientRects().length > 0)
      .map((el) => `${[...(el.labels ?? [])].map((l) => l.textContent.trim()).join(" ")} ${el.getAttribute("aria-label") ?? ""}`.trim())
      .filter((text) => /\bID\b/.test(text)),
  );
}

/** Waits for the option of list `listId` titled `title` (once the list's answers settle) and clicks it, until the picker `inputId` shows it. */
async function choose(app, inputId, listId, title) {
  const option = By.xpath(`//ul[@id='${listId}']/li[@role='option'][span[contains(@class, 'title') and normalize-space(.)='${title}']]`);
  await app.wait(
    async () => {
      const [found] = await app.findElements(option);
      if (!found) return false;
      try {
        await found.click();
      } catch (e) {
        if (e instanceof error.StaleElementReferenceError || e instanceof error.ElementNotInteractableError) return false;
        throw e;
      }
      return (await app.findElement(By.id(inputId)).getAttribute("value")) === title;
    },
    WAIT_MS,
    `the option “${title}” of ${listId} chosen`,
  );
}

/** axe's findings on the screen shown, each line prefixed with `where`. */
async function axeOn(app, where) {
  const found = await violations(app);
  if (found.length > 0) await screenshot(app, `no-ids-a11y-${where}`);
  return found.map((line) => `${where}: ${line}`);
}

/** Types `words` in the picker `inputId` and waits until its list shows an option titled `title`. */
async function typeInPicker(app, inputId, words, title) {
  const input = await visible(app, By.id(inputId));
  await clickInView(app, input);
  await input.sendKeys(words);
  await visible(app, By.xpath(`//ul[@id='${inputId}-options']/li[@role='option'][span[contains(@class, 'title') and normalize-space(.)='${title}']]`));
  return input;
}

test("New task, Edit a lead and New stakeholder ask for no ID; a stakeholder is created by picking “NIT” and “Cali”; axe finds nothing with a picker open", async () => {
  const { sandbox } = context;
  const app = await context.open();
  try {
    await connectToSandbox(app, sandbox);
    await visible(app, By.css("nav.sections button"));
    const problems = [];

    for (const section of ["New task", "Edit a lead", "New stakeholder"]) {
      await openSection(app, section);
      await visible(app, By.css("main.content h2"));
      await visible(app, By.css("main input[role='combobox']"));
      assert.deepEqual(await inputsAskingForAnId(app), [], `${section} shows no input asking for an ID`);
    }

    // Edit a lead: "Enter an ID" shows the one input that asks for it; the lead picker opens a lead.
    await openSection(app, "Edit a lead");
    await clickInView(app, await visible(app, By.css("button[aria-label='Enter an ID for Lead']")));
    assert.deepEqual(await inputsAskingForAnId(app), ["Lead ID"], "“Enter an ID” shows the lead's ID input");
    await screenshot(app, "no-ids-lead-by-id");
    await clickInView(app, await visible(app, byButton("Search by name instead")));
    const [first] = (await serviceGet(sandbox, "/crm/lead/?sort=source&take=1")).results;
    const leadPicker = await visible(app, By.id("lead-id"));
    await leadPicker.sendKeys(Key.ARROW_DOWN);
    await visible(app, By.css("#lead-id-options li[role='option']"));
    await screenshot(app, "no-ids-lead-picker");
    problems.push(...(await axeOn(app, "light-lead-picker")));
    await leadPicker.sendKeys(Key.ENTER);
    await untilText(app, By.css("form.edit h3"), (text) => text.includes(first.id), "the first lead by source opened from the picker");

    // New stakeholder: the type by its code, the location by its name.
    await openSection(app, "New stakeholder");
    const number = `9${String(Date.now()).slice(-8)}`;
    await (await visible(app, byLabel("Document number"))).sendKeys(number);
    await typeInPicker(app, "stakeholder-document-type", "NIT", "NIT");
    await choose(app, "stakeholder-document-type", "stakeholder-document-type-options", "NIT");
    await typeInPicker(app, "stakeholder-geographic-location", "Cali", "“Cali”");
    await screenshot(app, "no-ids-location-picker");
    problems.push(...(await axeOn(app, "light-location-picker")));
    await choose(app, "stakeholder-geographic-location", "stakeholder-geographic-location-options", "“Cali”");
    assert.deepEqual(await inputsAskingForAnId(app), [], "New stakeholder, filled, shows no input asking for an ID");
    await clickInView(app, await visible(app, byButton("Create stakeholder")));
    await untilText(app, By.css(".stakeholder-form [role='status']"), /Stakeholder created/, "the stakeholder created");

    const [created] = (await serviceGet(sandbox, `/stakeholder/stakeholder/?document_number__exact=${number}`)).results;
    assert.ok(created, `the sandbox holds stakeholder ${number}`);
    const nit = await serviceGet(sandbox, `/stakeholder/stakeholder/?document_type__exact=${created.document_type}&document_type__code__iexact=NIT&take=1`);
    assert.ok(nit.count > 0, `its document type ${created.document_type} is the one coded NIT`);
    const cali = await serviceGet(sandbox, `/stakeholder/stakeholder/?geographic_location__exact=${created.geographic_location}&geographic_location__name__icontains=Cali&take=1`);
    assert.ok(cali.count > 0, `its location ${created.geographic_location} is the one named Cali`);
    assert.deepEqual(problems, [], `axe-core found:\n${problems.join("\n")}`);
  } finally {
    await app.quit();
  }
});

test("dark theme: axe finds nothing with the location picker's list open", linuxOnly("the dark theme is asked of GTK (GTK_THEME=Adwaita:dark)"), async () => {
  // A second app session on the first one's settings (connected to the sandbox), in GTK's dark variant.
  const driver = await startTauriDriver({ GTK_THEME: "Adwaita:dark" });
  try {
    const app = await openApp(driver.url, process.env.WORKDESK_APP);
    try {
      assert.equal(await app.executeScript("return matchMedia('(prefers-color-scheme: dark)').matches"), true, "the app is in its dark theme");
      await visible(app, By.css("nav.sections button"));
      await openSection(app, "New stakeholder");
      await typeInPicker(app, "stakeholder-geographic-location", "Cali", "“Cali”");
      await screenshot(app, "no-ids-location-picker-dark");
      const problems = await axeOn(app, "dark-location-picker");
      assert.deepEqual(problems, [], `axe-core found:\n${problems.join("\n")}`);
    } finally {
      await app.quit();
    }
  } finally {
    driver.process.kill();
  }
});
