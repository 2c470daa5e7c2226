// End to end: the overview in the real app (ui/e2e/overview.mjs), light
// theme; a restart reopens on it, the section shown last.
import { test } from "node:test";
import { walkOverview } from "./overview.mjs";
import { appUnderTest, overviewShown } from "./support.mjs";

const context = appUnderTest("the built app binary");

test("the overview: first screen of a new workspace, each figure opens its list, offline amounts, both languages; a restart reopens on it", async () => {
  let app = await context.open();
  try {
    await walkOverview(app, context.sandbox, "light");
  } finally {
    await app.quit();
  }
  app = await context.open();
  try {
    await overviewShown(app);
  } finally {
    await app.quit();
  }
});
