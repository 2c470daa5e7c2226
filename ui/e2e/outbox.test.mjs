// End to end: changes made while the service cannot be reached, in the
// real app (WebKit webview via tauri-driver + WebKitWebDriver under Xvfb)
// against the sandbox, which records each request (--journal). A task made
// while working offline is kept, survives a restart and is sent once; a
// task whose answer was lost mid-way (the sandbox's `stall`: the service
// made it, the answer never completes) with the app killed right then is
// looked for on the next start, found, and not sent again.
import { test } from "node:test";
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { By, until } from "selenium-webdriver";
import {
  WAIT_MS,
  appUnderTest,
  armFault,
  byButton,
  byLabel,
  connectToSandbox,
  journal,
  openSection,
  screenshot,
  serviceGet,
  visible,
} from "./support.mjs";

const context = appUnderTest("the built app binary");

const workOffline = (app) => visible(app, By.xpath("//label[contains(., 'Work offline')]/input"));

/** The POSTs of a task titled `title` the sandbox received. */
async function posted(title) {
  return (await journal(context.sandbox)).filter(
    (r) => r.method === "POST" && r.path === "/task/task/" && r.body?.title === title,
  );
}

/** How many tasks titled `title` the service has. */
async function onService(title) {
  return (await serviceGet(context.sandbox, `/task/task/?title__exact=${encodeURIComponent(title)}`)).count;
}

/** Makes a task titled `title` in the New task form, and waits for what the form says. */
async function makeTask(app, title) {
  await openSection(app, "New task");
  const input = await visible(app, byLabel("Title"));
  await input.clear();
  await input.sendKeys(title);
  await (await visible(app, byButton("Create task"))).click();
  return visible(app, By.css("p.kept[role='status']"));
}

/** The status bar's "Waiting to send (n)" entries (none once all is sent). */
const outboxEntry = (app) => app.findElements(By.xpath("//div[contains(@class,'status-bar')]//button[starts-with(normalize-space(.), 'Waiting to send')]"));

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
    await screenshot(app, "outbox-kept");
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
    await app.wait(until.elementTextContains(await visible(app, By.css("li.change")), "The service has it."), WAIT_MS);
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
    // The app dies between "sending" and "sent".
    // The app's own process only (not the sandbox, whose path starts alike).
    const path = process.env.WORKDESK_APP.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
    execFileSync("pkill", ["-KILL", "-f", `^${path}( |$)`]);
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
    const item = await visible(app, By.xpath("//li[contains(@class, 'change')][contains(., 'Pagar nómina')]"));
    await app.wait(until.elementTextContains(item, "found it on the service: it was not sent twice"), WAIT_MS);
    await screenshot(app, "outbox-found-on-service");
  } finally {
    await app.quit();
  }
  assert.equal((await posted(title)).length, 1, "not sent again");
  assert.equal(await onService(title), 1, "one task, never two");
});
