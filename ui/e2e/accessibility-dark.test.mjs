// End to end: no WCAG 2.2 A/AA violation axe-core finds on any screen of
// the real app, in the dark theme (GTK's dark variant, which WebKitGTK
// reports as `prefers-color-scheme: dark`), in English and in Spanish
// (ui/e2e/a11y.mjs).
import { test } from "node:test";
import assert from "node:assert/strict";
import { checkEveryScreen } from "./a11y.mjs";
import { appUnderTest } from "./support.mjs";

const context = appUnderTest("the built app binary", { GTK_THEME: "Adwaita:dark" });

test("dark theme: every screen, in both languages, has no WCAG 2.2 A/AA violation axe-core finds", async () => {
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
