// End to end: changes made while the service cannot be reached, in the
// real app (WebKit webview via tauri-driver + WebKitWebDriver under Xvfb)
// against the sandbox, which records each request (--journal). A task made
// while working offline is kept, survives a restart and is sent once; a
// task whose answer was lost mid-way (the sandbox's `stall`: the service
// made it, the answer never completes) with the app killed right then is
// looked for on the next start, found, and not sent again. Nothing lost,
// nothing sent twice: a task kept while the service was stopped reaches it
// once after a restart (every first command of the window at once); a task
// kept when the key was then refused arrives once under the new key; a
// task kept for one address stays listed after the workspace moves to
// another, and goes there only when the user says so.
import { test } from "node:test";
import assert from "node:assert/strict";
import { By, until } from "selenium-webdriver";
import {
  WAIT_MS,
  appUnderTest,
  armFault,
  byButton,
  byLabel,
  clickFirstRow,
  clickInView,
  connectToSandbox,
  journal,
  killApp,
  officeSetsLead,
  openSection,
  screenshot,
  serviceGet,
  startSandbox,
  stopSandbox,
  untilText,
  visible,
} from "./support.mjs";
import { violations } from "./a11y.mjs";

const context = appUnderTest("the built app binary");

const workOffline = (app) => visible(app, By.xpath("//label[contains(., 'Work offline')]/input"));

/** The POSTs of a task titled `title` the sandbox (`sandbox`: this file's unless given) received. */
async function posted(title, sandbox = context.sandbox) {
  return (await journal(sandbox)).filter(
    (r) => r.method === "POST" && r.path === "/task/task/" && r.body?.title === title,
  );
}

/** How many tasks titled `title` the service (`sandbox`: this file's unless given) has. */
async function onService(title, sandbox = context.sandbox) {
  return (await serviceGet(sandbox, `/task/task/?title__exact=${encodeURIComponent(title)}`)).count;
}

/** How many of those POSTs made a task (201). */
async function made(title, sandbox = context.sandbox) {
  return (await posted(title, sandbox)).filter((r) => r.status === 201).length;
}

/** Makes a task titled `title` in the New task form, and waits for what the form says. */
async function makeTask(app, title) {
  await openSection(app, "New task");
  const input = await visible(app, byLabel("Title"));
  await input.clear();
  await input.sendKeys(title);
  await (await visible(app, byButton("Create task"))).click();
  return visible(app, By.css("p.queued[role='status']"));
}

/** The status bar's "Waiting to send (n)" entries (none once all is sent). */
const outboxEntry = (app) => app.findElements(By.xpath("//div[contains(@class,'status-bar')]//button[starts-with(normalize-space(.), 'Waiting to send')]"));

/** Waits until the status bar says one change needs the user (`why`). */
function untilOneNeedsYou(app, why) {
  return app.wait(
    async () => {
      const [entry] = await outboxEntry(app);
      return entry !== undefined && /1 change needs you/.test(await entry.getText());
    },
    WAIT_MS,
    why,
  );
}

test("a task made while working offline is kept, survives a restart, and is sent once when work offline ends", async () => {
  const title = "Conciliar banco (sin conexión)";
  let app = await context.open();
  try {
    await connectToSandbox(app, context.sandbox);
    await openSection(app, "Supplier invoices");
    await (await workOffline(app)).click();
    await visible(app, By.css(".offline-banner"));
    const kept = await makeTask(app, title);
    await app.wait(until.elementTextContains(kept, "Kept to send later"), WAIT_MS);
    assert.match(await kept.getText(), /sent when you turn off “Work offline”/);
    await app.wait(async () => (await outboxEntry(app)).length === 1, WAIT_MS, "Waiting to send (1)");
    assert.match(await (await outboxEntry(app))[0].getText(), /^Waiting to send \(1\)/);
    await screenshot(app, "outbox-queued");
    // The Tasks list shows it as not sent yet.
    await openSection(app, "Tasks");
    const pendingNew = await untilText(app, By.css("section.pending-new"), (text) => text.includes(title), "the task not sent yet");
    assert.match(pendingNew, /^Not sent yet: 1 task/);
  } finally {
    await app.quit();
  }
  assert.equal((await posted(title)).length, 0, "nothing sent while working offline");

  app = await context.open();
  try {
    // Still kept after the restart, still working offline.
    await app.wait(async () => (await outboxEntry(app)).length === 1, WAIT_MS, "still waiting after a restart");
    await (await outboxEntry(app))[0].click();
    const item = await visible(app, By.css("li.change"));
    assert.match(await item.getText(), new RegExp(`New task “${title.replace(/[()]/g, "\\$&")}”[\\s\\S]*Waiting`));
    await screenshot(app, "outbox-waiting");

    await (await workOffline(app)).click();
    await app.wait(async () => (await outboxEntry(app)).length === 0, WAIT_MS, "sent once the service can be used");
    await untilText(app, By.css("li.change"), /The service has it\./, "the change sent");
  } finally {
    await app.quit();
  }
  assert.equal((await posted(title)).length, 1, "sent once");
  assert.equal(await onService(title), 1);
});

test("killed while a task's answer was lost mid-way, the next start finds it on the service and does not send it again", async () => {
  const title = "Pagar nómina (respuesta perdida)";
  let app = await context.open();
  try {
    await openSection(app, "Supplier invoices");
    await (await workOffline(app)).click();
    await visible(app, By.css(".offline-banner"));
    await makeTask(app, title);
    // The next request (the task's POST, sent when work offline ends) is
    // made by the service, and its answer never completes.
    await armFault(context.sandbox, "stall", 1);
    await (await workOffline(app)).click();
    await app.wait(async () => (await posted(title)).length === 1, WAIT_MS, "the task's POST reached the service");
    // The app dies between "sending" and "sent" (its own process only, not
    // the sandbox: SIGKILL on Linux, taskkill /F on Windows).
    killApp();
  } finally {
    await app.quit().catch(() => {});
  }
  assert.equal(await onService(title), 1, "the service made it");

  app = await context.open();
  try {
    await openSection(app, "Supplier invoices");
    await app.wait(async () => (await outboxEntry(app)).length === 0, WAIT_MS, "checked and settled");
    const nav = await visible(app, By.xpath("//nav[contains(@class, 'sections')]//button[starts-with(normalize-space(.), 'Waiting to send')]"));
    await app.executeScript("arguments[0].scrollIntoView({ block: 'center' })", nav);
    await nav.click();
    await untilText(
      app,
      By.xpath("//li[contains(@class, 'change')][contains(., 'Pagar nómina')]"),
      /found it on the service: it was not sent twice/,
      "the change found on the service",
    );
    await screenshot(app, "outbox-found-on-service");
  } finally {
    await app.quit();
  }
  assert.equal((await posted(title)).length, 1, "not sent again");
  assert.equal(await onService(title), 1, "one task, never two");
});

test("a stakeholder the service refuses waits as needing you, is edited beside its reasons, and is then sent", async () => {
  const number = "555000111";
  const app = await context.open();
  try {
    await openSection(app, "Supplier invoices");
    await (await workOffline(app)).click();
    await visible(app, By.css(".offline-banner"));
    await openSection(app, "New stakeholder");
    await (await visible(app, By.id("stakeholder-document-number"))).sendKeys(number);
    // Offline, no name is searched: the document type's ID is entered (“Enter an ID”). This one does not exist.
    await (await visible(app, By.css("button[aria-label='Enter an ID for Document type']"))).click();
    await (await visible(app, By.id("stakeholder-document-type"))).sendKeys("7f1a1c52-94a8-4d55-9d5e-3c1e4b0d2a11");
    await (await visible(app, By.id("stakeholder-geographic-location"))).sendKeys(context.sandbox.ids.geographic_location);
    await (await visible(app, byButton("Create stakeholder"))).click();
    await visible(app, By.css("p.queued[role='status']"));

    await (await workOffline(app)).click();
    await untilOneNeedsYou(app, "refused by the service");
    await (await outboxEntry(app))[0].click();
    const item = await visible(app, By.xpath(`//li[contains(@class, 'change')][contains(., 'document ${number}')]`));
    assert.match(await item.getText(), /Needs you[\s\S]*The service refused it/);
    await screenshot(app, "outbox-refused");
    await (await item.findElement(byButton("Edit…"))).click();
    const type = await item.findElement(By.id(`change-${await item.getAttribute("data-change")}-document_type`));
    assert.equal(await type.getAttribute("aria-invalid"), "true", "the service's reason beside it");
    assert.equal(await type.getAttribute("role"), "combobox", "the new stakeholder form's document type picker");
    await type.clear();
    await type.sendKeys(context.sandbox.ids.document_type);
    await (await item.findElement(byButton("Save and send"))).click();
    await app.wait(async () => (await outboxEntry(app)).length === 0, WAIT_MS, "sent once edited");
    await untilText(
      app,
      By.xpath(`//li[contains(@class, 'change')][contains(., 'document ${number}')]`),
      /The service has it\./,
      "the stakeholder sent",
    );
  } finally {
    await app.quit();
  }
  const posts = (await journal(context.sandbox)).filter(
    (r) => r.method === "POST" && r.path === "/stakeholder/stakeholder/" && r.body?.document_number === number,
  );
  assert.deepEqual(posts.map((p) => p.status), [400, 201], "refused once, then made once");
  const made = await serviceGet(context.sandbox, `/stakeholder/stakeholder/?document_number__exact=${number}`);
  assert.equal(made.count, 1);
});

/** Opens the first lead's editor, online; returns its id. */
async function editFirstLead(app) {
  await openSection(app, "Leads");
  await clickFirstRow(app, "the first lead opened");
  await clickInView(app, await visible(app, byButton("Edit this lead")));
  const status = await visible(app, By.id("lead-status"));
  await app.wait(async () => (await status.getAttribute("value")) !== "", WAIT_MS, "the lead's values");
  return (await (await visible(app, By.css(".lead-id"))).getText()).trim();
}

/** Edits the lead's status to `value` while working offline (kept), then someone changes it on the service. */
async function editOfflineAgainstTheOffice(app, id, value, office) {
  await (await workOffline(app)).click();
  const status = await visible(app, By.id("lead-status"));
  await status.clear();
  await status.sendKeys(value);
  await (await visible(app, byButton("Save changes"))).click();
  await visible(app, By.xpath("//*[@role='status' and contains(., 'Kept to send later')]"));
  // The Leads list marks the row as edited and not sent yet.
  await openSection(app, "Leads");
  await untilText(app, By.xpath(`//table[contains(@class,'records')]//tr[@data-id='${id}']`), /edited, not sent yet/, "the row marked");
  await officeSetsLead(context.sandbox, id, office);
  await (await workOffline(app)).click();
  await untilOneNeedsYou(app, "a conflict");
  await (await outboxEntry(app))[0].click();
  const item = await visible(app, By.xpath("//li[contains(@class, 'change')][contains(., 'Someone changed')]"));
  const row = await item.findElement(By.xpath(".//tr[th[normalize-space(.)='Status']]"));
  assert.match(await row.getText(), new RegExp(`${office}[\\s\\S]*${value}`), "the service's value and yours");
  return { item, row };
}

test("a lead edited offline and changed on the service meanwhile is held, both values shown, and either kept", async () => {
  const app = await context.open();
  try {
    const id = await editFirstLead(app);
    // Keep yours: it is sent.
    let { item, row } = await editOfflineAgainstTheOffice(app, id, "won offline", "lost in the office");
    assert.equal((await serviceGet(context.sandbox, `/crm/lead/?id=${id}`)).results[0].status, "lost in the office", "nothing overwritten");
    await screenshot(app, "outbox-conflict");
    // The outbox with a conflict passes axe, as every screen does (a11y.mjs).
    const found = await violations(app);
    assert.deepEqual(found, [], `axe-core found on the outbox with a conflict:\n${found.join("\n")}`);
    await (await row.findElement(By.xpath(".//label[contains(., 'Keep yours')]/input"))).click();
    await (await item.findElement(byButton("Apply and send"))).click();
    await app.wait(async () => (await outboxEntry(app)).length === 0, WAIT_MS, "yours sent");
    assert.equal((await serviceGet(context.sandbox, `/crm/lead/?id=${id}`)).results[0].status, "won offline");

    // Keep the service's: the edit goes, the service's value stays.
    await openSection(app, "Leads");
    await editFirstLead(app);
    ({ item, row } = await editOfflineAgainstTheOffice(app, id, "proposal offline", "qualified in the office"));
    await (await row.findElement(By.xpath(".//label[contains(., \"Keep the service's\")]/input"))).click();
    await (await item.findElement(byButton("Apply and send"))).click();
    await app.wait(async () => (await outboxEntry(app)).length === 0, WAIT_MS, "nothing left to send");
    assert.equal((await serviceGet(context.sandbox, `/crm/lead/?id=${id}`)).results[0].status, "qualified in the office");
  } finally {
    await app.quit();
  }
});

test("a task kept while the service was stopped reaches it exactly once after the app is closed, the service started again and the app opened", async () => {
  const title = "Conciliar banco (servicio detenido)";
  let app = await context.open();
  try {
    await openSection(app, "Supplier invoices");
    await stopSandbox(context.sandbox);
    const kept = await makeTask(app, title);
    await app.wait(until.elementTextContains(kept, "Kept to send later"), WAIT_MS);
    await app.wait(async () => (await outboxEntry(app)).length === 1, WAIT_MS, "Waiting to send (1)");
  } finally {
    await app.quit();
  }
  // The same port and seed: the same address and keys.
  context.sandbox = await startSandbox(process.env.WORKDESK_SANDBOX, Number(new URL(context.sandbox.baseUrl).port));
  app = await context.open();
  try {
    await app.wait(async () => (await made(title)) === 1, WAIT_MS, "the task reached the service");
    await app.wait(async () => (await outboxEntry(app)).length === 0, WAIT_MS, "nothing left to send");
    await openSection(app, "Supplier invoices");
  } finally {
    await app.quit();
  }
  assert.deepEqual((await posted(title)).map((p) => p.status), [201], "one POST, never two");
  assert.equal(await onService(title), 1, "one task");
});

test("a task kept offline, then the key refused, then the new key typed: the task arrives once, under the new key", async () => {
  const title = "Pagar proveedores (clave nueva)";
  const app = await context.open();
  try {
    await openSection(app, "Supplier invoices");
    await (await workOffline(app)).click();
    await visible(app, By.css(".offline-banner"));
    await makeTask(app, title);
    // The key was revoked meanwhile: the next request is refused (401).
    await armFault(context.sandbox, "401", 1);
    await (await workOffline(app)).click();
    const prompt = await visible(app, By.css("[role='dialog'][aria-label='Enter your API key again']"));
    await screenshot(app, "outbox-key-refused");
    const key = await prompt.findElement(byLabel("API key"));
    await key.clear();
    await key.sendKeys(context.sandbox.keys.replacement);
    await (await prompt.findElement(byButton("Connect"))).click();
    await app.wait(async () => (await made(title)) === 1, WAIT_MS, "sent under the new key");
    await app.wait(async () => (await outboxEntry(app)).length === 0, WAIT_MS, "nothing left to send");
  } finally {
    await app.quit();
  }
  assert.equal(await made(title), 1, "made once");
  assert.equal(await onService(title), 1, "one task");
});

test("a task kept for one address, then the workspace moved to another: still listed with the address it was written for, sent there only when the user says so", async () => {
  const title = "Cerrar el mes (otra dirección)";
  const moved = await startSandbox(process.env.WORKDESK_SANDBOX);
  const before = context.sandbox.baseUrl;
  const app = await context.open();
  try {
    await openSection(app, "Supplier invoices");
    // The old address stops answering; the task is kept.
    await stopSandbox(context.sandbox);
    const kept = await makeTask(app, title);
    await app.wait(until.elementTextContains(kept, "Kept to send later"), WAIT_MS);
    // The company moved the service: the workspace gets the new address.
    await (await visible(app, byButton("Change connection"))).click();
    const form = await visible(app, By.css("[role='dialog'][aria-label='Change connection']"));
    for (const [label, text] of [
      ["Server address", moved.baseUrl],
      ["API key", moved.keys.workspace_a],
    ]) {
      const field = await form.findElement(byLabel(label));
      await field.clear();
      await field.sendKeys(text);
    }
    await (await form.findElement(byButton("Connect"))).click();
    // Workdesk says how many are kept, and for which address.
    await untilText(app, By.css(".saved-notice"), (text) => text.includes(`1 change written for ${before}`), "the notice of the change held");
    await untilOneNeedsYou(app, "the change held for its address");
    await (await outboxEntry(app))[0].click();
    const item = await visible(app, By.xpath(`//li[contains(@class, 'change')][contains(., '${title}')]`));
    assert.match(await item.getText(), new RegExp(`Needs you[\\s\\S]*Written for ${before.replace(/[.]/g, "\\.")}`));
    await screenshot(app, "outbox-other-address");
    assert.equal(await made(title, moved), 0, "nothing sent to the new address on its own");
    await (await item.findElement(By.xpath(`.//button[normalize-space(.) = "Send to this workspace's address"]`))).click();
    await app.wait(async () => (await made(title, moved)) === 1, WAIT_MS, "sent once the user said so");
    await app.wait(async () => (await outboxEntry(app)).length === 0, WAIT_MS, "nothing left to send");
    assert.equal(await onService(title, moved), 1);
  } finally {
    await app.quit();
    moved.process.kill();
  }
});
