// Writes Tauri's NSIS installer script for Workdesk, filled in as Tauri's
// bundler fills it, for .ci/windows-installer to build with makensis and
// test under Wine. Never used for a release.
//
// Why it exists: Tauri's bundler (`tauri bundle`, the pinned
// @tauri-apps/cli) downloads its NSIS plugin nsis_tauri_utils.dll from
// GitHub's releases before it writes the installer's script, and GitHub
// cannot be reached from this machine, so the bundler stops before
// writing anything. This script does the part the bundler does next, from
// the bundler's own files: a release is built by the bundler itself on
// GitHub's runners.
//
// The templates come from the pinned CLI itself, read at every run, so
// they are always the ones in package-lock.json's @tauri-apps/cli: its
// native binary embeds them (include_str!/include_bytes! in
// tauri-bundler's src/bundle/windows/nsis/mod.rs, as plain UTF-8 text):
// installer.nsi (a Handlebars template), utils.nsh, FileAssociation.nsh and
// one .nsh per language. No copy of them is kept in this repository. When
// the source of the tauri-bundler crate the CLI names is in Cargo's
// registry, each extracted file must be identical to it.
//
// The template is filled with the npm `handlebars` package (Handlebars.js,
// the reference implementation of the language tauri-bundler's Rust
// `handlebars` crate implements), with the bundler's helpers (`or`,
// `association-description`, `no-escape`) and its escaping for NSIS
// strings, and the data the bundler's build_nsis_app_installer inserts,
// taken from tauri.conf.json and Cargo.toml as the bundler takes them. A
// setting this script does not fill as the bundler would (installer icons,
// a license file, hooks, resources, file associations, …) makes it stop
// and say so, rather than build an installer that differs.
//
// Two things differ from the bundler's, on purpose, both for Wine:
// --plugins names the folder of the stand-in plugin
// (.ci/wine/nsis_tauri_utils.c) in place of the bundler's download
// folder, and --compression (default none) replaces the default LZMA, which
// takes 80 s here for the 150 MB debug binary (the release's is LZMA). The
// makensis target (amd64-unicode here, Tauri's is x86-unicode) is
// .ci/windows-installer's.
//
// Usage (from the repository's root):
//   node .ci/wine/nsis-script.mjs --out DIR --plugins DIR --main-binary EXE
//        --loader DLL [--compression none|zlib|bzip2|lzma]
//     writes DIR/installer.nsi, utils.nsh, FileAssociation.nsh and the
//     languages' .nsh (each with a UTF-8 BOM, as the bundler writes them),
//     and prints KEY=VALUE lines: version, product_name, main_binary,
//     install_mode, setup (the installer's file name).
//   node .ci/wine/nsis-script.mjs --bundler-download
//     prints the URL and SHA-1 of the plugin the CLI downloads.

import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, readdirSync, statSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { homedir } from "node:os";
import { basename, join, resolve } from "node:path";
import { parseArgs } from "node:util";

import Handlebars from "handlebars";

const root = resolve(import.meta.dirname, "../..");
const require = createRequire(join(root, "package.json"));

function fail(message) {
  console.error(`nsis-script: ${message}`);
  process.exit(1);
}

// ---------------------------------------------------------------- the CLI

function cliBinary() {
  const cli = JSON.parse(readFileSync(require.resolve("@tauri-apps/cli/package.json"), "utf8"));
  const lock = JSON.parse(readFileSync(join(root, "package-lock.json"), "utf8"));
  const pinned = lock.packages?.["node_modules/@tauri-apps/cli"]?.version;
  if (cli.version !== pinned) {
    fail(`@tauri-apps/cli ${cli.version} is installed but package-lock.json pins ${pinned}: run npm ci`);
  }
  if (process.platform !== "linux" || process.arch !== "x64") {
    fail(`reads the CLI's Linux x64 (glibc) binary only, not ${process.platform} ${process.arch}`);
  }
  const name = "@tauri-apps/cli-linux-x64-gnu";
  const native = JSON.parse(readFileSync(require.resolve(`${name}/package.json`), "utf8"));
  if (native.version !== cli.version) {
    fail(`${name} ${native.version} does not match @tauri-apps/cli ${cli.version}: run npm ci`);
  }
  const path = require.resolve(`${name}/cli.linux-x64-gnu.node`);
  return { path, version: cli.version, bytes: readFileSync(path) };
}

// The text of one embedded file: it starts right after `startAfter` (the
// name the bundler gives it, which the compiler put just before it) with
// `startsWith`, and ends right before `endBefore` (the string the compiler
// put after it). Fails when the markers are not there exactly once.
function embedded(bin, what, startAfter, startsWith, endBefore) {
  const marker = Buffer.from(startAfter + startsWith);
  const at = bin.indexOf(marker);
  if (at < 0 || bin.indexOf(marker, at + 1) >= 0) {
    fail(`${what}: found ${at < 0 ? "no" : "more than one"} "${JSON.stringify(startAfter + startsWith).slice(1, 40)}…" in the CLI's binary; the bundler's templates moved (a new CLI?): update ${basename(import.meta.filename)}`);
  }
  const start = at + Buffer.byteLength(startAfter);
  const end = bin.indexOf(Buffer.from(endBefore), start);
  if (end < 0 || end - start > 200_000) {
    fail(`${what}: no end ("${endBefore}") after its start in the CLI's binary: update ${basename(import.meta.filename)}`);
  }
  return utf8(bin.subarray(start, end), what);
}

function utf8(bytes, what) {
  let text;
  try {
    text = new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    fail(`${what}: what was read from the CLI's binary is not UTF-8 text`);
  }
  if (/(?![\n\r\t])\p{Cc}/u.test(text) || !text.endsWith("\n")) {
    fail(`${what}: what was read from the CLI's binary is not a whole text file`);
  }
  return text;
}

// The language files: one run of `LangString <key> ${LANG_<NAME>} "<text>"`
// lines (the bundler's own languages, each file a block of lines of one
// language), from the first line of the first file to the first byte that
// is not such a line. Returns Map(LANG name → file text).
function languages(bin) {
  const start = bin.indexOf(Buffer.from("LangString addOrReinstall ${LANG_"));
  if (start < 0) fail("no language file (LangString …) in the CLI's binary: update " + basename(import.meta.filename));
  const text = bin.subarray(start, start + 400_000).toString("latin1");
  const line = /LangString \S+ \$\{LANG_([A-Z]+)\}+ "[^\n]*"\n/y;
  const files = new Map();
  let m;
  let last = null;
  while ((m = line.exec(text))) {
    if (m[1] !== last && files.has(m[1])) fail(`language ${m[1]} found twice in the CLI's binary`);
    last = m[1];
    files.set(m[1], (files.get(m[1]) ?? "") + m[0]);
  }
  for (const [name, latin1] of files) files.set(name, utf8(Buffer.from(latin1, "latin1"), `${name} language file`));
  return files;
}

function templates() {
  const cli = cliBinary();
  const bin = cli.bytes;
  const found = {
    "installer.nsi": embedded(bin, "installer.nsi", "installer.nsi", "Unicode true\n", "Failed to setup handlebar template"),
    "FileAssociation.nsh": embedded(bin, "FileAssociation.nsh", "FileAssociation.nsh", "; ", "utils.nsh; "),
    "utils.nsh": embedded(bin, "utils.nsh", "utils.nsh", "; ", "Signing NSIS plugins"),
  };
  if (!found["installer.nsi"].includes("nsis_tauri_utils::")) fail("installer.nsi read from the CLI calls no nsis_tauri_utils function: not the bundler's template?");
  const langs = languages(bin);
  const bundler = /tauri-bundler\/(\d+\.\d+\.\d+)/.exec(bin.toString("latin1"))?.[1] ?? "unknown";
  return { cli, bundler, files: found, langs };
}

// The bundler's source in Cargo's registry, when there: each file read from
// the CLI must be the same, byte for byte.
function compareWithSource(t, languagesUsed) {
  const registry = join(process.env.CARGO_HOME ?? join(homedir(), ".cargo"), "registry", "src");
  const dirs = existsSync(registry)
    ? readdirSync(registry).map((d) => join(registry, d, `tauri-bundler-${t.bundler}`, "src/bundle/windows/nsis")).filter(existsSync)
    : [];
  if (dirs.length === 0) return `not compared with tauri-bundler ${t.bundler}'s source (not in Cargo's registry here)`;
  const dir = dirs[0];
  const pairs = [...Object.entries(t.files), ...languagesUsed.map((l) => [join("languages", `${l}.nsh`), t.langs.get(l.toUpperCase())])];
  for (const [name, text] of pairs) {
    if (readFileSync(join(dir, name), "utf8") !== text) fail(`${name} read from the CLI differs from tauri-bundler ${t.bundler}'s source (${dir}): the extraction is wrong`);
  }
  return `identical to tauri-bundler ${t.bundler}'s source (${pairs.length} files)`;
}

// ----------------------------------------------------------- the settings

// Cargo.toml's [package] `key = "value"`.
function cargoPackage(key) {
  const toml = readFileSync(join(root, "Cargo.toml"), "utf8");
  const pkg = /^\[package\]\s*$([\s\S]*?)(?=^\[)/m.exec(toml)?.[1] ?? "";
  const value = new RegExp(`^${key}\\s*=\\s*"([^"]+)"`, "m").exec(pkg)?.[1];
  if (!value) fail(`no [package] ${key} in Cargo.toml`);
  return value;
}

// tauri-bundler's try_add_numeric_build_number.
function versionWithBuild(version) {
  const m = /^(\d+)\.(\d+)\.(\d+)(?:-[0-9A-Za-z.-]+)?(?:\+([0-9A-Za-z.-]+))?$/.exec(version);
  if (!m) fail(`invalid app version: ${version}`);
  const build = m[4] !== undefined && /^\d+$/.test(m[4]) ? m[4] : "0";
  return `${m[1]}.${m[2]}.${m[3]}.${build}`;
}

// The bundler's settings for this app, and a stop for any setting it would
// use that this script does not fill.
function settings() {
  const conf = JSON.parse(readFileSync(join(root, "tauri.conf.json"), "utf8"));
  const bundle = conf.bundle ?? {};
  const windows = bundle.windows ?? {};
  const nsis = windows.nsis ?? {};
  const unsupported = [
    ["bundle.resources", bundle.resources],
    ["bundle.externalBin", bundle.externalBin],
    ["bundle.fileAssociations", bundle.fileAssociations],
    ["bundle.licenseFile", bundle.licenseFile],
    ["bundle.windows.signCommand", windows.signCommand],
    ["bundle.windows.certificateThumbprint", windows.certificateThumbprint],
    ["bundle.windows.allowDowngrades", windows.allowDowngrades === false ? false : undefined],
    ["bundle.windows.minimumWebview2Version", windows.minimumWebview2Version],
    ...["template", "headerImage", "sidebarImage", "installerIcon", "uninstallerIcon", "uninstallerHeaderImage", "installerHooks", "startMenuFolder", "customLanguageFiles", "minimumWebview2Version", "compression"].map((k) => [`bundle.windows.nsis.${k}`, nsis[k]]),
  ].filter(([, v]) => v !== undefined && v !== null);
  if (unsupported.length) fail(`tauri.conf.json sets ${unsupported.map(([k]) => k).join(", ")}, which this script does not fill as the bundler does: extend it`);
  // plugins.deep-link.desktop: one protocol ({schemes}) or a list of
  // them, as the CLI reads it into the bundler's deep_link_protocols; the
  // installer registers each scheme (docs/links.md).
  const deepLink = conf.plugins?.["deep-link"];
  const unread = Object.keys(deepLink ?? {}).filter((k) => k !== "desktop" && k !== "mobile");
  if (unread.length) fail(`tauri.conf.json's plugins.deep-link sets ${unread.join(", ")}, which this script does not read: extend it`);
  const desktop = deepLink?.desktop;
  const protocols = desktop === undefined ? [] : Array.isArray(desktop) ? desktop : [desktop];
  const deepLinkSchemes = protocols.flatMap((p) => p.schemes ?? []);
  if (!bundle.publisher) fail("tauri.conf.json has no bundle.publisher (the bundler would take the identifier's second part)");
  if (!bundle.shortDescription) fail("tauri.conf.json has no bundle.shortDescription (the bundler would take Cargo.toml's description)");
  return {
    productName: conf.productName,
    identifier: conf.identifier,
    version: conf.version ?? cargoPackage("version"),
    publisher: bundle.publisher,
    copyright: bundle.copyright ?? null,
    shortDescription: bundle.shortDescription,
    longDescription: bundle.longDescription ?? "",
    homepage: bundle.homepage ?? "",
    installMode: nsis.installMode ?? "currentUser",
    languages: nsis.languages ?? ["English"],
    displayLanguageSelector: nsis.displayLanguageSelector ?? false,
    mainBinaryName: conf.mainBinaryName ?? cargoPackage("name"),
    deepLinkSchemes,
  };
}

// ------------------------------------------------------------- rendering

// tauri-bundler's escape function for NSIS strings.
function nsisEscape(value) {
  if (value && typeof value.toHTML === "function") return value.toHTML();
  if (value === null || value === undefined) return "";
  const map = { '"': '$\\"', $: "$$", "`": "$\\`", "\n": "$\\n", "\t": "$\\t", "\r": "$\\r" };
  return String(value).replace(/["$`\n\t\r]/g, (c) => map[c]);
}

// What the Rust crate's `param.render()` writes for a JSON value.
const rendered = (value) => (value === null || value === undefined ? "" : String(value));

function render(template, data) {
  const hb = Handlebars.create();
  // The bundler's three helpers write their result as it is, unescaped.
  hb.registerHelper("or", (a, b) => new hb.SafeString(rendered(a) === "" ? rendered(b) : rendered(a)));
  hb.registerHelper("association-description", (description, ext) =>
    new hb.SafeString(rendered(description) === "" ? `${rendered(ext).toUpperCase()} File` : rendered(description)),
  );
  hb.registerHelper("no-escape", (value) => new hb.SafeString(rendered(value)));
  // Handlebars.js reads its escape function from its Utils when a template
  // is first rendered: the bundler's, for this rendering only.
  const htmlEscape = Handlebars.Utils.escapeExpression;
  Handlebars.Utils.escapeExpression = nsisEscape;
  try {
    return hb.compile(template, { strict: false })(data);
  } finally {
    Handlebars.Utils.escapeExpression = htmlEscape;
  }
}

const BOM = Buffer.from([0xef, 0xbb, 0xbf]);
const writeWithBom = (path, text) => writeFileSync(path, Buffer.concat([BOM, Buffer.from(text, "utf8")]));
const sha256 = (text) => createHash("sha256").update(text).digest("hex").slice(0, 12);

// The bundler patches the main binary with the kind of bundle it goes in
// (tauri-bundler's patch_binary: the first __TAURI_BUNDLE_TYPE_VAR_UNK
// becomes …_NSS), so the app knows an NSIS installer put it there. Done
// here on a copy; the original stays as cargo built it.
function patchedBinary(path, out) {
  const bytes = readFileSync(path);
  const at = bytes.indexOf(Buffer.from("__TAURI_BUNDLE_TYPE_VAR_UNK"));
  if (at < 0) return { path, note: "no __TAURI_BUNDLE_TYPE_VAR_UNK in it (already patched, by an earlier `tauri bundle` that failed before restoring it?): taken as it is" };
  bytes.write("__TAURI_BUNDLE_TYPE_VAR_NSS", at, "latin1");
  const copy = join(out, basename(path));
  writeFileSync(copy, bytes);
  return { path: copy, note: "a copy patched with the bundle type nsis, as the bundler patches it" };
}

function main() {
  const { values } = parseArgs({
    options: {
      out: { type: "string" },
      plugins: { type: "string" },
      "main-binary": { type: "string" },
      loader: { type: "string" },
      compression: { type: "string", default: "none" },
      "bundler-download": { type: "boolean", default: false },
    },
  });

  if (values["bundler-download"]) {
    const bin = cliBinary().bytes.toString("latin1");
    const m = /(https:\/\/github\.com\/tauri-apps\/nsis-tauri-utils\/releases\/download\/[^\s"]+?\.dll)([0-9A-F]{40})/.exec(bin);
    if (!m) fail("no nsis_tauri_utils download in the CLI's binary");
    console.log(`url=${m[1]}`);
    console.log(`sha1=${m[2]}`);
    return;
  }

  for (const k of ["out", "plugins", "main-binary", "loader"]) if (!values[k]) fail(`--${k} is required`);
  if (!["none", "zlib", "bzip2", "lzma"].includes(values.compression)) fail(`--compression: none, zlib, bzip2 or lzma`);
  const out = resolve(values.out);
  mkdirSync(out, { recursive: true });
  const s = settings();
  const t = templates();
  const langNames = s.languages;
  for (const l of langNames) if (!t.langs.has(l.toUpperCase())) fail(`the CLI has no language file for ${l}`);
  const compared = compareWithSource(t, langNames);

  // Every $(string) the scripts use must be in every language written.
  const used = new Set(
    [...(t.files["installer.nsi"] + t.files["utils.nsh"]).matchAll(/\$\(([A-Za-z][A-Za-z0-9_]*)\)/g)].map((m) => m[1]),
  );
  for (const l of langNames) {
    const defined = new Set([...t.langs.get(l.toUpperCase()).matchAll(/^LangString (\S+) /gm)].map((m) => m[1]));
    const missing = [...used].filter((k) => !defined.has(k));
    if (missing.length) fail(`${l}.nsh read from the CLI lacks ${missing.join(", ")}: cut short?`);
  }

  const mainBinary = patchedBinary(resolve(values["main-binary"]), out);
  const loader = resolve(values.loader);
  const arch = "x64";

  // The files the bundler writes beside installer.nsi, with a BOM.
  writeWithBom(join(out, "FileAssociation.nsh"), t.files["FileAssociation.nsh"]);
  writeWithBom(join(out, "utils.nsh"), t.files["utils.nsh"]);
  const languageFiles = langNames.map((l) => {
    const path = join(out, `${l}.nsh`);
    writeWithBom(path, t.langs.get(l.toUpperCase()));
    return path;
  });

  // build_nsis_app_installer's data, key by key, in its order. Left out, as
  // the bundler leaves them out for this app's settings: signed_plugins_path
  // and uninstaller_sign_cmd (no signing configured), license (no
  // bundle.licenseFile), installer_icon, header_image, sidebar_image,
  // uninstaller_icon, uninstaller_header_image, installer_hooks,
  // start_menu_folder, minimum_webview2_version (none set),
  // file_associations, webview2_bootstrapper_path and
  // webview2_installer_path (webviewInstallMode skip); deep_link_protocols
  // only when some scheme is declared.
  const resources = {};
  // The bundler adds WebView2Loader.dll for -gnu targets:
  // (parent of its target path, its target path), with / made \.
  resources[loader] = ["", "WebView2Loader.dll"];
  const binaries = {};
  const estimatedSize = Math.floor((statSync(mainBinary.path).size + statSync(loader).size) / 1024);
  const data = {
    additional_plugins_path: resolve(values.plugins),
    arch,
    bundle_id: s.identifier,
    manufacturer: s.publisher,
    product_name: s.productName,
    short_description: s.shortDescription,
    homepage: s.homepage,
    long_description: s.longDescription,
    copyright: s.copyright,
    version: s.version,
    version_with_build: versionWithBuild(s.version),
    allow_downgrades: true,
    compression: values.compression,
    install_mode: s.installMode,
    languages: langNames,
    display_language_selector: Boolean(s.displayLanguageSelector && langNames.length > 1),
    language_files: languageFiles,
    main_binary_name: s.mainBinaryName,
    main_binary_path: mainBinary.path,
    out_file: "nsis-output.exe",
    resources_ancestors: [],
    resources_dirs: [""],
    resources,
    binaries,
    estimated_size: estimatedSize,
    ...(s.deepLinkSchemes.length > 0 ? { deep_link_protocols: s.deepLinkSchemes } : {}),
    // webviewInstallMode skip: not one of the three with `silent`, so the
    // bundler's default, silent.
    webview2_installer_args: "/silent",
    install_webview2_mode: "",
  };
  const script = render(t.files["installer.nsi"], data);
  writeWithBom(join(out, "installer.nsi"), script);

  const summary = [
    `templates: the pinned CLI's (@tauri-apps/cli ${t.cli.version}, tauri-bundler ${t.bundler}): installer.nsi ${sha256(t.files["installer.nsi"])}, utils.nsh ${sha256(t.files["utils.nsh"])}, FileAssociation.nsh ${sha256(t.files["FileAssociation.nsh"])}, ${langNames.map((l) => `${l}.nsh ${sha256(t.langs.get(l.toUpperCase()))}`).join(", ")}; ${compared}`,
    `filled: ${Object.keys(data).length} keys (handlebars ${Handlebars.VERSION}); main binary: ${mainBinary.note}`,
  ];
  for (const line of summary) console.error(`nsis-script: ${line}`);
  console.log(`version=${s.version}`);
  console.log(`product_name=${s.productName}`);
  console.log(`main_binary=${s.mainBinaryName}.exe`);
  console.log(`install_mode=${s.installMode}`);
  console.log(`deep_link_schemes=${s.deepLinkSchemes.join(" ")}`);
  console.log(`setup=${s.productName}_${s.version}_${arch}-setup.exe`);
}

main();
