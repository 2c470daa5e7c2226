// Rust sends catalogue keys with parameters, never English sentences: a
// check of Workdesk's own (a `workdesk_query::Problem`) is a code and its
// values, which the UI words as `errors.problem.<code>` in the user's
// language.
//
// - Every code the client crates build (src-tauri/crates/{api, query,
//   sync, cache, key, core}/src and the app's src-tauri/src; not the
//   sandbox, which speaks the service's English) has an entry in both the
//   English and the Spanish catalogues. A code is built by
//   `Problem::new("<code>", …)`, a `Code { name: "<code>", … }` or a
//   `FieldProblem::Check { code: "<code>", … }`.
// - The code is written out as a literal, so that this test can read it.
// - No problem carries a sentence: `Problem::new` takes the code and its
//   values only, and none of its arguments is a text with a space in it
//   (a sentence) or a `format!`. Nor does a client crate add words of its
//   own as if the service had said them (`.add("sort", "Cannot sort…")`).
//
// Comments, doc comments and modules compiled for tests only are not read.
// The check also runs on a made-up crate with every rule broken, so that
// it cannot pass by finding nothing.
import { describe, expect, test } from "vitest";
import { closing, stringValue, tokenize, withoutTestModules, type Token } from "./fixtures/rust";

/** A repository path ("src-tauri/src/lib.rs") from a path as Vite's glob gives it ("../../src-tauri/src/lib.rs"). */
const repoPath = (path: string) => path.replace(/^(\.\.\/)+/, "");

/** The client's Rust sources: the crates the app is built from, not the sandbox (the service's stand-in). */
const CLIENT = /^src-tauri\/(?:crates\/(?:api|query|sync|cache|key|core)\/src|src)\//;

const clientSources = Object.fromEntries(
  Object.entries(
    import.meta.glob("../../src-tauri/**/*.rs", { query: "?raw", import: "default", eager: true }) as Record<string, string>,
  )
    .map(([path, text]) => [repoPath(path), text] as const)
    .filter(([path]) => CLIENT.test(path)),
);

/** Each language's catalogues merged: key → message. */
const catalogues: Record<string, Record<string, string>> = {};
for (const [path, catalogue] of Object.entries(
  import.meta.glob("../src/i18n/*/*.json", { import: "default", eager: true }) as Record<string, Record<string, string>>,
)) {
  const language = /i18n\/(\w+)\//.exec(path)![1];
  Object.assign((catalogues[language] ??= {}), catalogue);
}

/** What the client's sources build: each code with where, and each rule broken. */
interface Found {
  /** Code → the files that build it. */
  codes: Map<string, string[]>;
  /** What breaks a rule, one line each (`path: …`). */
  faults: string[];
}

/** The arguments between the brackets at `open` and `close`, split at top-level commas (a trailing comma left out). */
function argumentsOf(tokens: Token[], open: number, close: number): Token[][] {
  const args: Token[][] = [[]];
  for (let i = open + 1; i < close; i++) {
    const t = tokens[i];
    if (t === "(" || t === "[" || t === "{") {
      const end = closing(tokens, i);
      args[args.length - 1].push(...tokens.slice(i, end + 1));
      i = end;
    } else if (t === ",") args.push([]);
    else args[args.length - 1].push(t);
  }
  return args.filter((arg, i) => arg.length > 0 || i < args.length - 1);
}

/** A sentence among `tokens`: a string literal with a space in it, or a `format!`. */
function sentenceIn(tokens: Token[]): string | null {
  for (let i = 0; i < tokens.length; i++) {
    const text = stringValue(tokens[i]);
    if (text !== null && /\s/.test(text)) return tokens[i];
    if (tokens[i] === "format" && tokens[i + 1] === "!") return "format!(…)";
  }
  return null;
}

/** The string literal given to field `field` directly inside the braces at `open`…`close` (`name: "x"`), if any. */
function fieldLiteral(tokens: Token[], open: number, close: number, field: string): string | null {
  for (let i = open + 1; i < close; i++) {
    if (tokens[i] === "(" || tokens[i] === "[" || tokens[i] === "{") i = closing(tokens, i);
    else if (tokens[i] === field && tokens[i + 1] === ":") return stringValue(tokens[i + 2] ?? "");
  }
  return null;
}

/** The codes `sources` build, and the rules they break (see the top of this file). */
function problemCodes(sources: Record<string, string>): Found {
  const codes = new Map<string, string[]>();
  const faults: string[] = [];
  const built = (code: string, path: string) => codes.set(code, [...(codes.get(code) ?? []), path]);
  for (const [path, source] of Object.entries(sources)) {
    const tokens = withoutTestModules(tokenize(source, { strings: true }));
    for (let i = 0; i < tokens.length; i++) {
      if (tokens[i] === "Problem" && tokens[i + 1] === "::" && tokens[i + 2] === "new" && tokens[i + 3] === "(") {
        const close = closing(tokens, i + 3);
        const args = argumentsOf(tokens, i + 3, close);
        const code = args[0]?.length === 1 ? stringValue(args[0][0]) : null;
        const shown = `Problem::new(${args[0]?.join(" ") ?? ""}, …)`;
        if (code === null) faults.push(`${path}: ${shown}: the code is not written out as a literal`);
        else built(code, path);
        if (args.length !== 2) faults.push(`${path}: ${shown} has ${args.length} arguments, not the code and its values`);
        const sentence = sentenceIn(args.slice(1).flat());
        if (sentence) faults.push(`${path}: ${shown} carries a sentence: ${sentence}`);
      } else if (tokens[i] === "Code" && tokens[i + 1] === "{" && !["struct", "for", "impl"].includes(tokens[i - 1])) {
        const code = fieldLiteral(tokens, i + 1, closing(tokens, i + 1), "name");
        if (code !== null) built(code, path);
      } else if (tokens[i] === "Check" && tokens[i - 1] === "::" && tokens[i + 1] === "{") {
        const code = fieldLiteral(tokens, i + 1, closing(tokens, i + 1), "code");
        if (code !== null) built(code, path);
      } else if (tokens[i] === "." && tokens[i + 1] === "add" && tokens[i + 2] === "(") {
        const args = argumentsOf(tokens, i + 2, closing(tokens, i + 2));
        const sentence = args.length === 2 ? sentenceIn(args[1]) : null;
        if (sentence) faults.push(`${path}: .add(${args[0].join(" ")}, ${sentence}): Workdesk's words added as the service's`);
      }
    }
  }
  return { codes, faults };
}

describe("the checks Rust makes by code", () => {
  const found = problemCodes(clientSources);

  test("are read from the client's crates, and none of them carries a sentence", () => {
    // Not vacuous: the crates and the codes are where this test looks.
    for (const crate of ["api", "query", "sync", "cache", "core"]) {
      expect(Object.keys(clientSources).some((path) => path.startsWith(`src-tauri/crates/${crate}/src/`)), crate).toBe(true);
    }
    expect(found.codes.size).toBeGreaterThan(30);
    expect(found.faults).toEqual([]);
  });

  test("every code has words in English and in Spanish (errors.problem.<code>)", () => {
    expect(Object.keys(catalogues).sort()).toEqual(["en", "es"]);
    for (const [language, catalogue] of Object.entries(catalogues)) {
      const missing = [...found.codes]
        .filter(([code]) => !(`errors.problem.${code}` in catalogue))
        .map(([code, paths]) => `${code} (${paths[0]})`);
      expect(missing, language).toEqual([]);
    }
  });

  test("a made-up crate with every rule broken is caught", () => {
    const made = problemCodes({
      "src-tauri/crates/api/src/made.rs": `
        /// Problem::new("in_a_doc_comment", [])
        fn good(v: &str) -> Problem { Problem::new("made_up", [("value", v), ("min", "1")]) }
        fn multi_line(x: &str) -> Problem {
            Problem::new(
                "with_sentence",
                [("value", x)],
                format!("Enter a number (“{x}” is not one)."),
            )
        }
        fn spoken() -> Problem { Problem::new("spoken", [("hint", "Enter a value.")]) }
        fn hidden(name: &'static str) -> Problem { Problem::new(name, []) }
        fn by_hand() -> Code { Code { name: "by_hand", values: vec![] } }
        fn checked() -> FieldProblem { FieldProblem::Check { code: "checked".into(), values: BTreeMap::new() } }
        fn said(errors: &mut ValidationErrors) { errors.add("sort", "Cannot sort by that"); errors.add("take", text); }
        pub struct Code { name: &'static str }
        // Problem::new("in_a_comment", [])
        #[cfg(test)]
        mod tests { fn t() { Problem::new("only_in_tests", [], "A test's own words."); } }
      `,
    });
    expect([...made.codes.keys()].sort()).toEqual(["by_hand", "checked", "made_up", "spoken", "with_sentence"]);
    expect(made.faults).toEqual([
      "src-tauri/crates/api/src/made.rs: Problem::new(\"with_sentence\", …) has 3 arguments, not the code and its values",
      "src-tauri/crates/api/src/made.rs: Problem::new(\"with_sentence\", …) carries a sentence: format!(…)",
      "src-tauri/crates/api/src/made.rs: Problem::new(\"spoken\", …) carries a sentence: \"Enter a value.\"",
      "src-tauri/crates/api/src/made.rs: Problem::new(name, …): the code is not written out as a literal",
      "src-tauri/crates/api/src/made.rs: .add(\"sort\", \"Cannot sort by that\"): Workdesk's words added as the service's",
    ]);
  });
});
