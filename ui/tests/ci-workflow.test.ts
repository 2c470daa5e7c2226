// The three-system workflow keeps its rules (the list at the top of
// .github/workflows/ci.yml): every push and pull request runs all of CI on
// Linux, the Rust and UI tests on Windows and macOS, and on Windows installs
// the NSIS and MSI packages silently, starts each against the sandbox and
// uninstalls it. Each rule lists what breaks it, checked on the workflow
// and on a copy with one thing broken.
import { describe, expect, test } from "vitest";
import {
  label,
  read,
  runLines,
  steps,
  tokenProblems,
  unpinnedActions,
  workflowSource,
  type Job,
  type Workflow,
} from "./fixtures/workflows";

const source = workflowSource("ci.yml");
const workflow = read(source);

/** The operating systems a job runs on (its runner, or its matrix of them). */
function systemsOf(job: Job): string[] {
  const os = job.strategy?.matrix?.os;
  const runners = Array.isArray(os) ? os.map(String) : [String(job["runs-on"] ?? "")];
  return runners.map((r) => r.replace(/-.*/, ""));
}
/** The shell scripts of a job, one string. */
const scriptOf = (job: Job) => (job.steps ?? []).map((step) => step.run ?? "").join("\n");

/** Pushes and pull requests start it. */
function triggerProblems(wf: Workflow): string[] {
  return (["push", "pull_request"] as const).filter((event) => !(event in (wf.on ?? {}))).map((event) => `not run on ${event}`);
}

/** What each system runs: all of CI on Linux, the Rust and UI tests on Windows and macOS. */
function coverageProblems(wf: Workflow): string[] {
  const problems: string[] = [];
  const on = (system: string, what: string, pattern: RegExp) => {
    const found = Object.values(wf.jobs).some((job) => systemsOf(job).includes(system) && pattern.test(scriptOf(job)));
    if (!found) problems.push(`${system} does not run ${what}`);
  };
  on("ubuntu", "bash .ci/run", /^bash \.ci\/run$/m);
  for (const system of ["windows", "macos"]) {
    on(system, "clippy over every target with warnings as errors", /cargo clippy --workspace --all-targets --locked -- -D warnings/);
    on(system, "the Rust tests", /cargo test --workspace --locked/);
    on(system, "the UI's component tests", /^npm test$/m);
    on(system, "the UI's type check", /^npm run check$/m);
  }
  return problems;
}

/** On Windows, each installer is installed silently, started against the sandbox, and uninstalled, in that order. */
function installerProblems(wf: Workflow): string[] {
  const windows = steps(wf).filter(({ job }) => systemsOf(wf.jobs[job]).includes("windows"));
  const problems: string[] = [];
  const inOrder = (what: string, patterns: RegExp[]) => {
    const step = windows.find(({ step }) => patterns[0].test(step.run ?? ""));
    if (!step) {
      problems.push(`${what}: not installed`);
      return;
    }
    const run = step.step.run ?? "";
    let at = 0;
    for (const pattern of patterns) {
      const found = run.slice(at).search(pattern);
      if (found < 0) {
        problems.push(`${label(step.job, step.step)}: no ${pattern} after what came before`);
        return;
      }
      at += found + 1;
    }
  };
  inOrder("NSIS", [/-setup\.exe/, /"\/S"/, /ui\/e2e\/installed\.test\.mjs/, /uninstall\.exe"\) -ArgumentList "\/S"/]);
  inOrder("MSI", [
    /\*\.msi/,
    /"\/i", [^\n]*"UPDATES=0", "\/qn"/,
    /Policies\\Workdesk" -Name Updates -ErrorAction Stop/,
    /ui\/e2e\/installed\.test\.mjs/,
    /"\/x", [^\n]*"\/qn"/,
    /Policies\\Workdesk" -Name Updates -ErrorAction SilentlyContinue/,
  ]);
  if (!windows.some(({ step }) => /WORKDESK_NATIVE_DRIVER=/.test(step.run ?? ""))) problems.push("no native WebDriver for tauri-driver");
  return problems;
}

/** Every cargo build, test, clippy and install is --locked; every install pins a version. */
function unlockedCargo(wf: Workflow): string[] {
  return runLines(wf)
    .filter(({ line }) => /\bcargo (build|test|clippy|install)\b/.test(line) || /\btauri build\b/.test(line))
    .filter(({ line }) => !/--locked\b/.test(line) || (/\bcargo install\b/.test(line) && !/--version[ =]\S+/.test(line)))
    .map(({ where, line }) => `${where}: ${line}`);
}

function changed(edit: (wf: Workflow) => void): Workflow {
  const wf = read(source);
  edit(wf);
  return wf;
}

describe("three-system workflow", () => {
  test("is read, and runs on every push and pull request", () => {
    expect(source).toBeTruthy();
    expect(triggerProblems(workflow)).toEqual([]);
    expect(triggerProblems(changed((wf) => delete wf.on.pull_request))).toEqual(["not run on pull_request"]);
  });

  test("Linux runs all of CI; Windows and macOS run the Rust and UI tests", () => {
    expect(coverageProblems(workflow)).toEqual([]);
    const noMac = changed((wf) => {
      const matrix = wf.jobs.tests.strategy?.matrix;
      if (matrix) matrix.os = ["windows-latest"];
    });
    expect(coverageProblems(noMac)).toEqual([
      "macos does not run clippy over every target with warnings as errors",
      "macos does not run the Rust tests",
      "macos does not run the UI's component tests",
      "macos does not run the UI's type check",
    ]);
  });

  test("on Windows, NSIS and MSI (with UPDATES=0, its policy checked) are installed silently, started against the sandbox, and uninstalled", () => {
    expect(installerProblems(workflow)).toEqual([]);
    const kept = changed((wf) => {
      for (const step of wf.jobs.installers.steps ?? []) step.run = step.run?.replace(/.*"\/x".*\n/, "");
    });
    expect(installerProblems(kept)).toHaveLength(1);
    const noMsi = changed((wf) => {
      wf.jobs.installers.steps = (wf.jobs.installers.steps ?? []).filter((step) => !/msiexec/.test(step.run ?? ""));
    });
    expect(installerProblems(noMsi)).toEqual(["MSI: not installed"]);
  });

  test("builds are --locked, tools pinned, actions pinned, the token read-only", () => {
    expect(unlockedCargo(workflow)).toEqual([]);
    const unlocked = changed((wf) => {
      for (const step of wf.jobs.tests.steps ?? []) step.run = step.run?.replace("cargo test --workspace --locked", "cargo test --workspace");
    });
    expect(unlockedCargo(unlocked)).toHaveLength(1);
    expect(unpinnedActions(workflow)).toEqual([]);
    expect(tokenProblems(workflow)).toEqual([]);
    const writes = changed((wf) => {
      wf.jobs.linux.permissions = { contents: "write" };
    });
    expect(tokenProblems(writes)).toEqual(["linux may write but uploads nothing"]);
  });
});
