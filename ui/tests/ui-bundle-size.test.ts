// The UI bundle's guard (.ci/ui-size.mjs, run by .ci/test-steps after `npm
// run build`): a bundle over its budget, or with a source map, fails.
import { describe, expect, it } from "vitest";
// @ts-expect-error: a plain ES module of the CI scripts, without types.
import { BUDGET_BYTES, bundleProblems } from "../../.ci/ui-size.mjs";

describe("the UI bundle's guard", () => {
  it("passes a bundle within its budget, counting every file", () => {
    const { total, problems } = bundleProblems(
      [
        { path: "index.html", bytes: 100 },
        { path: "assets/index.js", bytes: 900 },
      ],
      1000,
    );
    expect(total).toBe(1000);
    expect(problems).toEqual([]);
  });

  it("fails a bundle over its budget", () => {
    const { problems } = bundleProblems(
      [
        { path: "index.html", bytes: 100 },
        { path: "assets/index.js", bytes: 901 },
      ],
      1000,
    );
    expect(problems).toEqual([expect.stringMatching(/^1001 B, over the budget of 1000 B/)]);
  });

  it("fails a bundle with a source map", () => {
    const { problems } = bundleProblems(
      [
        { path: "assets/index.js", bytes: 10 },
        { path: "assets/index.js.map", bytes: 10 },
      ],
      1000,
    );
    expect(problems).toEqual(["a source map ships: assets/index.js.map"]);
  });

  it("has a budget under a megabyte", () => {
    expect(BUDGET_BYTES).toBeLessThan(1_000_000);
  });
});
