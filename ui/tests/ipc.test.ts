// Failures of the IPC layer itself (a command missing, arguments the
// command cannot read) reach components as typed UiErrors, like the
// commands' own errors, never as bare strings. `ipc` has a wrapper for
// every command of the bindings, made from them, and is the UI's only way
// to the commands: no other file imports the generated `commands`.
import { describe, expect, expectTypeOf, test } from "vitest";
import { mockIPC } from "@tauri-apps/api/mocks";
import { render, screen } from "@testing-library/svelte";
import { commands, type Outbox, type SaveDialog, type WorkspaceStatus } from "../src/lib/bindings";
import { CommandError, ipc, readyNames, uiError, type ReadEnd } from "../src/lib/ipc";
import { i18n } from "../src/lib/i18n.svelte";
import { errorText } from "../src/lib/errors";
import ListViewComponent from "../src/components/records/ListView.svelte";
import { supplierInvoiceSchema } from "./fixtures/records";

test("a string Tauri throws (unknown command, unreadable arguments) becomes an internal UiError", async () => {
  mockIPC(() => {
    throw "invalid args `view` for command `read_list`: missing field `take`";
  });
  const failure = await ipc.readList("supplier_invoice", { page: 1, take: 20 }, false, () => {}).catch((e: unknown) => e);
  expect(failure).toBeInstanceOf(CommandError);
  const error = uiError(failure);
  expect(error).toMatchObject({ kind: "internal", code: "internal" });
  expect(error.params.detail).toContain("missing field `take`");
  expect(errorText(error)).toContain("missing field `take`");
});

test("a list whose command Tauri refuses says so in words, not as a bare string", async () => {
  mockIPC(() => {
    throw "command open_list not found";
  });
  render(ListViewComponent, { props: { schema: supplierInvoiceSchema } });
  const alert = await screen.findByRole("alert");
  expect(alert.textContent).toMatch(/command open_list not found/);
  expect(alert.textContent).not.toMatch(/\[object Object\]|undefined/);
});

test("a read ends only after every answer it sent has arrived, even one that arrives after the command's reply", async () => {
  // Tauri hands a large channel message over by a later fetch: the
  // command's reply (with the last answer) can come first.
  let late: () => void = () => {};
  const arrived = new Promise<void>((resolve) => (late = resolve));
  const saved = { kind: "saved", value: { count: 1, results: [] }, source: { kind: "saved_page", saved_at: "2026-11-01T10:00:00Z", stale: false } };
  const fresh = { kind: "fresh", value: { count: 2, results: [] }, changed: true };
  mockIPC((cmd, args) => {
    if (cmd !== "read_list") throw new Error(`unexpected command ${cmd}`);
    const channel = (args as { answers: { onmessage: (answer: unknown) => void } }).answers;
    void arrived.then(() => channel.onmessage(saved));
    return { answers: 1, last: fresh, end: { end: "fresh" } };
  });
  const shown: unknown[] = [];
  let ended = false;
  const read = ipc
    .readList("supplier_invoice", { page: 1, take: "all" }, false, (answer) => shown.push(answer))
    .then((end) => {
      ended = true;
      return end;
    });
  // The reply is in; the saved answer is not, so the service's waits.
  await new Promise((resolve) => setTimeout(resolve, 0));
  expect(ended).toBe(false);
  expect(shown).toEqual([]);
  late();
  expect(await read).toEqual({ end: "fresh" });
  expect(shown).toEqual([saved, fresh]);
});

test("every command of the bindings has its wrapper in ipc, which unwraps its answer", async () => {
  // The wrappers' types are the commands' own (checked by `npm run check`).
  expectTypeOf(ipc.setZoom).toEqualTypeOf<(percent: number) => Promise<number>>();
  expectTypeOf(ipc.workspaceStatus).toEqualTypeOf<() => Promise<WorkspaceStatus>>();
  expectTypeOf(ipc.outbox).returns.toEqualTypeOf<Promise<Outbox>>();
  expectTypeOf(ipc.renameWorkspace).parameters.toEqualTypeOf<[workspace: string, name: string]>();
  expectTypeOf(ipc.installUpdate).parameters.toEqualTypeOf<Parameters<typeof commands.installUpdate>>();
  // The hand-written ones replace the plain wrapper of their name.
  expectTypeOf(ipc.readList).parameter(3).toBeFunction();
  expectTypeOf(ipc.readList).returns.toEqualTypeOf<Promise<ReadEnd>>();
  expectTypeOf(ipc.saveImage).parameters.toEqualTypeOf<[dialog: SaveDialog, png: Uint8Array]>();
  const missing = Object.keys(commands).filter((name) => typeof (ipc as Record<string, unknown>)[name] !== "function");
  expect(missing).toEqual([]);
  const calls: { cmd: string; args: unknown }[] = [];
  mockIPC((cmd, args) => {
    calls.push({ cmd, args });
    if (cmd === "set_zoom") return 110;
    if (cmd === "rename_workspace") throw { kind: "invalid_input", code: "name_taken", params: {}, service_message: null, field: "name", field_errors: {}, retry_after_s: null };
    return null;
  });
  // A plain wrapper: the command's own arguments, its data.
  expect(await ipc.setZoom(108)).toBe(110);
  expect(calls).toEqual([{ cmd: "set_zoom", args: { percent: 108 } }]);
  // Its error, as a CommandError with the typed UiError.
  const failure = await ipc.renameWorkspace("w1", "Acme").catch((e: unknown) => e);
  expect(failure).toBeInstanceOf(CommandError);
  expect(uiError(failure)).toMatchObject({ kind: "invalid_input", code: "name_taken", field: "name" });
  // The bytes of "Save as PNG" cross as the command's array of numbers.
  await ipc.saveImage({ title: "Save the chart" } as SaveDialog, new Uint8Array([1, 2]));
  expect(calls.at(-1)).toMatchObject({ cmd: "save_image", args: { png: [1, 2] } });
});

/** Our UI code by path (ui/src/…), the generated bindings aside. */
const uiSources: Record<string, string> = Object.fromEntries(
  Object.entries(import.meta.glob("../src/**/*.{ts,svelte}", { query: "?raw", import: "default", eager: true }) as Record<string, string>)
    .map(([path, text]) => [path.replace(/^\.\.\//, "ui/"), text])
    .filter(([path]) => path !== "ui/src/lib/bindings.ts"),
);

/**
 * Where a file takes the bindings' `commands` as a value: `import { commands }`
 * (renamed or not), `import * as b` or `import("…")` of the bindings, or an
 * `export … from` them. `import type` and `type commands` are fine.
 */
function commandsImports(path: string, text: string): string[] {
  const dir = path.slice(0, path.lastIndexOf("/"));
  const isBindings = (specifier: string) => {
    const parts = [...dir.split("/"), ...specifier.split("/")].reduce<string[]>((out, part) => {
      if (part === "..") out.pop();
      else if (part !== "." && part !== "") out.push(part);
      return out;
    }, []);
    return /^ui\/src\/lib\/bindings(\.ts)?$/.test(parts.join("/"));
  };
  const found: string[] = [];
  for (const m of text.matchAll(/\b(import|export)\s+(type\s+)?([^;]*?)\s*from\s*["']([^"']+)["']/g)) {
    const [statement, , typeOnly, clause, specifier] = m;
    if (!isBindings(specifier) || typeOnly) continue;
    const names = /\{([^}]*)\}/.exec(clause)?.[1].split(",").map((name) => name.trim()) ?? [];
    if (/\*/.test(clause) || names.some((name) => /^commands\b/.test(name))) found.push(`${path}: ${statement.replace(/\s+/g, " ")}`);
  }
  for (const m of text.matchAll(/\bimport\(\s*["']([^"']+)["']\s*\)/g)) if (isBindings(m[1])) found.push(`${path}: ${m[0]}`);
  return found;
}

describe("only ipc.ts calls the generated commands", () => {
  test("no file under ui/src but lib/ipc.ts imports `commands` from the bindings", () => {
    expect(Object.keys(uiSources)).toContain("ui/src/lib/ipc.ts");
    const found = Object.entries(uiSources)
      .filter(([path]) => path !== "ui/src/lib/ipc.ts")
      .flatMap(([path, text]) => commandsImports(path, text));
    expect(
      found,
      "Call commands through `ipc.<command>(...)` (ui/src/lib/ipc.ts: the answer unwrapped, a failure thrown as a " +
        "CommandError with the typed UiError), not the generated `commands`:\n  " + found.join("\n  ") + "\n",
    ).toHaveLength(0);
  });

  test("the check finds a value import of `commands` in any form, and lets types through", () => {
    const file = (text: string) => commandsImports("ui/src/components/records/X.svelte", text);
    expect(file('import { LIMITS, type Page } from "../../lib/bindings";\nimport type { commands } from "../../lib/bindings";')).toEqual([]);
    expect(file('import { type commands as c } from "../../lib/bindings";')).toEqual([]);
    expect(file('import { commands } from "../bindings";')).toEqual([]);
    expect(file('import {\n  LIMITS,\n  commands,\n} from "../../lib/bindings";')).toHaveLength(1);
    expect(file('import { commands as c } from "../../lib/bindings.ts";')).toHaveLength(1);
    expect(file('import * as bindings from "../../lib/bindings";')).toHaveLength(1);
    expect(file('export { commands } from "../../lib/bindings";')).toHaveLength(1);
    expect(file('const b = await import("../../lib/bindings");')).toHaveLength(1);
  });
});

describe("ready-made views' names", () => {
  test("open_list gets every ready-made view's name in the window's language", async () => {
    const sent: unknown[] = [];
    mockIPC((cmd, payload) => {
      if (cmd === "open_list") sent.push((payload as { readyNames: unknown }).readyNames);
      throw "stop";
    });
    i18n.use("es", ["es-CO"]);
    await ipc.openList("task", () => {}, () => {}).catch(() => {});
    expect(sent).toEqual([readyNames()]);
    expect(readyNames()).toMatchObject({ overdue: "Vencidas", due_this_week: "Vencen esta semana", issued_this_month: "Emitidas este mes" });
    expect(Object.keys(readyNames())).toHaveLength(8);
    i18n.use("en", ["en-US"]);
    expect(readyNames().overdue).toBe("Overdue");
  });
});
