// End to end: two workspaces in the real app, on the sandbox's workspace A
// and B keys. Each shows its own invoices and reopens on its own last
// page; the header's menu and Ctrl+1/Ctrl+2 switch between them; a
// restart with both there opens the one shown last, on its last page;
// removing one takes its key out of the Secret Service (Credential Manager
// on Windows) and leaves the other as it was, and it is what opens after the
// next restart. Screenshots of the workspace menu and the add-workspace form.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { By, Key } from "selenium-webdriver";
import {
  WAIT_MS,
  appFolder,
  appUnderTest,
  byButton,
  byLabel,
  clearStoredKey,
  countFromService,
  openSection,
  overviewShown,
  removeAppData,
  rowNames,
  screenshot,
  storedSecrets,
  visible,
} from "./support.mjs";

const context = appUnderTest("the built app binary");

async function fill(app, fields) {
  for (const [label, text] of fields) {
    const field = await visible(app, byLabel(label));
    await field.clear();
    await field.sendKeys(text);
  }
}

/** Waits until the count line reads `expected` supplier invoices. */
async function countIs(app, expected) {
  const count = await visible(app, By.css("p.count"));
  await app.wait(
    async () => {
      const text = await app.executeScript("return document.querySelector('p.count')?.textContent ?? ''");
      return text.includes("supplier invoices") && Number(text.replace(/\D/g, "")) === expected;
    },
    WAIT_MS,
    `the count to read ${expected} supplier invoices`,
  );
  return count;
}

async function pageIs(app, text) {
  await app.wait(
    async () => (await app.executeScript("return document.getElementById('page-status')?.textContent.trim()")) === text,
    WAIT_MS,
    `the pager to read ${text}`,
  );
}

const menuButton = By.css(".workspace-menu .menu-button");

async function workspaceShown(app, name) {
  await app.wait(
    async () => (await app.executeScript("return document.querySelector('.workspace-menu .menu-button .name')?.textContent.trim()")) === name,
    WAIT_MS,
    `the header to name ${name}`,
  );
}

async function press(app, digit) {
  await app.actions().keyDown(Key.CONTROL).sendKeys(digit).keyUp(Key.CONTROL).perform();
}

test("two workspaces: each its own data and last page, switched from the menu and with Ctrl+1/Ctrl+2; one removed, the other untouched; the last one reopens", async () => {
  const { sandbox } = context;
  // A first start: what earlier files left is gone.
  clearStoredKey();
  removeAppData();
  const countA = await countFromService(sandbox);
  const countB = await countFromService(sandbox, sandbox.keys.workspace_b);
  assert.notEqual(countA, countB, "the sandbox's workspaces differ");

  // The workspaces' ids, as the settings file names them.
  let idA, idB;
  let app = await context.open();
  try {
    await fill(app, [
      ["Name", "Empresa A"],
      ["Server address", sandbox.baseUrl],
      ["API key", sandbox.keys.workspace_a],
    ]);
    await (await visible(app, byButton("Connect"))).click();
    await workspaceShown(app, "Empresa A");
    // A workspace just added opens on its overview.
    await overviewShown(app);
    await openSection(app, "Supplier invoices");
    await countIs(app, countA);
    const firstOfA = await rowNames(app);
    await (await visible(app, byButton("Next page"))).click();
    await pageIs(app, `Page 2 of ${Math.ceil(countA / 20)}`);

    // The menu: A checked, the demo apart, "Add workspace…".
    await (await visible(app, menuButton)).click();
    const menu = await visible(app, By.css("[role='menu']"));
    const entries = await app.executeScript(
      "return [...arguments[0].querySelectorAll('[role^=menuitem]')].map((e) => e.textContent.replace(/\\s+/g, ' ').trim())",
      menu,
    );
    assert.deepEqual(entries, ["✓ Empresa A 127.0.0.1:" + new URL(sandbox.baseUrl).port + " Ctrl+1", "Demo Demo workspace (sample data)", "Add workspace…", "Manage workspaces…"]);
    await screenshot(app, "workspace-menu");
    await (await visible(app, By.xpath("//*[@role='menuitem'][normalize-space(.)='Add workspace…']"))).click();

    // The add-workspace form, over the window.
    const dialog = await visible(app, By.css("[role='dialog']"));
    await fill(app, [
      ["Name", "Empresa B"],
      ["Server address", sandbox.baseUrl],
      ["API key", sandbox.keys.workspace_b],
    ]);
    await screenshot(app, "add-workspace");
    await (await dialog.findElement(byButton("Add workspace"))).click();
    await workspaceShown(app, "Empresa B");
    await overviewShown(app);
    await openSection(app, "Supplier invoices");
    await countIs(app, countB);
    await pageIs(app, `Page 1 of ${Math.ceil(countB / 20)}`);
    const firstOfB = await rowNames(app);
    assert.ok(firstOfB.every((name) => !firstOfA.includes(name)), "B's invoices are not A's");

    // Ctrl+1: A, on the page it was left on; Ctrl+2: B, on its own.
    await press(app, "1");
    await workspaceShown(app, "Empresa A");
    await countIs(app, countA);
    await pageIs(app, `Page 2 of ${Math.ceil(countA / 20)}`);
    await press(app, "2");
    await workspaceShown(app, "Empresa B");
    await countIs(app, countB);
    await pageIs(app, `Page 1 of ${Math.ceil(countB / 20)}`);
    // One item each in the keychain, its account the workspace's id (with
    // its saved data's key beside it), never its name.
    const settings = JSON.parse(readFileSync(join(appFolder("data"), "settings.json"), "utf8"));
    [idA, idB] = settings.workspaces.map((w) => w.id);
    const secrets = storedSecrets();
    // (Assertion messages name ids only: the output holds the keys.)
    for (const id of [idA, idB]) assert.ok(secrets.includes(id) && secrets.includes(`${id}#data-key`), `items of ${id}`);
    assert.ok(secrets.includes(sandbox.keys.workspace_a) && secrets.includes(sandbox.keys.workspace_b), "one key each in the keychain");
    assert.ok(!secrets.includes("Empresa"), "items are never named by the workspace's name");

    // A restart with A shown, on its page 2: A reopens there, B is there too.
    await press(app, "1");
    await workspaceShown(app, "Empresa A");
    await pageIs(app, `Page 2 of ${Math.ceil(countA / 20)}`);
  } finally {
    await app.quit();
  }
  app = await context.open();
  try {
    await workspaceShown(app, "Empresa A");
    await countIs(app, countA);
    await pageIs(app, `Page 2 of ${Math.ceil(countA / 20)}`);
    await press(app, "2");
    await workspaceShown(app, "Empresa B");
    await countIs(app, countB);
    await pageIs(app, `Page 1 of ${Math.ceil(countB / 20)}`);

    // Remove A, after a confirmation naming it.
    await openSection(app, "Workspaces");
    await (await visible(app, By.xpath("//tr[th[contains(., 'Empresa A')]]//button[normalize-space(.)='Remove…']"))).click();
    const confirm = await visible(app, By.css("[role='alertdialog']"));
    assert.match(await confirm.getText(), /Remove the workspace Empresa A\?/);
    await (await visible(app, byButton("Remove Empresa A"))).click();
    await app.wait(
      async () => (await app.findElements(By.xpath("//tr[th[contains(., 'Empresa A')]]"))).length === 0,
      WAIT_MS,
      "Empresa A to leave the list",
    );
    const left = storedSecrets();
    assert.ok(!left.includes(sandbox.keys.workspace_a) && !left.includes(idA), "A's key and data key left the keychain");
    assert.ok(left.includes(sandbox.keys.workspace_b) && left.includes(`${idB}#data-key`), "B's stay");
    await workspaceShown(app, "Empresa B");
    await openSection(app, "Supplier invoices");
    await countIs(app, countB);
  } finally {
    await app.quit();
  }

  // A restart opens the workspace shown last, on its list.
  app = await context.open();
  try {
    await workspaceShown(app, "Empresa B");
    await countIs(app, countB);
    await (await visible(app, menuButton)).click();
    const names = await app.executeScript(
      "return [...document.querySelectorAll('[role=menuitemradio] .entry .name')].map((e) => e.textContent.replace(/\\s+/g, ' ').trim())",
    );
    assert.deepEqual(names, ["Empresa B", "Demo Demo workspace (sample data)"]);
  } finally {
    await app.quit();
  }
});
