// The installed package: the binary the .deb put in /usr/bin, started like a
// user would (tauri-driver + WebKitWebDriver under Xvfb, inside .ci/session),
// connected to the sandbox on the first-run screen, showing supplier invoices.
// .ci/package-test installs the package before and removes it after (and
// the Windows installers job of .github/workflows/ci.yml the NSIS and MSI
// packages; with WORKDESK_EXPECT_POLICY set, the MSI was installed with
// UPDATES=0 and Preferences must say that updates are off, set there).
import { test } from "node:test";
import assert from "node:assert/strict";
import { By } from "selenium-webdriver";
import { COUNT, WAIT_MS, appUnderTest, connectToSandbox, countFromService, openSection, rowNames, untilText, visible } from "./support.mjs";

const context = appUnderTest("the installed binary");

test("the installed app connects to the sandbox and shows the supplier-invoice table", async () => {
  const app = await context.open();
  try {
    assert.equal(await app.getTitle(), "Workdesk");
    await connectToSandbox(app, context.sandbox);
    // The dev-build tests ran before in this session and left another list
    // as the last one shown: open supplier invoices from the sections.
    await openSection(app, "Supplier invoices");
    const digits = (await untilText(app, COUNT, /supplier invoices/, "the count")).replace(/\D/g, "");
    assert.equal(Number(digits), await countFromService(context.sandbox));
    await app.wait(async () => (await rowNames(app)).length === 20, WAIT_MS);
    if (process.env.WORKDESK_EXPECT_POLICY) {
      await openSection(app, "Preferences");
      const updates = await (await visible(app, By.css("section.preferences .updates"))).getText();
      assert.match(updates, /Workdesk does not look for updates\.\s+Managed by your organisation\./);
      assert.ok(updates.includes(process.env.WORKDESK_EXPECT_POLICY), updates);
    }
  } finally {
    await app.quit();
  }
});
