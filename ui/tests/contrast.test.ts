// The design tokens meet WCAG 2.2 AA contrast in both themes, so every
// screen built from them does: text ≥ 4.5:1 on the background, the edges of
// controls and the focus ring ≥ 3:1 (1.4.11), text on a filled button or
// badge ≥ 4.5:1. Read from app.css itself.
// @ts-expect-error -- Node's fs: the tests run on Node, and the UI has no @types/node.
import { existsSync, readFileSync } from "node:fs";
import { describe, expect, test } from "vitest";

// Read from the file (from the repository or from ui/): Vite hands CSS
// imports to tests as empty modules.
const css = readFileSync(existsSync("ui/src/app.css") ? "ui/src/app.css" : "src/app.css", "utf8");

/** The `--name: #rrggbb` tokens of the first block after `selector`. */
function tokens(from: number): Record<string, string> {
  const block = css.slice(css.indexOf("{", from) + 1, css.indexOf("}", from));
  return Object.fromEntries([...block.matchAll(/--([\w-]+):\s*(#[0-9a-f]{6})/gi)].map((m) => [m[1], m[2].toLowerCase()]));
}

const light = tokens(css.indexOf(":root"));
const dark = { ...light, ...tokens(css.indexOf(":root", css.indexOf("prefers-color-scheme: dark"))) };

/** WCAG relative luminance of `#rrggbb`. */
function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16) / 255);
  const linear = (c: number) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4);
  return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b);
}

/** The contrast ratio of two colours, 1 to 21. */
function contrast(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
}

describe.each([
  ["light", light],
  ["dark", dark],
])("the %s theme", (_, theme) => {
  test.each(["fg", "muted", "accent", "danger", "demo"])("text in --%s reads on the background (≥ 4.5:1)", (name) => {
    expect(contrast(theme[name], theme.bg)).toBeGreaterThanOrEqual(4.5);
  });

  test("the edges of controls and the focus ring stand out from the background (≥ 3:1)", () => {
    expect(contrast(theme.edge, theme.bg)).toBeGreaterThanOrEqual(3);
    expect(contrast(theme.accent, theme.bg)).toBeGreaterThanOrEqual(3);
  });

  test.each(["chart-complete", "chart-draft", "chart-error", "chart-leads"])("bars in --%s stand out from the background (≥ 3:1)", (name) => {
    expect(contrast(theme[name], theme.bg)).toBeGreaterThanOrEqual(3);
  });

  test("the stacked statuses' bars differ from one another", () => {
    const stacked = ["chart-complete", "chart-draft", "chart-error"].map((name) => theme[name]);
    expect(new Set(stacked).size).toBe(3);
    // Told apart by lightness too, not only hue: complete and provisional sit next to each other.
    expect(contrast(theme["chart-complete"], theme["chart-draft"])).toBeGreaterThanOrEqual(1.2);
  });

  test("text on a primary button and on the Demo badge reads (≥ 4.5:1)", () => {
    expect(contrast(theme["on-accent"], theme.accent)).toBeGreaterThanOrEqual(4.5);
    expect(contrast(theme["on-demo"], theme.demo)).toBeGreaterThanOrEqual(4.5);
  });
});

test("filled buttons and the badge take their text colour from the tokens, not white", () => {
  expect(css).not.toMatch(/color:\s*white/);
  expect(Object.keys(dark)).toEqual(expect.arrayContaining(["edge", "on-accent", "on-demo"]));
});
