// End to end: no WCAG 2.2 A/AA violation axe-core finds on any screen of
// the real app, in the light theme, in English and in Spanish (ui/e2e/a11y.mjs).
import { test } from "node:test";
import assert from "node:assert/strict";
import { checkEveryScreen } from "./a11y.mjs";
import { appUnderTest } from "./support.mjs";

const context = appUnderTest("the built app binary");

test("light theme: every screen, in both languages, has no WCAG 2.2 A/AA violation axe-core finds", async () => {
  const app = await context.open();
  try {
    const dark = await app.executeScript("return matchMedia('(prefers-color-scheme: dark)').matches");
    assert.equal(dark, false);
    const problems = await checkEveryScreen(app, context.sandbox, "light");
    assert.deepEqual(problems, [], `axe-core found:\n${problems.join("\n")}`);
  } finally {
    await app.quit();
  }
});
