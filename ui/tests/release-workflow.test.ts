// The release workflow keeps its rules (the list at the top of
// .github/workflows/release.yml): builds from Cargo.lock (--locked), tools of
// pinned versions, no build cache, SHA256SUMS beside the installers, and no
// unsigned Windows or macOS installer unless someone asked for one. Each
// rule is a function that lists what breaks it, checked on the workflow and,
// so a rule cannot pass by finding nothing, on a copy with one thing broken.
import { describe, expect, test } from "vitest";
import {
  label,
  read,
  runLines,
  steps,
  tokenProblems as tokenRules,
  unpinnedActions,
  workflowSource,
  type Job,
  type Step,
  type Workflow,
} from "./fixtures/workflows";

const source = workflowSource("release.yml");
const workflow = read(source);

const isTauriAction = (step: Step) => step.uses?.startsWith("tauri-apps/tauri-action@") ?? false;
/** The jobs that build installers. */
const buildJobs = (wf: Workflow) =>
  Object.keys(wf.jobs).filter((id) => (wf.jobs[id].steps ?? []).some(isTauriAction));
const needsOf = (job: Job) => (job.needs === undefined ? [] : [job.needs].flat());
/** The jobs `id` waits for, directly or through others. */
function upstream(wf: Workflow, id: string, seen = new Set<string>()): Set<string> {
  for (const need of needsOf(wf.jobs[id] ?? {})) {
    if (!seen.has(need)) {
      seen.add(need);
      upstream(wf, need, seen);
    }
  }
  return seen;
}
/** The cargo arguments of a `tauri build` argument list: those after `--`. */
const cargoArgs = (args: string) => (args.includes(" -- ") ? args.slice(args.indexOf(" -- ") + 4) : "");

/** `cargo install` pins a version and builds from the tool's Cargo.lock. */
function unpinnedInstalls(wf: Workflow): string[] {
  return runLines(wf)
    .filter(({ line }) => /\bcargo install\b/.test(line))
    .filter(({ line }) => !/--version[ =]\S+/.test(line) || !/--locked\b/.test(line))
    .map(({ where, line }) => `${where}: ${line}`);
}

/** Every build (tauri-action, `tauri build`, `cargo build`) passes --locked to cargo. */
function unlockedBuilds(wf: Workflow): string[] {
  const actions = steps(wf)
    .filter(({ step }) => isTauriAction(step))
    .filter(({ step }) => !/--locked\b/.test(cargoArgs(` ${String(step.with?.args ?? "")} `)))
    .map(({ job, step }) => `${label(job, step)}: args ${String(step.with?.args)}`);
  const commands = runLines(wf)
    .filter(({ line }) => /\b(tauri|cargo) build\b/.test(line))
    .filter(({ line }) =>
      /\btauri build\b/.test(line) ? !/--locked\b/.test(cargoArgs(` ${line} `)) : !/--locked\b/.test(line),
    )
    .map(({ where, line }) => `${where}: ${line}`);
  return [...actions, ...commands];
}

/** No build cache anywhere: no cache action, no setup action's cache. */
function caches(wf: Workflow): string[] {
  return steps(wf)
    .filter(
      ({ step }) =>
        /^(swatinem\/rust-cache|actions\/cache)@/i.test(step.uses ?? "") ||
        Object.keys(step.with ?? {}).some((key) => key.startsWith("cache")),
    )
    .map(({ job, step }) => label(job, step));
}

/** A job after every build downloads the installers the builds uploaded, computes SHA256SUMS of them and uploads it beside them. */
function checksumProblems(wf: Workflow): string[] {
  const builds = buildJobs(wf);
  const jobs = Object.keys(wf.jobs).filter((id) => {
    const all = wf.jobs[id].steps ?? [];
    return (
      all.some((step) => step.uses?.startsWith("actions/download-artifact@") && step.with?.pattern === "installers-*") &&
      all.some(
        (step) =>
          /\bsha256sum\b[^\n]*>\s*SHA256SUMS\b/.test(step.run ?? "") &&
          /\bgh release upload\b/.test(step.run ?? ""),
      )
    );
  });
  if (jobs.length === 0) return ["no job downloads the installers, writes SHA256SUMS and uploads it"];
  return jobs.flatMap((id) =>
    builds.filter((b) => !upstream(wf, id).has(b)).map((b) => `${id} does not wait for the build job ${b}`),
  );
}

/** The `unsigned` input: a checkbox of a run by hand, off unless checked. */
function unsignedInputProblems(wf: Workflow): string[] {
  const input = wf.on.workflow_dispatch?.inputs?.unsigned;
  if (!input) return ["workflow_dispatch has no input `unsigned`"];
  const problems: string[] = [];
  if (input.type !== "boolean") problems.push(`input unsigned is of type ${input.type}, not boolean`);
  if (input.default !== false) problems.push(`input unsigned defaults to ${String(input.default)}, not false`);
  return problems;
}

/**
 * Before every build, a job knows whether the Windows (Azure) and macOS
 * (Apple certificate) signing secrets are set and whether `unsigned` was
 * asked for in a run by hand, and a step of it fails (exit 1).
 */
function signingGuardProblems(wf: Workflow): string[] {
  const text = (job: Job, step: Step) => JSON.stringify([job.env ?? {}, step.env ?? {}]);
  const guards = Object.keys(wf.jobs).filter((id) => {
    const job = wf.jobs[id];
    return (job.steps ?? []).some((step) => {
      const env = text(job, step);
      return (
        /secrets\.AZURE_CLIENT_ID\b/.test(env) &&
        /secrets\.APPLE_CERTIFICATE\b/.test(env) &&
        /github\.event_name == 'workflow_dispatch' && inputs\.unsigned\b/.test(env) &&
        /\bexit 1\b/.test(step.run ?? "")
      );
    });
  });
  if (guards.length === 0) {
    return ["no step fails when the signing secrets are missing and `unsigned` was not asked for"];
  }
  return buildJobs(wf)
    .filter((b) => !guards.some((g) => upstream(wf, b).has(g)))
    .map((b) => `the build job ${b} does not wait for the signing check (${guards.join(", ")})`);
}

/** The token rules, where the jobs that upload are those with tauri-action or `gh release upload`. */
const tokenProblems = (wf: Workflow) =>
  tokenRules(wf, (job: Job) =>
    (job.steps ?? []).some((step) => isTauriAction(step) || /\bgh release upload\b/.test(step.run ?? "")),
  );

/**
 * Every installer is signed with the update key, after the builds: no
 * build step gets the key (release-signing.test.ts checks every job), each
 * uses the updater configuration (the release server), tauri-action writes
 * no manifest of its own, the preflight fails without the key, and after
 * every build a job signs each installer with the version bound into its
 * signature (`tauri signer sign --app-version`), makes latest.json with
 * the manifest script and uploads it.
 */
function updaterProblems(wf: Workflow): string[] {
  const problems: string[] = [];
  for (const { job, step } of steps(wf).filter(({ step }) => isTauriAction(step))) {
    if (step.env?.TAURI_SIGNING_PRIVATE_KEY !== undefined) problems.push(`${label(job, step)} gets the update key`);
    if (!String(step.with?.args ?? "").includes("--config ${{ runner.temp }}/updater.json")) {
      problems.push(`${label(job, step)} does not use the updater configuration`);
    }
    if (step.with?.includeUpdaterJson !== false) problems.push(`${label(job, step)} lets tauri-action write latest.json`);
  }
  const config = steps(wf).find(({ step }) => /"updater":\{"endpoints"/.test(step.run ?? ""));
  if (!config) problems.push("no step writes the updater configuration");
  const signs = steps(wf).filter(({ step }) => /\btauri signer sign --app-version\b/.test(step.run ?? ""));
  if (signs.length === 0) problems.push("no step signs the installers with the version bound into the signature");
  const preflight = Object.entries(wf.jobs).some(([, j]) =>
    JSON.stringify(j.env ?? {}).includes("secrets.TAURI_SIGNING_PRIVATE_KEY") &&
    (j.steps ?? []).some((step) => /HAS_UPDATER_KEY/.test(step.run ?? "") && /\bexit 1\b/.test(step.run ?? "")),
  );
  if (!preflight) problems.push("no step fails when the update key is missing");
  const manifests = Object.keys(wf.jobs).filter((id) =>
    (wf.jobs[id].steps ?? []).some(
      (step) =>
        /node \S*updater-manifest\.mjs\b[^\n]*>\s*latest\.json/.test(step.run ?? ""),
    ) &&
      (wf.jobs[id].steps ?? []).some((step) => /\bgh release upload\b/.test(step.run ?? "")),
  );
  if (manifests.length === 0) problems.push("no job makes latest.json with .ci/updater-manifest.mjs and uploads it");
  for (const id of manifests) {
    for (const b of buildJobs(wf).filter((b) => !upstream(wf, id).has(b))) problems.push(`${id} does not wait for the build job ${b}`);
  }
  return problems;
}

/** The workflow with one change, to see that a rule catches it. */
function changed(edit: (wf: Workflow) => void): Workflow {
  const wf = read(source);
  edit(wf);
  return wf;
}
const job = (wf: Workflow, id: string) => wf.jobs[id];
const firstStep = (wf: Workflow, test: (step: Step) => boolean) => {
  const found = steps(wf).find(({ step }) => test(step));
  if (!found) throw new Error("no such step");
  return found.step;
};

describe("release workflow", () => {
  test("is read", () => {
    expect(source).toBeTruthy();
    expect(buildJobs(workflow)).toEqual(["build"]);
  });

  test("every cargo install pins a version and uses --locked", () => {
    expect(runLines(workflow).filter(({ line }) => /\bcargo install\b/.test(line))).toHaveLength(3);
    expect(unpinnedInstalls(workflow)).toEqual([]);
    const unpinned = changed((wf) => {
      const step = firstStep(wf, (s) => /cargo install cargo-deny/.test(s.run ?? ""));
      step.run = step.run?.replace(/ --version \S+/, "");
    });
    expect(unpinnedInstalls(unpinned)).toHaveLength(1);
  });

  test("every build passes --locked to cargo", () => {
    expect(steps(workflow).filter(({ step }) => isTauriAction(step))).toHaveLength(4);
    expect(unlockedBuilds(workflow)).toEqual([]);
    const unlocked = changed((wf) => {
      const step = firstStep(wf, (s) => isTauriAction(s) && /Windows/.test(s.name ?? ""));
      step.with = { ...step.with, args: "${{ matrix.args }} --config src-tauri/signing/windows-azure.json" };
    });
    expect(unlockedBuilds(unlocked)).toHaveLength(1);
    // --locked given to `tauri build` rather than to cargo does not count.
    const misplaced = changed((wf) => {
      firstStep(wf, (s) => s.run === "npm ci").run = "npx tauri build --locked";
    });
    expect(unlockedBuilds(misplaced)).toHaveLength(1);
  });

  test("no job uses a build cache", () => {
    expect(caches(workflow)).toEqual([]);
    const npmCache = changed((wf) => {
      const step = firstStep(wf, (s) => s.uses?.startsWith("actions/setup-node@") ?? false);
      step.with = { ...step.with, cache: "npm" };
    });
    expect(caches(npmCache)).toHaveLength(1);
    const rustCache = changed((wf) => {
      job(wf, "build").steps?.push({ uses: "swatinem/rust-cache@6323deb102c322ba6fcbdcafc7e3dddab59af2b6" });
    });
    expect(caches(rustCache)).toHaveLength(1);
  });

  test("SHA256SUMS of the installers is uploaded beside them, after every build", () => {
    expect(checksumProblems(workflow)).toEqual([]);
    const early = changed((wf) => {
      job(wf, "publish").needs = ["preflight"];
    });
    expect(checksumProblems(early)).toEqual(["publish does not wait for the build job build"]);
    const none = changed((wf) => {
      delete wf.jobs.publish;
    });
    expect(checksumProblems(none)).toHaveLength(1);
  });

  test("a run by hand can ask for an unsigned build; nothing else can", () => {
    expect(unsignedInputProblems(workflow)).toEqual([]);
    expect(Object.keys(workflow.on)).toEqual(["push", "workflow_dispatch"]);
    const onByDefault = changed((wf) => {
      const input = wf.on.workflow_dispatch?.inputs?.unsigned;
      if (input) input.default = true;
    });
    expect(unsignedInputProblems(onByDefault)).toHaveLength(1);
  });

  test("a build without signing secrets fails unless unsigned was asked for", () => {
    expect(signingGuardProblems(workflow)).toEqual([]);
    const notWaiting = changed((wf) => {
      job(wf, "build").needs = ["audit"];
    });
    expect(signingGuardProblems(notWaiting)).toEqual([
      "the build job build does not wait for the signing check (preflight)",
    ]);
    const neverFails = changed((wf) => {
      for (const step of job(wf, "preflight").steps ?? []) {
        step.run = step.run?.replaceAll("exit 1", "true");
      }
    });
    expect(signingGuardProblems(neverFails)).toHaveLength(1);
    // A tag push has no inputs: the unsigned choice must come from a run by hand.
    const anyEvent = changed((wf) => {
      const env = job(wf, "preflight").env;
      if (env) env.UNSIGNED = "${{ inputs.unsigned }}";
    });
    expect(signingGuardProblems(anyEvent)).toHaveLength(1);
  });
  test("every installer is signed with the update key, and latest.json lists them after every build", () => {
    expect(updaterProblems(workflow)).toEqual([]);
    const keyed = changed((wf) => {
      const step = firstStep(wf, (s) => isTauriAction(s) && /Windows/.test(s.name ?? ""));
      step.env = { ...step.env, TAURI_SIGNING_PRIVATE_KEY: "${{ secrets.TAURI_SIGNING_PRIVATE_KEY }}" };
    });
    expect(updaterProblems(keyed)).toEqual(["build: Build and sign (Windows) gets the update key"]);
    const versionless = changed((wf) => {
      const step = firstStep(wf, (s) => /tauri signer sign/.test(s.run ?? ""));
      step.run = step.run?.replace(" --app-version \"${TAG#v}\"", "");
    });
    expect(updaterProblems(versionless)).toEqual(["no step signs the installers with the version bound into the signature"]);
    const ownJson = changed((wf) => {
      const step = firstStep(wf, (s) => isTauriAction(s) && /Windows/.test(s.name ?? ""));
      step.with = { ...step.with, includeUpdaterJson: true };
    });
    expect(updaterProblems(ownJson)).toHaveLength(1);
    const early = changed((wf) => {
      job(wf, "publish").needs = ["preflight"];
    });
    expect(updaterProblems(early)).toEqual(["publish does not wait for the build job build"]);
    const unguarded = changed((wf) => {
      for (const step of job(wf, "preflight").steps ?? []) {
        step.run = step.run?.replace(/.*HAS_UPDATER_KEY.*\n/, "");
      }
    });
    expect(updaterProblems(unguarded)).toEqual(["no step fails when the update key is missing"]);
  });

  test("the token is read-only unless a job uploads, and no checkout keeps it", () => {
    expect(tokenProblems(workflow)).toEqual([]);
    const writes = changed((wf) => {
      wf.permissions = { contents: "write" };
    });
    expect(tokenProblems(writes)).toHaveLength(1);
    const kept = changed((wf) => {
      const step = firstStep(wf, (s) => s.uses?.startsWith("actions/checkout@") ?? false);
      step.with = {};
    });
    expect(tokenProblems(kept)).toHaveLength(1);
    const audit = changed((wf) => {
      job(wf, "audit").permissions = { contents: "write" };
    });
    expect(tokenProblems(audit)).toEqual(["audit may write but uploads nothing"]);
  });

  test("every action is pinned by commit", () => {
    expect(unpinnedActions(workflow)).toEqual([]);
    const tagged = changed((wf) => {
      firstStep(wf, (s) => s.uses?.startsWith("actions/checkout@") ?? false).uses = "actions/checkout@v5";
    });
    expect(unpinnedActions(tagged)).toHaveLength(1);
  });
});
