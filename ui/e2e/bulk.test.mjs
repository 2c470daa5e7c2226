// End to end: changes to many records in the real app (WebKit webview via
// tauri-driver + WebKitWebDriver under Xvfb) against the sandbox, which
// records each request (--journal). Twenty leads selected in the Leads
// list get "Change status…": one change each in the outbox, one progress
// bar, and each lead's outcome on screen. Mixed in: a lead someone in the
// office changed since the list was read (a conflict: not sent), and a
// lead whose edit the service refuses (a 403 armed for that lead's PATCH
// only: refused, with the service's reason). Every other lead is patched
// exactly once; nothing is sent twice. The dialog with its outcomes
// passes axe.
import { test } from "node:test";
import assert from "node:assert/strict";
import { By, Key } from "selenium-webdriver";
import { violations } from "./a11y.mjs";
import { WAIT_MS, appUnderTest, armFault, byButton, clickFirstRow, clickInView, connectToSandbox, journal, officeSetsLead, openSection, screenshot, serviceGet, visible } from "./support.mjs";

const context = appUnderTest("the built app binary");
const STATUS = "revisión de cierre";

/** Arms the sandbox's 403 for the next PATCH of lead `id` only. */
async function refuseNextPatchOf(id) {
  await armFault(context.sandbox, "403", 1, { path: `/crm/lead/${id}/`, method: "PATCH" });
}

test("a status change of 20 leads, a conflict and a refusal mixed in, reports each outcome and sends each edit once", async () => {
  const app = await context.open();
  try {
    await connectToSandbox(app, context.sandbox);
    await openSection(app, "Leads");
    await clickFirstRow(app, "the first lead opened");
    const ids = await app.wait(
      async () => {
        const rows = await app.findElements(By.css("table.records tbody tr[data-id]"));
        return rows.length >= 20 ? Promise.all(rows.slice(0, 20).map((r) => r.getAttribute("data-id"))) : false;
      },
      WAIT_MS,
      "a page of 20 leads",
    );
    // The first row is selected (it was opened); Shift+Down 19 times selects the first 20.
    await clickInView(app, await visible(app, By.css(`table.records tbody tr[data-id='${ids[0]}'] th`)));
    for (let i = 0; i < 19; i++) await app.actions().keyDown(Key.SHIFT).sendKeys(Key.ARROW_DOWN).keyUp(Key.SHIFT).perform();
    const bar = await visible(app, By.css("[role='toolbar'].bulk-bar"));
    assert.match(await bar.getText(), /20 selected/);

    // Since the list was read: the office changed one lead; the service will refuse another's edit.
    const conflicted = ids[2];
    const refused = ids[5];
    const before = await serviceGet(context.sandbox, `/crm/lead/?id=${refused}`);
    await officeSetsLead(context.sandbox, conflicted, "cambiado en la oficina");
    await refuseNextPatchOf(refused);

    await clickInView(app, await bar.findElement(By.xpath(".//button[normalize-space(.)='Change status…']")));
    const dialog = await visible(app, By.css("[role='dialog'].bulk"));
    const choice = await visible(app, By.id("bulk-status"));
    await choice.findElement(By.xpath(".//option[normalize-space(.)='Another status…']")).click();
    await (await visible(app, By.id("bulk-status-typed"))).sendKeys(STATUS);
    await clickInView(app, await dialog.findElement(byButton("Change 20 leads")));

    // One progress bar: every lead settled, with its outcome.
    const summary = await visible(app, By.id("bulk-summary"));
    await app.wait(async () => /^20 of 20 done/.test(await summary.getText()), WAIT_MS, "every lead's outcome");
    assert.equal(await summary.getText(), "20 of 20 done: 18 sent, 2 need you, 0 waiting.");
    assert.equal(await (await visible(app, By.id("bulk-bar"))).getAttribute("value"), "20");
    const outcome = async (id) => (await dialog.findElement(By.css(`li.line[data-record='${id}'] .outcome`)).getText()).trim();
    assert.equal(await outcome(refused), "Refused: You do not have permission to perform this action.");
    assert.equal(await outcome(conflicted), "Conflict: it also changed on the service. Choose in Waiting to send.");
    for (const id of ids.filter((id) => id !== refused && id !== conflicted)) assert.equal(await outcome(id), "Done", id);
    await visible(app, byButton("Open Waiting to send"));
    await screenshot(app, "bulk");
    const found = await violations(app);
    assert.deepEqual(found, [], `axe over the outcomes:\n${found.join("\n")}`);

    // On the service: each edit once, in order; the conflict not sent; the refusal changed nothing.
    const patches = (await journal(context.sandbox)).filter((r) => r.method === "PATCH" && r.body?.status === STATUS);
    const sent = ids.filter((id) => id !== conflicted);
    assert.deepEqual(
      patches.map((p) => [p.path, p.status]),
      sent.map((id) => [`/crm/lead/${id}/`, id === refused ? 403 : 200]),
      "one PATCH per lead, in the order chosen, none twice",
    );
    const leads = (await serviceGet(context.sandbox, "/crm/lead/?take=200")).results;
    const statusOf = (id) => leads.find((l) => l.id === id)?.status;
    for (const id of sent.filter((id) => id !== refused)) assert.equal(statusOf(id), STATUS, id);
    assert.equal(statusOf(conflicted), "cambiado en la oficina");
    assert.equal(statusOf(refused), before.results[0].status);
  } finally {
    await app.quit();
  }
});
