// ESLint for the web UI (Svelte 5 + TypeScript) and its tests: the
// recommended rules of ESLint, typescript-eslint and eslint-plugin-svelte.
// `npm run lint` (run by CI).
import js from "@eslint/js";
import svelte from "eslint-plugin-svelte";
import globals from "globals";
import ts from "typescript-eslint";

export default ts.config(
  { ignores: ["ui/dist/", "ui/src/lib/bindings.ts", "node_modules/", "src-tauri/", "artifacts/"] },
  js.configs.recommended,
  ...ts.configs.recommended,
  ...svelte.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
  },
  {
    files: ["**/*.svelte", "**/*.svelte.ts"],
    languageOptions: { parserOptions: { parser: ts.parser, extraFileExtensions: [".svelte"] } },
  },
  {
    rules: {
      // `_`-prefixed names are meant to be unused (destructuring, callbacks).
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      // `{" "}` keeps a space between inline parts that formatting would
      // otherwise move to a line break (and so drop).
      "svelte/no-useless-mustaches": "off",
      // The UI never mutates a Set or Map held in $state: it replaces it
      // whole (`selection = new Set(...)`), which Svelte tracks; the Maps
      // and Sets the rule finds are lookups built inside a function, or a
      // cache of compiled messages that is not state.
      "svelte/prefer-svelte-reactivity": "off",
    },
  },
);
