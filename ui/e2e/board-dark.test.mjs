// End to end: the leads board in the dark theme (GTK's dark variant,
// which WebKitGTK reports as `prefers-color-scheme: dark`) passes axe in
// English and Spanish, with a Move to… menu open (ui/e2e/board.mjs).
import { test } from "node:test";
import assert from "node:assert/strict";
import { appUnderTest, linuxOnly } from "./support.mjs";
import { checkBoard } from "./board.mjs";

/** Why this file runs on Linux only (elsewhere its test is skipped, saying so, and no app is started). */
const ONLY_LINUX = linuxOnly(
  "the dark theme is asked of GTK (GTK_THEME=Adwaita:dark), which WebKitGTK reports as prefers-color-scheme: dark; WebView2 follows Windows' app mode, which this run does not switch",
);
const context = ONLY_LINUX.skip ? undefined : appUnderTest("the built app binary", { GTK_THEME: "Adwaita:dark" });

test("the board in the dark theme passes axe in both languages", ONLY_LINUX, async () => {
  const app = await context.open();
  try {
    assert.equal(await app.executeScript("return matchMedia('(prefers-color-scheme: dark)').matches"), true);
    const found = await checkBoard(app, "dark", context.sandbox);
    assert.deepEqual(found, [], `axe-core found on the board:\n${found.join("\n")}`);
  } finally {
    await app.quit();
  }
});
