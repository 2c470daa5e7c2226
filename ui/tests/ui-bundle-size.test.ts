// The UI bundle's guard (.ci/ui-size.mjs, run by .ci/test-steps after `npm
// run build`): a bundle over its budget, or with a source map, fails.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { BUDGET_BYTES, bundleProblems } from "../../.ci/ui-size.mjs";

describe("the UI bundle's guard", () => {
  let dir = "";
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  function bundle(files: Record<string, number>): string {
    dir = mkdtempSync(join(tmpdir(), "workdesk-ui-size-"));
    mkdirSync(join(dir, "assets"));
    for (const [name, bytes] of Object.entries(files)) writeFileSync(join(dir, name), "x".repeat(bytes));
    return dir;
  }

  it("passes a bundle within its budget, counting every file", () => {
    const { total, problems } = bundleProblems(bundle({ "index.html": 100, "assets/index.js": 900 }), 1000);
    expect(total).toBe(1000);
    expect(problems).toEqual([]);
  });

  it("fails a bundle over its budget", () => {
    const { problems } = bundleProblems(bundle({ "index.html": 100, "assets/index.js": 901 }), 1000);
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(/1001 B .* over the budget of 1000 B/);
  });

  it("fails a bundle with a source map", () => {
    const { problems } = bundleProblems(bundle({ "assets/index.js": 10, "assets/index.js.map": 10 }), 1000);
    expect(problems).toEqual([`a source map ships: ${join("assets", "index.js.map")}`]);
  });

  it("has a budget under a megabyte", () => {
    expect(BUDGET_BYTES).toBeLessThan(1_000_000);
  });
});
