// Changes to many records (BulkChanges): with several rows selected the
// bar offers what Rust's schema allows; "Change status…" keeps one change
// per lead in one call (`change_leads`), then follows them: one progress
// bar, each lead's outcome (done, refused with the service's reason, a
// conflict), asked again when the outbox's counts change, an older answer
// never replacing a newer one. "Stop" withdraws what still waits. "Delete…"
// over stakeholders asks once, naming how many; once it runs, the focus is
// in its progress (Escape closes it). What was typed stays when
// something is missing or refused.
import { beforeEach, describe, expect, test } from "vitest";
import { render, screen, waitFor, within } from "@testing-library/svelte";
import userEvent from "@testing-library/user-event";
import { mockIPC } from "@tauri-apps/api/mocks";
import BulkChanges from "../src/components/bulk/BulkChanges.svelte";
import type { ChangeOutcome, ChangesProgress, Pending } from "../src/lib/bindings";
import { outbox } from "../src/lib/outbox.svelte";
import { supplierInvoiceSchema } from "./fixtures/records";
import { ipcHandler, leadSchema, pending, stakeholderSchema, throws, uiError, uuid, type Handler } from "./fixtures/forms";

const LEADS = [uuid(1), uuid(2), uuid(3)];
const NAMES = ["Acme S.A.", "Andrea Gómez", "Feria 2026"];

function kept(ids: string[]): Pending[] {
  return ids.map((id, i) => pending({ kind: "patch_lead", id, patch: { status: "ganado" }, based_on: {}, label: NAMES[i] }, { id: 10 + i }));
}

function progress(outcomes: ChangeOutcome[]): ChangesProgress {
  const settled = outcomes.filter((o) => o.kind !== "waiting" && o.kind !== "sending").length;
  const count = (kinds: string[]) => outcomes.filter((o) => kinds.includes(o.kind)).length;
  return {
    total: outcomes.length,
    settled,
    sent: count(["sent"]),
    needs_you: count(["refused", "conflict", "gone", "held"]),
    waiting: count(["waiting", "sending"]),
    removed: count(["removed"]),
    changes: outcomes.map((outcome, i) => ({ change_id: 10 + i, record_id: LEADS[i], label: NAMES[i], outcome })),
  };
}

function serve(handlers: Record<string, Handler>) {
  const { handler, calls } = ipcHandler({ lead_statuses: () => ["nuevo", "en negociación", "ganado"], ...handlers });
  mockIPC(handler);
  return (cmd: string) => calls.filter(([c]) => c === cmd).map(([, a]) => a);
}

beforeEach(async () => {
  mockIPC(ipcHandler({ outbox: () => ({ changes: [], summary: { waiting: 0, sending: 0, needs_you: 0, sent: 0, unsent: 0 } }) }).handler);
  await outbox.show("demo");
});

describe("changes to many records", () => {
  test("the bar shows with several rows selected, offering only what the resource allows", () => {
    const { rerender } = render(BulkChanges, { props: { schema: leadSchema, selected: [LEADS[0]] } });
    expect(screen.queryByRole("toolbar")).toBeNull();
    rerender({ schema: leadSchema, selected: LEADS });
    const bar = screen.getByRole("toolbar", { name: "Selected rows" });
    expect(within(bar).getByText("3 selected")).toBeInTheDocument();
    expect(within(bar).getAllByRole("button").map((b) => b.textContent)).toEqual(["Change status…", "Assign to…"]);
    rerender({ schema: stakeholderSchema, selected: LEADS });
    expect(within(screen.getByRole("toolbar")).getAllByRole("button").map((b) => b.textContent)).toEqual(["Delete…"]);
    rerender({ schema: supplierInvoiceSchema, selected: LEADS });
    expect(screen.queryByRole("toolbar")).toBeNull();
  });

  test("Change status… keeps one change per lead in one call, then shows each lead's outcome as the outbox moves", async () => {
    const user = userEvent.setup();
    let answer = progress([{ kind: "waiting" }, { kind: "waiting" }, { kind: "waiting" }]);
    const calls = serve({ change_leads: ({ ids }) => kept(ids as string[]), changes_progress: () => answer });
    render(BulkChanges, { props: { schema: leadSchema, selected: LEADS } });
    await user.click(screen.getByRole("button", { name: "Change status…" }));
    const dialog = screen.getByRole("dialog", { name: "Change the status of 3 leads" });
    const status = await within(dialog).findByRole("combobox", { name: "New status" });
    await waitFor(() => expect(within(status).getAllByRole("option")).toHaveLength(4));
    await user.selectOptions(status, "ganado");
    const confirm = within(dialog).getByRole("button", { name: "Change 3 leads" });
    await user.click(confirm);
    expect(calls("change_leads")).toEqual([{ ids: LEADS, patch: { status: "ganado" } }]);
    const bar = await within(dialog).findByRole("progressbar");
    expect(bar).toHaveAttribute("value", "0");
    expect(bar).toHaveAttribute("max", "3");
    expect(within(dialog).getByRole("button", { name: "Stop" })).toBeInTheDocument();

    // The outbox's counts change: each outcome is asked again.
    answer = progress([
      { kind: "sent" },
      { kind: "refused", reason: "status: Ensure this field has no more than 255 characters." },
      { kind: "conflict" },
    ]);
    outbox.apply("demo", { waiting: 0, sending: 0, needs_you: 2, sent: 1, unsent: 2 });
    await waitFor(() => expect(bar).toHaveAttribute("value", "3"));
    expect(within(dialog).getByRole("status", { name: "" }).textContent ?? "").toMatch(/3 of 3 done: 1 sent, 2 need you, 0 waiting/);
    const lines = within(within(dialog).getByRole("region", { name: "Each record" })).getAllByRole("listitem");
    expect(lines.map((l) => l.textContent?.replace(/\s+/g, " ").trim())).toEqual([
      "Acme S.A. Done",
      "Andrea Gómez Refused: status: Ensure this field has no more than 255 characters.",
      "Feria 2026 Conflict: it also changed on the service. Choose in Waiting to send.",
    ]);
    expect(within(dialog).queryByRole("button", { name: "Stop" })).toBeNull();
    expect(calls("change_leads")).toHaveLength(1);
  });

  test("an older answer of the progress never replaces a newer one", async () => {
    const user = userEvent.setup();
    const answers: ((p: ChangesProgress) => void)[] = [];
    serve({ change_leads: ({ ids }) => kept(ids as string[]), changes_progress: () => new Promise((resolve) => answers.push(resolve)) });
    render(BulkChanges, { props: { schema: leadSchema, selected: LEADS } });
    await user.click(screen.getByRole("button", { name: "Change status…" }));
    await user.click(await screen.findByRole("button", { name: "Change 3 leads" }));
    await waitFor(() => expect(answers.length).toBeGreaterThan(0));
    outbox.apply("demo", { waiting: 0, sending: 0, needs_you: 0, sent: 3, unsent: 0 });
    await waitFor(() => expect(answers.length).toBeGreaterThan(1));
    answers[answers.length - 1](progress([{ kind: "sent" }, { kind: "sent" }, { kind: "sent" }]));
    const bar = await screen.findByRole("progressbar");
    answers[0](progress([{ kind: "waiting" }, { kind: "waiting" }, { kind: "waiting" }]));
    // Every promise callback of the older answer has run (a macrotask comes after them all).
    await new Promise((done) => setTimeout(done, 0));
    expect(bar).toHaveAttribute("value", "3");
  });

  test("Stop withdraws what still waits and says how many were not changed", async () => {
    const user = userEvent.setup();
    let answer = progress([{ kind: "sent" }, { kind: "waiting" }, { kind: "waiting" }]);
    const calls = serve({
      change_leads: ({ ids }) => kept(ids as string[]),
      changes_progress: () => answer,
      stop_changes: () => {
        answer = progress([{ kind: "sent" }, { kind: "removed" }, { kind: "removed" }]);
        return [11, 12];
      },
    });
    render(BulkChanges, { props: { schema: leadSchema, selected: LEADS } });
    await user.click(screen.getByRole("button", { name: "Change status…" }));
    await user.click(await screen.findByRole("button", { name: "Change 3 leads" }));
    await user.click(await screen.findByRole("button", { name: "Stop" }));
    expect(calls("stop_changes")).toEqual([{ ids: [10, 11, 12] }]);
    expect(await screen.findByText("Stopped: 2 changes withdrawn; their records were not changed.")).toBeInTheDocument();
    expect(screen.getAllByText("Not sent")).toHaveLength(2);
  });

  test("another status typed is required, and kept when the change is refused as a whole", async () => {
    const user = userEvent.setup();
    const calls = serve({ change_leads: throws(uiError("invalid_input", "Choose from 1 to 500 records.", "ids")) });
    render(BulkChanges, { props: { schema: leadSchema, selected: LEADS } });
    await user.click(screen.getByRole("button", { name: "Change status…" }));
    const status = await screen.findByRole("combobox", { name: "New status" });
    await user.selectOptions(status, "Another status…");
    await user.click(screen.getByRole("button", { name: "Change 3 leads" }));
    expect(screen.getByText("Type the status to set.")).toBeInTheDocument();
    expect(calls("change_leads")).toHaveLength(0);
    await user.type(screen.getByRole("textbox", { name: /Status to set/ }), "en revisión");
    await user.click(screen.getByRole("button", { name: "Change 3 leads" }));
    expect(calls("change_leads")).toEqual([{ ids: LEADS, patch: { status: "en revisión" } }]);
    expect(await screen.findByRole("alert")).toHaveTextContent("Nothing was changed: Choose from 1 to 500 records.");
    expect(screen.getByRole("textbox", { name: /Status to set/ })).toHaveValue("en revisión");
  });

  test("Delete… over stakeholders asks once, naming how many; Cancel deletes nothing", async () => {
    const user = userEvent.setup();
    const calls = serve({
      delete_stakeholders: ({ ids }) => (ids as string[]).map((id, i) => pending({ kind: "delete_stakeholder", id, label: NAMES[i] }, { id: 10 + i })),
      changes_progress: () => progress([{ kind: "sent" }, { kind: "sent" }, { kind: "gone" }]),
    });
    render(BulkChanges, { props: { schema: stakeholderSchema, selected: LEADS } });
    await user.click(screen.getByRole("button", { name: "Delete…" }));
    let dialog = screen.getByRole("dialog", { name: "Delete 3 stakeholders?" });
    expect(dialog).toHaveTextContent("3 stakeholders will be deleted from the service, one by one. This cannot be undone.");
    await user.click(within(dialog).getByRole("button", { name: "Cancel" }));
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(calls("delete_stakeholders")).toHaveLength(0);
    await user.click(screen.getByRole("button", { name: "Delete…" }));
    dialog = screen.getByRole("dialog", { name: "Delete 3 stakeholders?" });
    await user.click(within(dialog).getByRole("button", { name: "Delete 3 stakeholders" }));
    expect(calls("delete_stakeholders")).toEqual([{ ids: LEADS }]);
    expect(await within(dialog).findByText("No longer on the service")).toBeInTheDocument();
    // The focus moved into the progress with the form gone: Escape still closes the dialog.
    await waitFor(() => expect(dialog).toContainElement(document.activeElement as HTMLElement));
    await user.keyboard("{Escape}");
    expect(screen.queryByRole("dialog")).toBeNull();
  });
});
