// The UI's source files stay small: none passes 400 lines (the generated
// bindings aside). A file that grows past it is split by what it does: a
// store (`*.svelte.ts`) for its state, a component for a part of its
// screen, a module for its rules.
import { expect, test } from "vitest";

/** The most lines a UI source file may have. */
const MAX_LINES = 400;

/** Every `.ts` and `.svelte` file under ui/src, by path, as text (Vite's `?raw`). */
const sources = import.meta.glob("../src/**/*.{ts,svelte}", { query: "?raw", import: "default", eager: true }) as Record<string, string>;

/** Lines of `text`, as `wc -l` counts them for a file ending in a newline. */
const lines = (text: string) => text.split("\n").length - (text.endsWith("\n") ? 1 : 0);

test("no UI source file passes 400 lines", () => {
  const files = Object.entries(sources).filter(([path]) => !path.endsWith("/lib/bindings.ts"));
  expect(files.length).toBeGreaterThan(50);
  const offenders = files
    .map(([path, text]) => `${path.replace(/^\.\.\//, "ui/")} (${lines(text)} lines)`)
    .filter((_, i) => lines(files[i][1]) > MAX_LINES);
  expect(offenders, `UI source files over ${MAX_LINES} lines`).toEqual([]);
});
