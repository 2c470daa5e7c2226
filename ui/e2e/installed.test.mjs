// The installed package: the binary the .deb put in /usr/bin, started like a
// user would (tauri-driver + WebKitWebDriver under Xvfb, inside .ci/session),
// connected to the sandbox on the first-run screen, showing supplier invoices.
// .ci/package-test installs the package before and removes it after.
import { test } from "node:test";
import assert from "node:assert/strict";
import { By, until } from "selenium-webdriver";
import { WAIT_MS, appUnderTest, connectToSandbox, countFromService, openSection, rowNames, visible } from "./support.mjs";

const context = appUnderTest("the installed binary");

test("the installed app connects to the sandbox and shows the supplier-invoice table", async () => {
  const app = await context.open();
  try {
    assert.equal(await app.getTitle(), "Workdesk");
    await connectToSandbox(app, context.sandbox);
    // The dev-build tests ran before in this session and left another list
    // as the last one shown: open supplier invoices from the sections.
    await openSection(app, "Supplier invoices");
    const count = await visible(app, By.css("p.count"));
    await app.wait(until.elementTextContains(count, "supplier invoices"), WAIT_MS);
    const digits = (await count.getText()).replace(/\D/g, "");
    assert.equal(Number(digits), await countFromService(context.sandbox));
    await app.wait(async () => (await rowNames(app)).length === 20, WAIT_MS);
  } finally {
    await app.quit();
  }
});
