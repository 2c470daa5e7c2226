// Failures of the IPC layer itself (a command missing, arguments the
// command cannot read) reach components as typed UiErrors, like the
// commands' own errors, never as bare strings.
import { expect, test } from "vitest";
import { mockIPC } from "@tauri-apps/api/mocks";
import { render, screen } from "@testing-library/svelte";
import { CommandError, ipc, uiError } from "../src/lib/ipc";
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
