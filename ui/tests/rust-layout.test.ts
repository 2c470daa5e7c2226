// The Rust code keeps its shape (issue 45: each command, rule and text
// defined once):
//
// - The Tauri app crate stays thin glue over `workdesk-core`: its own
//   sources, `src-tauri/src/**/*.rs`, are at most MAX_APP_LINES lines (as
//   `wc -l` counts them). What a command does belongs in the crates.
//
// - No cycle of dependencies between the files of a crate (each folder with
//   a Cargo.toml: the app package, whose sources are src-tauri/src, each
//   src-tauri/crates/*, src-tauri/floor). A crate's files are its module
//   tree, followed from each root (the `[lib]` and each binary:
//   `src/lib.rs`, `src/main.rs`, or the paths the manifest gives) through
//   `mod name;`: `src/foo.rs` or `src/foo/mod.rs` is `crate::foo`,
//   `src/foo/bar.rs` is `crate::foo::bar`. File A depends on file B when
//   A's code names B's module or something in it with a path from
//   `crate::`, `super::` or `self::`, in a `use` (grouped ones too:
//   `use crate::{a, b::c}`) or anywhere in the code (`crate::b::f()`,
//   `impl crate::b::T`). A path is the deepest module that has a file of
//   its own: `crate::foo::bar::Baz` is foo/bar.rs when there is one, else
//   foo.rs. The rule on parents and children: a module and the modules
//   inside it are one unit, not two that depend on each other. A parent
//   declaring, using or re-exporting its children, and a child using its
//   parent's items through `super::` (or the crate root's through
//   `crate::`), is containment and never an edge; only names between two
//   files neither of which contains the other count (siblings, cousins, a
//   child and its parent's sibling). Comments, doc comments (their
//   intra-doc links too), string and character literals, and modules
//   compiled for tests only (`#[cfg(test)] mod tests { … }` or
//   `#[cfg(test)] mod tests;`: a test may reach anywhere) are not read. A
//   cycle is reported as the files around it, `a.rs -> b.rs -> a.rs`, for
//   every dependency that takes part in one (Tarjan's strongly connected
//   components, then the shortest cycle through each edge inside one).
//   Limit: a path through a re-export (`crate::Foo` where lib.rs has
//   `pub use foo::Foo`) is a name of the root, not of foo.rs.
//
// - A dependency declared in two or more manifests of the workspace (the
//   top-level Cargo.toml's [dependencies], [dev-dependencies],
//   [build-dependencies] and target-specific tables, and every member's)
//   takes its version, or its path, from [workspace.dependencies]:
//   `foo = { workspace = true }`, with the crate's own features added.
//
// Each check also runs on a made-up case with the rule broken, so that it
// cannot pass by finding nothing.
import { describe, expect, test } from "vitest";
import { parse } from "smol-toml";
import { cycles, fileDependencies, lineCount, moduleTree, notFromWorkspace } from "./fixtures/rust";

/** At most this many lines in src-tauri/src/**\/*.rs, the app crate's own code. */
const MAX_APP_LINES = 1_500;

/** A repository path ("src-tauri/src/lib.rs") from a path as Vite's glob gives it ("../../src-tauri/src/lib.rs"). */
const repoPath = (path: string) => path.replace(/^(\.\.\/)+/, "");
const byRepoPath = (files: Record<string, string>) =>
  Object.fromEntries(Object.entries(files).map(([path, text]) => [repoPath(path), text]));

/** Every Rust file of the repository's own crates (the app's, each under src-tauri/crates, the floor's). */
const rustSources = byRepoPath(
  import.meta.glob("../../src-tauri/**/*.rs", { query: "?raw", import: "default", eager: true }) as Record<string, string>,
);
/** Every Cargo.toml of the workspace: the top-level one (the app package and the workspace) and each member's. */
const manifestSources = byRepoPath(
  import.meta.glob(["../../Cargo.toml", "../../src-tauri/**/Cargo.toml"], { query: "?raw", import: "default", eager: true }) as Record<
    string,
    string
  >,
);
const manifests = Object.fromEntries(Object.entries(manifestSources).map(([path, text]) => [path, parse(text) as Record<string, unknown>]));
const rootManifest = manifests["Cargo.toml"] as {
  lib?: { path?: string };
  bin?: { path?: string }[];
  workspace: { members: string[]; dependencies?: Record<string, unknown> };
};

interface Crate {
  /** Its folder ("" for the top-level package). */
  dir: string;
  /** Its root files: the library's and each binary's. */
  roots: string[];
}

/** The crates of the workspace, each with its root files (as its manifest places them, else src/lib.rs and src/main.rs). */
function crates(): Crate[] {
  return Object.entries(manifests).map(([path, toml]) => {
    const dir = path.replace(/\/?Cargo\.toml$/, "");
    const within = (file: string) => (dir ? `${dir}/${file}` : file);
    const { lib, bin } = toml as { lib?: { path?: string }; bin?: { path?: string }[] };
    const roots = [lib?.path ?? "src/lib.rs", ...(bin ?? []).map((b) => b.path ?? ""), "src/main.rs"]
      .filter((file) => file !== "")
      .map(within)
      .filter((file, k, all) => file in rustSources && all.indexOf(file) === k);
    return { dir, roots };
  });
}

/** The cycles of file dependencies in a crate whose roots are `roots`, each file named from the roots' folder. */
function crateCycles(roots: string[], sources: Record<string, string>): string[] {
  const files = moduleTree(roots, sources);
  const base = roots[0].slice(0, roots[0].lastIndexOf("/") + 1);
  return cycles(fileDependencies(files, sources), (path) => (path.startsWith(base) ? path.slice(base.length) : path));
}

describe("the app crate stays thin", () => {
  test(`src-tauri/src/**/*.rs is at most ${MAX_APP_LINES} lines`, () => {
    const files = Object.entries(rustSources).filter(([path]) => path.startsWith("src-tauri/src/"));
    expect(files.length).toBeGreaterThan(0);
    const lines = files.map(([path, text]) => ({ path, lines: lineCount(text) })).sort((a, b) => b.lines - a.lines);
    const total = lines.reduce((sum, file) => sum + file.lines, 0);
    expect(
      total,
      `src-tauri/src/**/*.rs has ${total} lines, over ${MAX_APP_LINES}: what a command does belongs in workdesk-core ` +
        `(src-tauri/crates/core), the app crate only glues it to Tauri. By file: ` +
        lines.map((file) => `${file.path} ${file.lines}`).join(", "),
    ).toBeLessThanOrEqual(MAX_APP_LINES);
  });

  test("lines are counted as wc -l counts them", () => {
    expect(lineCount("")).toBe(0);
    expect(lineCount("fn main() {}\n")).toBe(1);
    expect(lineCount("a\nb\nno newline at the end")).toBe(2);
  });
});

describe("no cycle of file dependencies inside a crate", () => {
  test("every crate of the workspace is looked at", () => {
    const dirs = crates().map((crate) => crate.dir);
    expect(dirs.sort()).toEqual(["", ...rootManifest.workspace.members].sort());
    for (const crate of crates()) expect(crate.roots, `${crate.dir || "the app package"} has no root file`).not.toEqual([]);
    const app = crates().find((crate) => crate.dir === "")!;
    expect(app.roots).toEqual(["src-tauri/src/lib.rs", "src-tauri/src/main.rs"]);
  });

  for (const crate of crates()) {
    const name = crate.dir || "the app package (src-tauri/src)";
    test(`${name}: its files depend on each other without a cycle`, () => {
      const found = crateCycles(crate.roots, rustSources);
      expect(
        found,
        `${name} has cycles of file dependencies (file A names file B's module through crate:: / super:: / self::; ` +
          `see this test's header for the rule). Break each one, e.g. by moving what both need into a module ` +
          `of its own, or into the one that owns it:\n  ${found.join("\n  ")}\n`,
      ).toHaveLength(0);
    });
  }

  // A made-up crate: lib.rs, a.rs, b.rs, c/mod.rs, c/d.rs, e.rs.
  const madeUp = (a: string, b: string, extra: Record<string, string> = {}) => ({
    "x/src/lib.rs": "//! Root.\npub mod a;\nmod b;\npub(crate) mod c;\nmod e;\npub use c::d::Thing;\n",
    "x/src/a.rs": a,
    "x/src/b.rs": b,
    "x/src/c/mod.rs": "pub mod d;\nuse super::a;\npub fn f() { d::g(); a::h(); }\n",
    "x/src/c/d.rs": "use super::super::e::E;\nuse crate::Thing as _;\npub fn g() { super::f(); }\npub struct Thing;\n",
    "x/src/e.rs": "pub struct E;\n",
    ...extra,
  });
  const cyclesOf = (sources: Record<string, string>) => crateCycles(["x/src/lib.rs"], sources);

  test("a parent and its children, the root and its files, are no cycle", () => {
    // c/mod.rs and c/d.rs name each other, lib.rs re-exports d's item and d
    // names the root's: containment, not dependencies.
    expect(cyclesOf(madeUp("pub fn h() {}\n", "pub struct B;\n"))).toEqual([]);
  });

  test("a cycle through `use crate::…` and a grouped import is found", () => {
    const a = "use crate::{b::B, e};\npub fn h() {}\n";
    const b = "pub struct B;\nfn f() { crate::a::h(); }\n";
    expect(cyclesOf(madeUp(a, b))).toEqual(["a.rs -> b.rs -> a.rs"]);
  });

  test("a longer cycle through a sibling's child and `super::` is found", () => {
    const a = "pub fn h() {}\nimpl crate::b::B {}\n";
    const b = "pub struct B;\npub fn k() -> super::c::d::Thing { todo!() }\n";
    // d.rs already names e.rs; e.rs names a.rs: a -> b -> d -> e -> a.
    const e = "pub struct E;\nfn x() { let _ = crate::a::h; }\n";
    expect(cyclesOf(madeUp(a, b, { "x/src/e.rs": e }))).toEqual(["a.rs -> b.rs -> c/d.rs -> e.rs -> a.rs"]);
  });

  test("comments, doc comments, strings and test modules are not read", () => {
    const a = [
      "/// See [`crate::b::B`] and /* crate::b::B */ too.",
      "// use crate::b;",
      'const S: &str = "crate::b::B"; const R: &str = r#"use crate::b;"#; const C: char = \'"\';',
      "fn lifetime<'a>(x: &'a str) -> &'a str { x }",
      "#[cfg(test)]\n#[allow(unused)]\nmod tests {\n    use crate::b::B;\n    mod inner { fn f() { crate::b::B; } }\n}",
      "pub fn h() {}",
    ].join("\n");
    const b = "pub struct B;\nuse crate::a;\n";
    expect(cyclesOf(madeUp(a, b))).toEqual([]);
    // The same code outside the test module is a dependency.
    expect(cyclesOf(madeUp(`${a}\nuse crate::b::B as _;\n`, b))).toEqual(["a.rs -> b.rs -> a.rs"]);
  });

  test("an inline module's `super::` is its own file", () => {
    const a = "pub fn h() {}\nmod inner {\n    use super::h;\n    use super::super::b::B;\n}\n";
    const b = "pub struct B;\nuse crate::a::h;\n";
    expect(cyclesOf(madeUp(a, b))).toEqual(["a.rs -> b.rs -> a.rs"]);
  });
});

describe("a dependency several manifests declare is declared once, in [workspace.dependencies]", () => {
  test("every manifest of the workspace is read", () => {
    expect(Object.keys(manifests).sort()).toEqual(["Cargo.toml", ...rootManifest.workspace.members.map((m) => `${m}/Cargo.toml`)].sort());
  });

  test("each shared dependency takes its version from the workspace", () => {
    const problems = notFromWorkspace(manifests, rootManifest.workspace.dependencies ?? {});
    expect(
      problems,
      `Dependencies declared in two or more manifests without \`workspace = true\`: give each one entry in ` +
        `[workspace.dependencies] of the top-level Cargo.toml (its version or path, \`default-features = false\` when ` +
        `any user needs it off, and the features every user needs), and \`{ workspace = true, features = [...] }\` ` +
        `in each manifest:\n  ${problems.join("\n  ")}\n`,
    ).toHaveLength(0);
  });

  test("a version repeated in two manifests, or a workspace entry missing, is found", () => {
    const made = {
      "Cargo.toml": parse('[workspace]\nmembers = ["a"]\n[workspace.dependencies]\nserde = "1"\n[dependencies]\nlog = "0.4"\nserde.workspace = true\n'),
      "a/Cargo.toml": parse(
        "[dependencies]\nserde = { workspace = true }\nthiserror = { workspace = true }\n" +
          "[target.'cfg(windows)'.dev-dependencies]\nlog = { version = \"0.4\", default-features = false }\n",
      ),
    } as Record<string, Record<string, unknown>>;
    const ws = (made["Cargo.toml"].workspace as { dependencies: Record<string, unknown> }).dependencies;
    expect(notFromWorkspace(made, ws)).toEqual([
      expect.stringMatching(/^Cargo\.toml \[dependencies\] log: declared in 2 manifests/),
      "a/Cargo.toml [dependencies] thiserror: workspace = true, but [workspace.dependencies] has no thiserror",
      expect.stringMatching(/^a\/Cargo\.toml \[target\.'cfg\(windows\)'\.dev-dependencies\] log: declared in 2 manifests/),
    ]);
  });
});
