// The update key reaches the release workflow's signing job only, and that
// job runs nothing of the repository's or npm's and builds nothing
// (.ci/release-signing-check.mjs, run by .ci/test-steps too). Checked on the
// workflow, and on small workflows that break each rule, so the check
// cannot pass by finding nothing.
import { describe, expect, test } from "vitest";
// @ts-expect-error: a plain ES module of the CI scripts, without types.
import { signingProblems } from "../../.ci/release-signing-check.mjs";
import { workflowSource } from "./fixtures/workflows";

const KEY = "${{ secrets.TAURI_SIGNING_PRIVATE_KEY }}";

/** A release workflow: a build job and a signing job, with `build` and `sign` steps added. */
function workflow({ build = "", sign = "", top = "" }: { build?: string; sign?: string; top?: string }) {
  return `
on: push
${top}
jobs:
  preflight:
    runs-on: ubuntu-22.04
    env:
      HAS_UPDATER_KEY: \${{ secrets.TAURI_SIGNING_PRIVATE_KEY != '' }}
    steps:
      - run: echo "$HAS_UPDATER_KEY"
  build:
    needs: [preflight]
    runs-on: ubuntu-22.04
    steps:
      - uses: actions/checkout@fbc6f3992d24b796d5a048ff273f7fcc4a7b6c09
      - run: npm ci
${build}
  publish:
    needs: [build]
    runs-on: ubuntu-22.04
    steps:
      - uses: actions/download-artifact@d3f86a106a0bac45b974a628896c90dbdf5c8093
      - name: Sign
        env:
          TAURI_SIGNING_PRIVATE_KEY: ${KEY}
        run: cargo tauri signer sign --app-version 1.0.0 Workdesk.deb
${sign}
`;
}

describe("the update key", () => {
  test("reaches the release workflow's signing job only", () => {
    expect(workflowSource("release.yml")).toBeTruthy();
    expect(signingProblems(workflowSource("release.yml"))).toEqual([]);
  });

  test("a workflow that keeps the rules passes: preflight may ask whether the key is set", () => {
    expect(signingProblems(workflow({}))).toEqual([]);
  });

  test("a build job given the key fails the check", () => {
    const leak = workflow({
      build: `      - uses: tauri-apps/tauri-action@8c3e0753aa015d00d03631d6d4f64ad59489251d
        env:
          TAURI_SIGNING_PRIVATE_KEY: ${KEY}
          TAURI_SIGNING_PRIVATE_KEY_PASSWORD: \${{ secrets.TAURI_SIGNING_PRIVATE_KEY_PASSWORD }}`,
    });
    expect(signingProblems(leak)).toEqual([
      "build gets secrets.TAURI_SIGNING_PRIVATE_KEY",
      "build gets secrets.TAURI_SIGNING_PRIVATE_KEY_PASSWORD",
    ]);
    const inRun = workflow({ build: `      - run: echo "\${{ secrets.TAURI_SIGNING_PRIVATE_KEY }}" >key` });
    expect(signingProblems(inRun)).toEqual(["build gets secrets.TAURI_SIGNING_PRIVATE_KEY"]);
    const all = workflow({ build: "      - run: echo '${{ toJSON(secrets) }}'" });
    expect(signingProblems(all)).toEqual(["build gets toJSON(secrets)"]);
  });

  test("a workflow-level env that names the key fails the check", () => {
    const top = `env:\n  TAURI_SIGNING_PRIVATE_KEY: ${KEY}`;
    expect(signingProblems(workflow({ top }))).toEqual([
      "the workflow's env gives every job secrets.TAURI_SIGNING_PRIVATE_KEY",
    ]);
  });

  test("a signing job that checks out, installs npm packages or builds fails the check", () => {
    const checkout = workflow({ sign: "      - uses: actions/checkout@fbc6f3992d24b796d5a048ff273f7fcc4a7b6c09" });
    expect(signingProblems(checkout)).toEqual([
      "publish, which has the update key, checks the repository out: actions/checkout@fbc6f3992d24b796d5a048ff273f7fcc4a7b6c09",
    ]);
    expect(signingProblems(workflow({ sign: "      - run: npm ci" }))).toEqual([
      "publish, which has the update key, installs npm packages: npm ci",
    ]);
    expect(signingProblems(workflow({ sign: "      - run: npx tauri build -- --locked" }))).toHaveLength(2);
    expect(signingProblems(workflow({ sign: "      - run: cargo build --release --locked" }))).toEqual([
      "publish, which has the update key, builds: cargo build --release --locked",
    ]);
  });

  test("a workflow where no job signs, or two do, fails the check", () => {
    const unsigned = workflow({}).replace("cargo tauri signer sign", "echo");
    expect(signingProblems(unsigned)).toContain("no job signs the updater bundles (tauri signer sign)");
    const twice = workflow({ build: "      - run: cargo tauri signer sign Workdesk.msi" });
    expect(signingProblems(twice)).toContain("more than one job signs the updater bundles: build, publish");
  });
});
