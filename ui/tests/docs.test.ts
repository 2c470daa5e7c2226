// The repository explains itself: every place that cites the service's
// contract as docs/service.md and a section's name in quotes names a
// section that file has, so a comment never points at a heading that was
// renamed or at a document outside the repository.
import { describe, expect, test } from "vitest";

/** Our code and documents, by path (dependencies and build output are not matched). */
const sources = import.meta.glob(
  [
    "../../src-tauri/**/*.{rs,toml,md,json}",
    "../src/**/*.{ts,svelte}",
    "../e2e/*.mjs",
    "./**/*.ts",
    "../../docs/*.md",
    "../../README*.md",
    "../../Cargo.toml",
    "../../.ci/*",
    "../../.github/workflows/*.yml",
  ],
  { query: "?raw", import: "default", eager: true },
) as Record<string, string>;

/** The section headings of docs/service.md ("List queries", "Filters"…). */
const sections = new Set(
  (sources["../../docs/service.md"] ?? "")
    .split("\n")
    .filter((line) => line.startsWith("#"))
    .map((line) => line.replace(/^#+\s*/, "").trim()),
);

/** Text with comment markers at line starts and line breaks folded into single spaces. */
function flattened(text: string): string {
  return text.replace(/\n\s*(?:\/\/[/!]?|\*|#)?\s*/g, " ");
}

describe("docs/service.md", () => {
  test("every citation of a section names a heading of it", () => {
    expect(sections.size).toBeGreaterThan(20);
    const cited: { file: string; section: string }[] = [];
    for (const [file, text] of Object.entries(sources)) {
      for (const match of flattened(text).matchAll(/docs\/service\.md,? ((?:[“"][^"”]+[”"](?:,? (?:and )?)?)+)/g)) {
        for (const [, section] of match[1].matchAll(/[“"]([^"”]+)[”"]/g)) cited.push({ file, section });
      }
    }
    // "Section" is the placeholder with which the form is explained.
    expect(cited.filter(({ section }) => !sections.has(section) && section !== "Section")).toEqual([]);
    // Citations from the crates, the UI and the scripts were all read.
    for (const where of ["src-tauri/crates/", "../src/", "README"]) {
      expect(cited.some(({ file }) => file.includes(where)), where).toBe(true);
    }
    expect(cited.length).toBeGreaterThan(60);
  });
});

describe("README.md and README.es.md", () => {
  // Lines inside fenced code blocks are not headings.
  function headings(text: string): string[] {
    let fenced = false;
    const found: string[] = [];
    for (const line of text.split("\n")) {
      if (line.startsWith("```")) fenced = !fenced;
      else if (!fenced && /^# /.test(line)) found.push(line);
    }
    return found;
  }

  test("each has one title and no drafts pasted into it", () => {
    for (const name of ["../../README.md", "../../README.es.md"]) {
      const text = sources[name] ?? "";
      expect(text.length, name).toBeGreaterThan(1000);
      // A second top-level heading has only ever been a note pasted in.
      expect(headings(text), name).toEqual(["# Workdesk"]);
      expect(text, name).not.toMatch(/Párrafo para README|^# (The update key|What is not tested here|Other changes)/m);
    }
  });
});
