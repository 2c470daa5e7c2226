#!/usr/bin/env node
// The UI bundle's share of the .deb, guarded where CI builds it (`npm run
// build`; CI builds no release, so the .deb itself is measured by hand:
// BENCHMARKS.md, "Issue 48: size and idle memory"). The app embeds
// ui/dist as it is and the .deb gzips the binary, so the figure is the
// bytes of ui/dist, and no source map may ship.
//
// Usage: node .ci/ui-size.mjs [dir] (default ui/dist). Prints the total and
// exits 1 over BUDGET_BYTES or with a source map. ui/tests/ui-bundle-size.test.ts
// checks it.
import { readdirSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";

/** ui/dist's budget: 885,938 B at issue 48 (2026-11-29), and about 5 % to grow. */
export const BUDGET_BYTES = 930_000;

/** Every file under `dir`, as `{ path, bytes }` (`path` relative to `dir`). */
export function files(dir, under = dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    return entry.isDirectory() ? files(path, under) : [{ path: relative(under, path), bytes: statSync(path).size }];
  });
}

/** `{ total, problems }` of a bundle's `files` (`{ path, bytes }`) against `budget` bytes. */
export function bundleProblems(files, budget = BUDGET_BYTES) {
  const total = files.reduce((sum, file) => sum + file.bytes, 0);
  const problems = files
    .filter((file) => file.path.endsWith(".map"))
    .map((file) => `a source map ships: ${file.path}`);
  if (total > budget) {
    problems.push(`${total} B, over the budget of ${budget} B (BENCHMARKS.md, "Issue 48: size and idle memory")`);
  }
  return { total, problems };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const dir = process.argv[2] ?? "ui/dist";
  const { total, problems } = bundleProblems(files(dir));
  console.log(`UI bundle: ${total} B in ${dir} (budget ${BUDGET_BYTES} B)`);
  for (const problem of problems) console.error(problem);
  process.exit(problems.length > 0 ? 1 : 0);
}
