// End to end: no WCAG 2.2 A/AA violation axe-core finds on any screen of
// the real app, in the dark theme (GTK's dark variant, which WebKitGTK
// reports as `prefers-color-scheme: dark`), in English and in Spanish
// (ui/e2e/a11y.mjs).
import { test } from "node:test";
import assert from "node:assert/strict";
import { checkEveryScreen } from "./a11y.mjs";
import { appUnderTest, linuxOnly } from "./support.mjs";

/** Why this file runs on Linux only (elsewhere its test is skipped, saying so, and no app is started). */
const ONLY_LINUX = linuxOnly(
  "the dark theme is asked of GTK (GTK_THEME=Adwaita:dark), which WebKitGTK reports as prefers-color-scheme: dark; WebView2 follows Windows' app mode, which this run does not switch",
);
const context = ONLY_LINUX.skip ? undefined : appUnderTest("the built app binary", { GTK_THEME: "Adwaita:dark" });

test("dark theme: every screen, in both languages, has no WCAG 2.2 A/AA violation axe-core finds", ONLY_LINUX, async () => {
  const app = await context.open();
  try {
    const dark = await app.executeScript("return matchMedia('(prefers-color-scheme: dark)').matches");
    assert.equal(dark, true, "the app is in its dark theme");
    const problems = await checkEveryScreen(app, context.sandbox, "dark");
    assert.deepEqual(problems, [], `axe-core found:\n${problems.join("\n")}`);
  } finally {
    await app.quit();
  }
});
