// The webview may call Workdesk's own commands and nothing else. The main
// window's capability grants `default`, the app's own permission set that
// build.rs generates from the command functions themselves (every command,
// and only those), plus listening to events and zooming its own webview:
// no file system, dialog, shell, HTTP, store or updater permission (the
// save dialogs and updates are driven from Rust). The commands the UI
// knows are the generated bindings' `commands`, made from the same
// functions: each is a well-formed command the UI calls, and none is left
// uncalled (a command nobody calls is a permission granted for nothing).
import { expect, test } from "vitest";
import { commands } from "../src/lib/bindings";

/** A file's text, read at build time (Vite's `?raw`). */
function only(files: Record<string, string>): string {
  const texts = Object.values(files);
  expect(texts).toHaveLength(1);
  return texts[0];
}
const bindings = only(import.meta.glob("../src/lib/bindings.ts", { query: "?raw", import: "default", eager: true }) as Record<string, string>);
const capabilityJson = only(import.meta.glob("../../src-tauri/capabilities/main.json", { query: "?raw", import: "default", eager: true }) as Record<string, string>);
/** The UI's own code: every `.ts` / `.svelte` file but the bindings and the IPC wrapper. */
const uiSources = Object.entries(import.meta.glob("../src/**/*.{ts,svelte}", { query: "?raw", import: "default", eager: true }) as Record<string, string>)
  .filter(([path]) => !path.endsWith("lib/bindings.ts") && !path.endsWith("lib/ipc.ts"))
  .map(([, text]) => text);

/** What the main window is granted, exactly. */
const GRANTED = ["default", "core:event:allow-listen", "core:event:allow-unlisten", "core:webview:allow-set-webview-zoom"];

const camel = (snake: string) => snake.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase());

test("the main window is granted the app's own commands, events and its zoom, nothing else", () => {
  const capability = JSON.parse(capabilityJson) as { identifier: string; windows: string[]; permissions: (string | { identifier: string })[] };
  expect(capability.identifier).toBe("main");
  expect(capability.windows).toEqual(["main"]);
  const granted = capability.permissions.map((p) => (typeof p === "string" ? p : p.identifier));
  expect([...granted].sort(), `src-tauri/capabilities/main.json grants ${JSON.stringify(granted)}; it should grant exactly ${JSON.stringify(GRANTED)}`).toEqual(
    [...GRANTED].sort(),
  );
  // Spelled out, should the list above ever grow: no plugin's permission.
  const plugins = granted.filter((p) => /^(fs|dialog|shell|http|store|updater|opener|notification|process|window-state|log)[:-]/.test(p));
  expect(plugins).toEqual([]);
});

test("every command of the bindings is a command the UI knows and calls", () => {
  const names = Object.keys(commands);
  expect(names.length).toBeGreaterThan(20);
  // Each wrapper invokes the command of its own name (snake_case), once.
  const invoked = [...bindings.matchAll(/^\t(\w+): \(.*?__TAURI_INVOKE\("([a-z0-9_]+)"/gm)].map((m) => ({ name: m[1], command: m[2] }));
  expect(invoked.map((i) => i.name)).toEqual(names);
  expect(invoked.filter((i) => camel(i.command) !== i.name)).toEqual([]);
  expect(new Set(invoked.map((i) => i.command)).size).toBe(invoked.length);

  // Called by the UI through `ipc.<name>` (ui/src/lib/ipc.ts has a wrapper
  // for each command), outside the bindings and the wrapper. (A call of
  // `commands.<name>` counts here too: ipc.test.ts is where it is refused.)
  const ui = uiSources.join("\n");
  const uncalled = names.filter((name) => !new RegExp(`\\b(ipc|commands)\\s*\\.\\s*${name}\\b`).test(ui));
  expect(uncalled, `commands no UI code calls (through ipc.<name>): ${uncalled.join(", ")}`).toEqual([]);
});
