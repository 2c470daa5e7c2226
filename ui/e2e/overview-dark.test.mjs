// End to end: the overview in the dark theme (GTK's dark variant, which
// WebKitGTK reports as `prefers-color-scheme: dark`), as in light
// (ui/e2e/overview.mjs).
import { test } from "node:test";
import assert from "node:assert/strict";
import { walkOverview } from "./overview.mjs";
import { appUnderTest } from "./support.mjs";

const context = appUnderTest("the built app binary", { GTK_THEME: "Adwaita:dark" });

test("the overview in the dark theme: each figure opens its list, offline amounts, both languages", async () => {
  const app = await context.open();
  try {
    assert.equal(await app.executeScript("return matchMedia('(prefers-color-scheme: dark)').matches"), true);
    await walkOverview(app, context.sandbox, "dark");
  } finally {
    await app.quit();
  }
});
