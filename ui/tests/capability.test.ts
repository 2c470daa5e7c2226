// The webview may call exactly the commands the UI calls: every command in
// the generated bindings is called somewhere in the UI, granted in the main
// window's capability and declared in build.rs, and nothing else is.
import { expect, test } from "vitest";

/** A file's text, read at build time (Vite's `?raw`). */
function only(files: Record<string, string>): string {
  const texts = Object.values(files);
  expect(texts).toHaveLength(1);
  return texts[0];
}
const bindings = only(import.meta.glob("../src/lib/bindings.ts", { query: "?raw", import: "default", eager: true }) as Record<string, string>);
const capabilityJson = only(import.meta.glob("../../src-tauri/capabilities/main.json", { query: "?raw", import: "default", eager: true }) as Record<string, string>);
const buildRs = only(import.meta.glob("../../src-tauri/build.rs", { query: "?raw", import: "default", eager: true }) as Record<string, string>);
/** The UI's own code: every `.ts` / `.svelte` file but the bindings and the IPC wrapper. */
const uiSources = Object.entries(import.meta.glob("../src/**/*.{ts,svelte}", { query: "?raw", import: "default", eager: true }) as Record<string, string>)
  .filter(([path]) => !path.endsWith("lib/bindings.ts") && !path.endsWith("lib/ipc.ts"))
  .map(([, text]) => text);

const camel = (snake: string) => snake.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase());

test("the capability grants exactly the commands the UI calls, as build.rs declares them", () => {
  const commands = [...bindings.matchAll(/__TAURI_INVOKE\("([a-z_]+)"/g)].map((m) => m[1]).sort();
  expect(commands.length).toBeGreaterThan(20);

  const capability = JSON.parse(capabilityJson) as { permissions: (string | object)[] };
  const granted = capability.permissions
    .filter((p): p is string => typeof p === "string" && p.startsWith("allow-"))
    .map((p) => p.slice("allow-".length).replace(/-/g, "_"))
    .sort();
  expect(granted).toEqual(commands);

  const list = buildRs.slice(buildRs.indexOf("const COMMANDS"), buildRs.indexOf("];"));
  const declared = [...list.matchAll(/"([a-z_]+)"/g)].map((m) => m[1]).sort();
  expect(declared).toEqual(commands);

  // Called by the UI: through `ipc.<name>` (ui/src/lib/ipc.ts wraps each
  // command) or `commands.<name>`, outside the bindings and the wrapper.
  const ui = uiSources.join("\n");
  const uncalled = commands.filter((name) => !new RegExp(`\\b(ipc|commands)\\s*\\.\\s*${camel(name)}\\b`).test(ui));
  expect(uncalled).toEqual([]);
});
