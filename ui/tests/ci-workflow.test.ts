// The three-system workflow keeps its rules (the list at the top of
// .github/workflows/ci.yml): every push and pull request runs all of CI on
// Linux; the Rust and UI tests on Windows and macOS (macOS with a keychain
// of its own, made and unlocked before `cargo test`); the whole end-to-end
// suite on Windows through tauri-driver and Edge's WebDriver, after the
// build it starts; and on Windows installs the NSIS and MSI packages
// silently, starts each against the sandbox and uninstalls it. Each rule is
// a function that lists what breaks it, checked on the workflow and, so
// that a rule cannot pass by finding nothing, on a copy with one thing
// broken. GitHub runs the workflow; this checks, on any machine, that what
// it would run is there.
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
  type Step,
  type Workflow,
} from "./fixtures/workflows";

const source = workflowSource("ci.yml");
const workflow = read(source);

const packageJson = import.meta.glob("../../package.json", { query: "?raw", import: "default", eager: true }) as Record<
  string,
  string
>;
/** The files `npm run test:e2e` runs, as package.json names them (ui/e2e/…). */
const suite: string[] = (JSON.parse(packageJson["../../package.json"]).scripts["test:e2e"] as string)
  .split(/\s+/)
  .filter((word) => word.startsWith("ui/e2e/"));
/** Every end-to-end test file there is (ui/e2e/…). */
const e2eFiles = Object.keys(import.meta.glob("../e2e/*.test.mjs")).map((path) => path.replace("../e2e/", "ui/e2e/"));

/** The operating systems a job runs on (its runner, or its matrix of them): "ubuntu", "windows", "macos". */
function systemsOf(job: Job): string[] {
  const os = job.strategy?.matrix?.os;
  const runners = Array.isArray(os) ? os.map(String) : [String(job["runs-on"] ?? "")];
  return runners.map((r) => r.replace(/-.*/, ""));
}

/** `runner.os`'s names of the systems. */
const RUNNER_OS: Record<string, string> = { linux: "ubuntu", windows: "windows", macos: "macos" };

/**
 * Whether `step` runs on `system` as far as its `if` says: each comparison
 * of `runner.os` or `matrix.os` with a name (`==` another system's, or
 * `!=` this one's) leaves it out.
 */
function stepRunsOn(step: Step, system: string): boolean {
  for (const [, what, op, value] of (step.if ?? "").matchAll(/\b(runner\.os|matrix\.os)\s*(==|!=)\s*'([^']+)'/g)) {
    const named = what === "runner.os" ? (RUNNER_OS[value.toLowerCase()] ?? value.toLowerCase()) : value.replace(/-.*/, "");
    if ((op === "==" && named !== system) || (op === "!=" && named === system)) return false;
  }
  return true;
}

interface Placed {
  job: string;
  /** The step's place in its job. */
  at: number;
  step: Step;
}
/** The steps that run on `system` ("ubuntu", "windows", "macos"), in order, each with its job and place. */
function stepsOn(wf: Workflow, system: string): Placed[] {
  return Object.entries(wf.jobs)
    .filter(([, job]) => systemsOf(job).includes(system))
    .flatMap(([id, job]) => (job.steps ?? []).map((step, at) => ({ job: id, at, step })))
    .filter(({ step }) => stepRunsOn(step, system));
}
/** The shell scripts that run on `system`, one string. */
const scriptOn = (wf: Workflow, system: string) => stepsOn(wf, system).map(({ step }) => step.run ?? "").join("\n");
const runs = (pattern: RegExp) => (placed: Placed) => pattern.test(placed.step.run ?? "");

/** Pushes and pull requests start it. */
function triggerProblems(wf: Workflow): string[] {
  return (["push", "pull_request"] as const).filter((event) => !(event in (wf.on ?? {}))).map((event) => `not run on ${event}`);
}

/** What each system runs: all of CI on Linux, the Rust and UI tests on Windows and macOS. */
function coverageProblems(wf: Workflow): string[] {
  const problems: string[] = [];
  const on = (system: string, what: string, pattern: RegExp) => {
    if (!pattern.test(scriptOn(wf, system))) problems.push(`${system} does not run ${what}`);
  };
  on("ubuntu", "bash .ci/run", /^bash \.ci\/run$/m);
  for (const system of ["windows", "macos"]) {
    on(system, "clippy over every target with warnings as errors", /cargo clippy --workspace --all-targets --locked -- -D warnings/);
    on(system, "the Rust tests", /^cargo test --workspace --locked(?![^\n]*--no-run)/m);
    on(system, "the UI's component tests", /^npm test$/m);
    on(system, "the UI's type check", /^npm run check$/m);
    on(system, "the UI's lint", /^npm run lint$/m);
  }
  return problems;
}

/** The step that runs the Rust tests on `system` (not only builds them). */
const rustTests = (wf: Workflow, system: string) =>
  stepsOn(wf, system).find(runs(/^cargo test --workspace --locked(?![^\n]*--no-run)/m));

/**
 * On macOS, a step named for the keychain makes one before `cargo test`
 * (in the same job): created with a password, unlocked, never locked again
 * (`set-keychain-settings` without a timeout or a lock on sleep), in the
 * user's search list and the default.
 */
function keychainProblems(wf: Workflow): string[] {
  const tests = rustTests(wf, "macos");
  if (!tests) return ["macos does not run the Rust tests"];
  const made = stepsOn(wf, "macos").find(runs(/security create-keychain -p \S+ \S+/));
  if (!made) return ["macos makes no keychain for the keychain tests"];
  const problems: string[] = [];
  if (made.job !== tests.job || made.at > tests.at) problems.push("macos makes its keychain after cargo test");
  if (!/keychain/i.test(made.step.name ?? "")) problems.push("the keychain's step does not say so in its name");
  const run = made.step.run ?? "";
  const name = (run.match(/security create-keychain -p \S+ (\S+)/)?.[1] ?? "").replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  const needs: [string, RegExp][] = [
    ["unlocked", new RegExp(`^security unlock-keychain -p \\S+ ${name}$`, "m")],
    ["made the default", new RegExp(`^security default-keychain (-d user )?-s ${name}$`, "m")],
    ["in the user's search list", new RegExp(`^security list-keychains -d user -s ${name}\\b`, "m")],
    ["kept unlocked (set-keychain-settings without -t, -u or -l)", new RegExp(`^security set-keychain-settings ${name}$`, "m")],
  ];
  for (const [what, pattern] of needs) if (!pattern.test(run)) problems.push(`the keychain is not ${what}`);
  return problems;
}

/**
 * On Windows, the whole end-to-end suite (`npm run test:e2e`, or node --test
 * over every file of it) runs through tauri-driver with Edge's WebDriver as
 * its native driver, against the app and sandbox `cargo test` built with
 * the bundled UI (target\debug\workdesk.exe, workdesk-sandbox.exe), after
 * that build and tauri-driver's install, in the same job.
 */
function endToEndProblems(wf: Workflow): string[] {
  const windows = stepsOn(wf, "windows");
  const whole = (run: string) =>
    /^npm run test:e2e$/m.test(run) || run.split("\n").some((line) => /^node --test /.test(line) && suite.every((file) => line.includes(file)));
  const e2e = windows.find(({ step }) => whole(step.run ?? ""));
  if (!e2e) return ["windows does not run the whole end-to-end suite (npm run test:e2e)"];
  const problems: string[] = [];
  const job = wf.jobs[e2e.job];
  const before = windows.filter(({ job: id, at }) => id === e2e.job && at < e2e.at);
  // What sets the scene: the job's and the step's environment, the steps
  // before it, and its own script.
  const env = (values: Job["env"]) => Object.entries(values ?? {}).map(([name, value]) => `${name}: ${value}`);
  const scene = [...env(job.env), ...env(e2e.step.env), ...before.map(({ step }) => step.run ?? ""), e2e.step.run ?? ""].join("\n");
  if (!before.some(runs(/cargo test --workspace --locked --features workdesk\/custom-protocol/))) {
    problems.push("the end-to-end suite does not run after the build of the app with its bundled UI (cargo test --features workdesk/custom-protocol)");
  }
  if (!before.some(runs(/cargo install tauri-driver /))) problems.push("tauri-driver is not installed before the end-to-end suite");
  if (!/WORKDESK_NATIVE_DRIVER/.test(scene) || !/msedgedriver\.exe/.test(scene)) {
    problems.push("the end-to-end suite does not run with msedgedriver.exe as tauri-driver's native driver (WORKDESK_NATIVE_DRIVER)");
  }
  if (!/WORKDESK_APP[^\n]*target\\debug\\workdesk\.exe/.test(scene)) problems.push("WORKDESK_APP is not target\\debug\\workdesk.exe");
  if (!/WORKDESK_SANDBOX[^\n]*target\\debug\\workdesk-sandbox\.exe/.test(scene)) {
    problems.push("WORKDESK_SANDBOX is not target\\debug\\workdesk-sandbox.exe");
  }
  if (!/WORKDESK_TEST_SESSION/.test(scene)) problems.push("WORKDESK_TEST_SESSION is not set for the end-to-end suite");
  return problems;
}

/** On Windows, each installer is installed silently, started against the sandbox, and uninstalled, in that order. */
function installerProblems(wf: Workflow): string[] {
  const windows = stepsOn(wf, "windows");
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
/** The steps of the `tests` job of `wf`. */
const testSteps = (wf: Workflow) => wf.jobs.tests.steps ?? [];
/** The place in the `tests` job of the step whose script matches `pattern`. */
function placeOf(wf: Workflow, pattern: RegExp): number {
  const at = testSteps(wf).findIndex((step) => pattern.test(step.run ?? ""));
  expect(at, `a step running ${pattern}`).toBeGreaterThanOrEqual(0);
  return at;
}
/** Moves the `tests` job's step running `pattern` to just after the one running `after`. */
function moveAfter(wf: Workflow, pattern: RegExp, after: RegExp) {
  const [moved] = testSteps(wf).splice(placeOf(wf, pattern), 1);
  testSteps(wf).splice(placeOf(wf, after) + 1, 0, moved);
}
const withoutSteps = (wf: Workflow, pattern: RegExp) => {
  wf.jobs.tests.steps = testSteps(wf).filter((step) => !pattern.test(step.run ?? ""));
};

describe("three-system workflow", () => {
  test("is read, and runs on every push and pull request", () => {
    expect(source).toBeTruthy();
    expect(triggerProblems(workflow)).toEqual([]);
    expect(triggerProblems(changed((wf) => delete wf.on.pull_request))).toEqual(["not run on pull_request"]);
  });

  test("Linux runs all of CI; Windows and macOS run the UI's check, lint and tests, clippy over every target, and cargo test", () => {
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
      "macos does not run the UI's lint",
    ]);
    const noLinux = changed((wf) => {
      delete wf.jobs.linux;
    });
    expect(coverageProblems(noLinux)).toEqual(["ubuntu does not run bash .ci/run"]);
    // The tests only built (--no-run) are not the tests run.
    const onlyBuilt = changed((wf) => withoutSteps(wf, /^cargo test [^\n]*(?<!--no-run)$/m));
    expect(coverageProblems(onlyBuilt)).toEqual(["windows does not run the Rust tests", "macos does not run the Rust tests"]);
    // A step kept to one system by its `if` runs on that one only.
    const uiOnWindows = changed((wf) => {
      testSteps(wf)[placeOf(wf, /^npm run lint$/m)].if = "runner.os == 'Windows'";
    });
    expect(coverageProblems(uiOnWindows)).toEqual([
      "macos does not run the UI's component tests",
      "macos does not run the UI's type check",
      "macos does not run the UI's lint",
    ]);
  });

  test("macOS makes, unlocks and makes default a keychain of its own, in a step named so, before cargo test", () => {
    expect(keychainProblems(workflow)).toEqual([]);
    const keychain = /security create-keychain/;
    expect(keychainProblems(changed((wf) => withoutSteps(wf, keychain)))).toEqual(["macos makes no keychain for the keychain tests"]);
    const onWindows = changed((wf) => {
      testSteps(wf)[placeOf(wf, keychain)].if = "runner.os == 'Windows'";
    });
    expect(keychainProblems(onWindows)).toEqual(["macos makes no keychain for the keychain tests"]);
    const late = changed((wf) => moveAfter(wf, keychain, /^cargo test --workspace --locked [^\n]*custom-protocol$/m));
    expect(keychainProblems(late)).toEqual(["macos makes its keychain after cargo test"]);
    const edit = (from: RegExp, to: string) =>
      changed((wf) => {
        const step = testSteps(wf)[placeOf(wf, keychain)];
        step.run = step.run?.replace(from, to);
      });
    expect(keychainProblems(edit(/^security unlock-keychain .*\n/m, ""))).toEqual(["the keychain is not unlocked"]);
    expect(keychainProblems(edit(/^security default-keychain -d user -s .*\n/m, ""))).toEqual(["the keychain is not made the default"]);
    expect(keychainProblems(edit(/^security list-keychains .*\n/m, ""))).toEqual(["the keychain is not in the user's search list"]);
    expect(keychainProblems(edit(/^(security set-keychain-settings) /m, "$1 -t 3600 "))).toEqual([
      "the keychain is not kept unlocked (set-keychain-settings without -t, -u or -l)",
    ]);
    const unnamed = changed((wf) => {
      testSteps(wf)[placeOf(wf, keychain)].name = "setup";
    });
    expect(keychainProblems(unnamed)).toEqual(["the keychain's step does not say so in its name"]);
  });

  test("the end-to-end suite is every end-to-end file but the installed package's", () => {
    expect(suite.length).toBeGreaterThan(10);
    expect(e2eFiles.filter((file) => !suite.includes(file))).toEqual(["ui/e2e/installed.test.mjs"]);
  });

  test("Windows runs the whole end-to-end suite with msedgedriver as native driver, after the build it starts", () => {
    expect(endToEndProblems(workflow)).toEqual([]);
    const e2e = /^npm run test:e2e$/m;
    const oneFile = changed((wf) => {
      const step = testSteps(wf)[placeOf(wf, e2e)];
      step.run = step.run?.replace(e2e, "node --test --test-concurrency=1 --test-force-exit ui/e2e/installed.test.mjs");
    });
    expect(endToEndProblems(oneFile)).toEqual(["windows does not run the whole end-to-end suite (npm run test:e2e)"]);
    // The same files named one by one are the whole suite.
    const byName = changed((wf) => {
      const step = testSteps(wf)[placeOf(wf, e2e)];
      step.run = step.run?.replace(e2e, `node --test --test-concurrency=1 --test-force-exit ${suite.join(" ")}`);
    });
    expect(endToEndProblems(byName)).toEqual([]);
    const onMac = changed((wf) => {
      testSteps(wf)[placeOf(wf, e2e)].if = "runner.os == 'macOS'";
    });
    expect(endToEndProblems(onMac)).toEqual(["windows does not run the whole end-to-end suite (npm run test:e2e)"]);
    const early = changed((wf) => moveAfter(wf, e2e, /^npm run build$/m));
    expect(endToEndProblems(early)).toEqual([
      "the end-to-end suite does not run after the build of the app with its bundled UI (cargo test --features workdesk/custom-protocol)",
      "tauri-driver is not installed before the end-to-end suite",
    ]);
    const devServer = changed((wf) => {
      for (const step of testSteps(wf)) step.run = step.run?.replaceAll(" --features workdesk/custom-protocol", "");
    });
    expect(endToEndProblems(devServer)).toEqual([
      "the end-to-end suite does not run after the build of the app with its bundled UI (cargo test --features workdesk/custom-protocol)",
    ]);
    const noDriver = changed((wf) => withoutSteps(wf, /cargo install tauri-driver/));
    expect(endToEndProblems(noDriver)).toEqual(["tauri-driver is not installed before the end-to-end suite"]);
    const edit = (from: RegExp) =>
      changed((wf) => {
        const step = testSteps(wf)[placeOf(wf, e2e)];
        step.run = step.run?.replace(from, "");
      });
    expect(endToEndProblems(edit(/^.*WORKDESK_NATIVE_DRIVER.*\n/m))).toEqual([
      "the end-to-end suite does not run with msedgedriver.exe as tauri-driver's native driver (WORKDESK_NATIVE_DRIVER)",
    ]);
    expect(endToEndProblems(edit(/^.*WORKDESK_APP.*\n/m))).toEqual(["WORKDESK_APP is not target\\debug\\workdesk.exe"]);
    expect(endToEndProblems(edit(/^.*WORKDESK_SANDBOX.*\n/m))).toEqual(["WORKDESK_SANDBOX is not target\\debug\\workdesk-sandbox.exe"]);
    const noSession = changed((wf) => {
      const step = testSteps(wf)[placeOf(wf, e2e)];
      delete step.env?.WORKDESK_TEST_SESSION;
      step.run = step.run?.replace(/^.*WORKDESK_TEST_SESSION.*\n/gm, "");
    });
    expect(endToEndProblems(noSession)).toEqual(["WORKDESK_TEST_SESSION is not set for the end-to-end suite"]);
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
    const noPolicy = changed((wf) => {
      for (const step of wf.jobs.installers.steps ?? []) step.run = step.run?.replace(/.*-ErrorAction Stop.*\n/, "");
    });
    expect(installerProblems(noPolicy)).toHaveLength(1);
    const notSilent = changed((wf) => {
      for (const step of wf.jobs.installers.steps ?? []) step.run = step.run?.replace(/-ArgumentList "\/S" -Wait\n/, "-Wait\n");
    });
    expect(installerProblems(notSilent)).toHaveLength(1);
  });

  test("builds are --locked, tools pinned, actions pinned, the token read-only", () => {
    expect(unlockedCargo(workflow)).toEqual([]);
    const unlocked = changed((wf) => {
      for (const step of testSteps(wf)) step.run = step.run?.replace(/^cargo test --workspace --locked (.*)(?<!--no-run)$/m, "cargo test --workspace $1");
    });
    expect(unlockedCargo(unlocked)).toHaveLength(1);
    const unpinnedTool = changed((wf) => {
      for (const step of testSteps(wf)) step.run = step.run?.replace(" --version 2.1.0", "");
    });
    expect(unlockedCargo(unpinnedTool)).toHaveLength(1);
    expect(unpinnedActions(workflow)).toEqual([]);
    const byTag = changed((wf) => {
      testSteps(wf)[0].uses = "actions/checkout@v5";
    });
    expect(unpinnedActions(byTag)).toEqual(["tests: actions/checkout@v5"]);
    expect(tokenProblems(workflow)).toEqual([]);
    const writes = changed((wf) => {
      wf.jobs.linux.permissions = { contents: "write" };
    });
    expect(tokenProblems(writes)).toEqual(["linux may write but uploads nothing"]);
    const keepsToken = changed((wf) => {
      delete testSteps(wf)[0].with?.["persist-credentials"];
    });
    expect(tokenProblems(keepsToken)).toEqual(["tests: actions/checkout@fbc6f3992d24b796d5a048ff273f7fcc4a7b6c09 keeps the token in .git/config"]);
    const writeByDefault = changed((wf) => {
      wf.permissions = { contents: "write" };
    });
    expect(tokenProblems(writeByDefault)).toEqual(["the default contents permission is write"]);
  });

  test("every step is seen where it runs: each job's steps, on the systems its runner and its `if` give", () => {
    const all = steps(workflow).length;
    const seen = new Set(["ubuntu", "windows", "macos"].flatMap((system) => stepsOn(workflow, system).map(({ job, at }) => `${job}#${at}`)));
    expect(seen.size).toBe(all);
  });
});
