// The build's second step, after `vite build` (package.json `build`): the
// first-run form prerendered into ui/dist/index.html, so that a first run
// paints it before the UI's scripts are read (ui/src/lib/first-screen.ts).
//
// 1. ui/src/prerender.ts is built for Node (Vite's SSR build, into a
//    folder of node_modules/.cache) and renders App on a first run in each language;
// 2. ui/src/first-screen.ts is built as a plain script (an IIFE, so that
//    it runs while the page is parsed, before the module scripts);
// 3. index.html gets, right after `<div id="app"></div>`, one
//    `<template class="first-run" id="first-run-<language>">` per language
//    (inert until one is used) and that script, inline: a script file
//    there would hold the parser for one request, long enough for the
//    module scripts to run before the form is painted (BENCHMARKS.md, "The
//    first-run form prerendered"). Tauri adds an inline script's hash to
//    the CSP when it embeds the page;
// 4. ui/public/start.js (the window's first question) written inline in
//    the page's <head> in place of its file, for the same reason: the
//    parser no longer waits for it.
import { readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { build } from "vite";

const ui = fileURLToPath(new URL(".", import.meta.url));
const configFile = join(ui, "vite.config.ts");
const dist = join(ui, "dist");
const page = join(dist, "index.html");
const APP = '<div id="app"></div>';
/** The window's first question (ui/public/start.js), a file for Vite's dev server, inline in the build. */
const START = '<script src="/start.js"></script>';

/** `html` with its one `marker` replaced by `by` (an error if `marker` is not there exactly once). */
function replaceOnce(html, marker, by) {
  if (html.split(marker).length !== 2) throw new Error(`${page} must hold ${marker} once`);
  return html.replace(marker, () => by);
}

/** `code` to be written inside `<script>…</script>`: it must not close the element itself. */
function inlineScript(code, what) {
  if (/<\/script/i.test(code)) throw new Error(`${what} cannot be written inline: it holds </script`);
  return code.trim();
}

// Inside the project, so that Node finds the packages it imports.
const server = join(ui, "..", "node_modules", ".cache", "workdesk-prerender");
try {
  await build({
    configFile,
    logLevel: "warn",
    build: { ssr: "src/prerender.ts", outDir: server, emptyOutDir: true, copyPublicDir: false },
  });
  const { LANGUAGES, firstRunMarkup } = await import(pathToFileURL(join(server, "prerender.js")).href);
  await build({
    configFile,
    logLevel: "warn",
    build: {
      outDir: server,
      emptyOutDir: false,
      copyPublicDir: false,
      lib: { entry: "src/first-screen.ts", formats: ["iife"], name: "workdeskFirstScreen", fileName: () => "first-screen.js" },
    },
  });
  const html = readFileSync(page, "utf8");
  const templates = LANGUAGES
    .map((language) => `<template class="first-run" id="first-run-${language}">${firstRunMarkup(language)}</template>`)
    .join("\n    ");
  const code = inlineScript(readFileSync(join(server, "first-screen.js"), "utf8"), "the first-screen script");
  const start = inlineScript(readFileSync(join(dist, "start.js"), "utf8"), "start.js");
  const withStart = replaceOnce(html, START, `<script>${start}</script>`);
  writeFileSync(page, replaceOnce(withStart, APP, `${APP}\n    ${templates}\n    <script>${code}</script>`));
  rmSync(join(dist, "start.js"));
  console.log(`prerendered the first-run form into ${page} (${LANGUAGES.join(", ")})`);
} finally {
  rmSync(server, { recursive: true, force: true });
}
