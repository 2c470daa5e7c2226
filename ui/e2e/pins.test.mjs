// End to end: a record pinned to the navigation in the real app (WebKit
// webview via tauri-driver + WebKitWebDriver under Xvfb) against the
// sandbox. "Pin" in a customer's details puts it under Pinned at the top of
// the navigation; from another section that entry opens its details; it is
// still there after a restart (kept with the workspace's saved data);
// its "Unpin", from the keyboard, takes it away. The navigation with a pin passes axe.
import { test } from "node:test";
import assert from "node:assert/strict";
import { By, Key } from "selenium-webdriver";
import { violations } from "./a11y.mjs";
import { WAIT_MS, appUnderTest, clickFirstRow, clickInView, connectToSandbox, openSection, screenshot, untilText, visible } from "./support.mjs";

const context = appUnderTest("the built app binary");
const DETAIL_TITLE = By.css("aside.detail h3");
const PIN = By.xpath("//aside[contains(@class,'detail')]//button[@aria-pressed][normalize-space(.)='+ Pin' or normalize-space(.)='✓ Pin']");

/** The names under Pinned, in order. */
async function pinned(app) {
  const names = await app.findElements(By.css("ul.pinned button.nav .name"));
  return Promise.all(names.map(async (n) => (await n.getAttribute("textContent")).trim()));
}

test("a customer pinned from its details opens from the navigation, stays after a restart, and unpins", async () => {
  let app = await context.open();
  let name;
  try {
    await connectToSandbox(app, context.sandbox);
    await openSection(app, "Customers");
    await clickFirstRow(app, "the first customer opened");
    name = (await (await visible(app, DETAIL_TITLE)).getText()).trim();
    const pin = await visible(app, PIN);
    assert.equal(await pin.getAttribute("aria-pressed"), "false");
    await clickInView(app, pin);
    await app.wait(async () => (await (await visible(app, PIN)).getAttribute("aria-pressed")) === "true", WAIT_MS, "the Pin pressed");
    await app.wait(async () => (await pinned(app)).includes(name), WAIT_MS, "the customer under Pinned");
    await screenshot(app, "pinned");

    // From another section, the pin opens its details.
    await openSection(app, "Overview");
    await clickInView(app, await visible(app, By.xpath(`//ul[contains(@class,'pinned')]//button[contains(@class,'nav')][.//*[normalize-space(.)='${name}']]`)));
    await untilText(app, DETAIL_TITLE, name, "the pinned customer's details");
    const found = await violations(app);
    assert.deepEqual(found, [], `axe-core found with a pin in the navigation:\n${found.join("\n")}`);
  } finally {
    await app.quit();
  }

  // After a restart: still pinned; Unpin takes it away.
  app = await context.open();
  try {
    await app.wait(async () => (await pinned(app)).includes(name), WAIT_MS, "the pin after a restart");
    // From the keyboard: the focus on its Unpin, Enter.
    const unpin = await visible(app, By.xpath(`//ul[contains(@class,'pinned')]//button[@aria-label='Unpin ${name}']`));
    await app.executeScript("arguments[0].focus()", unpin);
    await app.actions().sendKeys(Key.ENTER).perform();
    await app.wait(async () => !(await pinned(app)).includes(name), WAIT_MS, "the pin gone");
  } finally {
    await app.quit();
  }
});
