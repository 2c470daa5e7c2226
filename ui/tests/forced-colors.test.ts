// Windows High Contrast (`forced-colors: active`) drops backgrounds and box
// shadows: whatever shows the selection, the opened row, the option under
// a picker's cursor and the focus that way must also be drawn with system
// colours there. Checked here in the styles themselves, on every system
// (jsdom has no forced colours to emulate); tests/browser/forced-colors.test.ts
// renders the rows in forced colours for real, in Chromium.
// @ts-expect-error -- Node's fs: the tests run on Node, and the UI has no @types/node.
import { existsSync, readFileSync } from "node:fs";
import { expect, test } from "vitest";

// Read from the files (from the repository or from ui/): Vite hands CSS
// imports to tests as empty modules.
const read = (path: string) => readFileSync(existsSync(`ui/${path}`) ? `ui/${path}` : path, "utf8");
const appCss = read("src/app.css");
const table = read("src/components/records/RecordTable.svelte");

/** The body of the `@media (forced-colors: active)` block of `text`. */
function forcedColors(text: string): string {
  const at = text.indexOf("@media (forced-colors: active)");
  expect(at, "a forced-colors block").toBeGreaterThanOrEqual(0);
  let depth = 0;
  for (let i = text.indexOf("{", at); i < text.length; i++) {
    if (text[i] === "{") depth++;
    if (text[i] === "}" && --depth === 0) return text.slice(at, i + 1);
  }
  return "";
}

test("the selected and the opened row keep a system-coloured mark in forced colours", () => {
  // Elsewhere they are a background and an inset shadow, which forced colours remove.
  expect(table).toMatch(/tr\.selected \{ background:/);
  expect(table).toMatch(/tr\.opened \{ box-shadow:/);
  const block = forcedColors(table);
  expect(block).toMatch(/tr\.selected[^{]*\{[^}]*background: Highlight;[^}]*color: HighlightText/);
  expect(block).toMatch(/tr\.opened[^{]*\{[^}]*border-left: 4px solid CanvasText/);
  expect(block).toMatch(/tr:focus-visible[^{]*\{[^}]*outline: 2px solid Highlight/);
});

test("focus and a picker's option under the cursor use system colours in forced colours", () => {
  const block = forcedColors(appCss);
  expect(block).toMatch(/:focus-visible \{ outline: 2px solid Highlight; \}/);
  expect(block).toMatch(/\[role="option"\]\[aria-selected="true"\] \{[^}]*background: Highlight;[^}]*color: HighlightText/);
});
