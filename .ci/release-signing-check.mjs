#!/usr/bin/env node
// The update key stays in one job of the release workflow: the job that
// signs the updater bundles (`tauri signer sign`). Any other job that gets
// the key's secrets (TAURI_SIGNING_PRIVATE_KEY, …_PASSWORD), or all secrets
// at once (`toJSON(secrets)`, `secrets[…]`, `secrets: inherit`), or a
// workflow-level `env:` that names them, is a problem; so is a signing job
// that checks the repository out, installs npm packages, or builds (its
// steps would run code the key could be read by). Only a test of presence
// (`secrets.TAURI_SIGNING_PRIVATE_KEY != ''`, a boolean) is allowed
// elsewhere: preflight's "is the key set".
//
// Usage: node .ci/release-signing-check.mjs [workflow file]
// (default .github/workflows/release.yml). Prints each problem and exits 1
// when there is one. ui/tests/release-signing.test.ts checks it, on the
// workflow and on workflows that break each rule.
import { readFileSync } from "node:fs";
import { parse } from "yaml";

/** A reference to the update key's secrets, or to every secret at once. */
const SECRET = /secrets\.TAURI_SIGNING_[A-Z_]*|toJSON\(\s*secrets\s*\)|secrets\s*\[/g;
/** A test of presence of one of them: it gives a boolean, not the key. */
const PRESENCE = /^secrets\.TAURI_SIGNING_[A-Z_]*\s*!=\s*''/;
/** What signs the updater bundles. */
const SIGNS = /\btauri\s+signer\s+sign\b/;

/** The references to the key's secrets in `value` (any YAML), presence tests left out. */
function secretReferences(value) {
  const text = JSON.stringify(value ?? null);
  return [...text.matchAll(SECRET)]
    .filter((match) => !PRESENCE.test(text.slice(match.index)))
    .map((match) => match[0]);
}

/** What in the step `step` runs code of the repository or of npm, or builds. */
function untrustedCode(step) {
  const found = [];
  const uses = step.uses ?? "";
  const run = step.run ?? "";
  if (/^actions\/checkout@/.test(uses) || /\bgit\s+(clone|checkout|fetch|pull)\b/.test(run)) found.push("checks the repository out");
  if (/\b(npm|pnpm|yarn)\s+(install|ci|i|add)\b/.test(run) || /\bnpx\b/.test(run)) found.push("installs npm packages");
  if (
    /^tauri-apps\/tauri-action@/.test(uses) ||
    /\b(tauri|cargo)\s+build\b/.test(run) ||
    /\b(npm|pnpm|yarn)\s+run\b/.test(run)
  ) {
    found.push("builds");
  }
  return found;
}

/** The problems of the workflow `text` (YAML), one sentence each; [] when it keeps the rules. */
export function signingProblems(text) {
  const workflow = parse(text) ?? {};
  const jobs = workflow.jobs ?? {};
  const problems = [];
  for (const reference of secretReferences(workflow.env)) {
    problems.push(`the workflow's env gives every job ${reference}`);
  }
  const signing = Object.keys(jobs).filter((id) => (jobs[id].steps ?? []).some((step) => SIGNS.test(step.run ?? "")));
  if (signing.length === 0) problems.push("no job signs the updater bundles (tauri signer sign)");
  if (signing.length > 1) problems.push(`more than one job signs the updater bundles: ${signing.join(", ")}`);
  for (const [id, job] of Object.entries(jobs)) {
    if (job.secrets === "inherit" && !signing.includes(id)) problems.push(`${id} inherits every secret`);
    if (signing.includes(id)) {
      for (const step of job.steps ?? []) {
        for (const what of untrustedCode(step)) {
          problems.push(`${id}, which has the update key, ${what}: ${step.name ?? step.uses ?? step.run?.split("\n")[0]}`);
        }
      }
      continue;
    }
    for (const reference of new Set(secretReferences(job))) problems.push(`${id} gets ${reference}`);
  }
  return problems;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const file = process.argv[2] ?? ".github/workflows/release.yml";
  const problems = signingProblems(readFileSync(file, "utf8"));
  for (const problem of problems) console.error(`${file}: ${problem}`);
  if (problems.length > 0) process.exit(1);
  console.log(`${file}: the update key reaches the signing job only`);
}
