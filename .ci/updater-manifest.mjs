#!/usr/bin/env node
// The update manifest of a release (`latest.json`, tauri-plugin-updater's
// static format), from the release's assets: every installer the release
// workflow signed with the update key has a `<file>.sig` beside it (the
// bundler's `createUpdaterArtifacts: true`), and each becomes the entry of
// the platforms that install it, one per bundle type, so that a copy of
// Workdesk finds the package of its own kind:
//
// | asset                         | keys                                              |
// |-------------------------------|---------------------------------------------------|
// | `*.AppImage`                  | `linux-x86_64`, `linux-x86_64-appimage`           |
// | `*.deb`                       | `linux-x86_64-deb`                                |
// | `*.rpm`                       | `linux-x86_64-rpm`                                |
// | `*-setup.exe` (NSIS)          | `windows-x86_64`, `windows-x86_64-nsis`           |
// | `*.msi`                       | `windows-x86_64-msi`                              |
// | `*.app.tar.gz` (universal)    | `darwin-{x86_64,aarch64}`, `darwin-{…}-app`       |
//
// Usage: node .ci/updater-manifest.mjs <assets folder> <download URL prefix> <version> [notes file]
// Writes the manifest to stdout; fails (exit 1) when an installer of the
// release has no signature, or a platform has no signed installer.
import { existsSync, readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";

/** Which manifest keys an asset named `name` serves, or null for none. */
export function keysOf(name) {
  if (name.endsWith(".AppImage")) return ["linux-x86_64", "linux-x86_64-appimage"];
  if (name.endsWith(".deb")) return ["linux-x86_64-deb"];
  if (name.endsWith(".rpm")) return ["linux-x86_64-rpm"];
  if (name.endsWith("-setup.exe")) return ["windows-x86_64", "windows-x86_64-nsis"];
  if (name.endsWith(".msi")) return ["windows-x86_64-msi"];
  if (name.endsWith(".app.tar.gz")) return ["darwin-x86_64", "darwin-aarch64", "darwin-x86_64-app", "darwin-aarch64-app"];
  return null;
}

/** The installers every release has, by the kind of file (the bundles the release workflow builds). */
export const REQUIRED = [".AppImage", ".deb", ".rpm", "-setup.exe", ".msi", ".app.tar.gz"];

/**
 * The manifest of version `version` from the assets in `folder` (file
 * names), downloaded from `urlPrefix` + name, with `notes`; or the
 * problems that stop it.
 */
export function manifest(names, readSignature, urlPrefix, version, notes, now = new Date()) {
  const problems = [];
  const platforms = {};
  for (const name of names.filter((n) => keysOf(n))) {
    if (!names.includes(`${name}.sig`)) {
      problems.push(`${name} has no signature (${name}.sig): was TAURI_SIGNING_PRIVATE_KEY set?`);
      continue;
    }
    const entry = { url: `${urlPrefix}${encodeURIComponent(name)}`, signature: readSignature(`${name}.sig`).trim() };
    for (const key of keysOf(name)) platforms[key] = entry;
  }
  for (const kind of REQUIRED) {
    if (!names.some((n) => n.endsWith(kind) && names.includes(`${n}.sig`))) problems.push(`no signed *${kind} in the release`);
  }
  if (problems.length > 0) return { problems };
  return {
    problems,
    manifest: { version, notes, pub_date: now.toISOString().replace(/\.\d{3}Z$/, "Z"), platforms },
  };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const [folder, urlPrefix, version, notesFile] = process.argv.slice(2);
  if (!folder || !urlPrefix || !version) {
    console.error("usage: node .ci/updater-manifest.mjs <assets folder> <download URL prefix> <version> [notes file]");
    process.exit(2);
  }
  const notes = notesFile && existsSync(notesFile) ? readFileSync(notesFile, "utf8").trim() : "";
  const { problems, manifest: made } = manifest(
    readdirSync(folder),
    (name) => readFileSync(join(folder, name), "utf8"),
    urlPrefix,
    version.replace(/^v/, ""),
    notes,
  );
  if (problems.length > 0) {
    for (const problem of problems) console.error(`::error::${problem}`);
    process.exit(1);
  }
  process.stdout.write(`${JSON.stringify(made, null, 2)}\n`);
}
