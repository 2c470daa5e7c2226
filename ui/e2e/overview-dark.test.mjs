// End to end: the overview in the dark theme (GTK's dark variant, which
// WebKitGTK reports as `prefers-color-scheme: dark`), as in light
// (ui/e2e/overview.mjs).
import { test } from "node:test";
import assert from "node:assert/strict";
import { walkOverview } from "./overview.mjs";
import { appUnderTest, linuxOnly } from "./support.mjs";

/** Why this file runs on Linux only (elsewhere its test is skipped, saying so, and no app is started). */
const ONLY_LINUX = linuxOnly(
  "the dark theme is asked of GTK (GTK_THEME=Adwaita:dark), which WebKitGTK reports as prefers-color-scheme: dark; WebView2 follows Windows' app mode, which this run does not switch",
);
const context = ONLY_LINUX.skip ? undefined : appUnderTest("the built app binary", { GTK_THEME: "Adwaita:dark" });

test("the overview in the dark theme: each figure opens its list, offline amounts, both languages", ONLY_LINUX, async () => {
  const app = await context.open();
  try {
    assert.equal(await app.executeScript("return matchMedia('(prefers-color-scheme: dark)').matches"), true);
    await walkOverview(app, context.sandbox, "dark");
  } finally {
    await app.quit();
  }
});
