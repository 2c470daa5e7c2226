// Saved data in the list view, the offline download and Storage, over
// mocked IPC: one read sends the saved answer first, then the service's;
// when the service does not answer (Rust's verdict, the read's end) the
// saved answer stays; a view never seen is answered over the saved records.
import { afterAll, beforeAll, describe, expect, test, vi } from "vitest";
import { render, screen, within } from "@testing-library/svelte";
import userEvent from "@testing-library/user-event";
import { mockIPC } from "@tauri-apps/api/mocks";
import ListViewComponent from "../src/components/records/ListView.svelte";
import StorageView from "../src/components/StorageView.svelte";
import type { ListView, Page, Progress, Storage } from "../src/lib/bindings";
import type { JsonRecord } from "../src/lib/ipc";
import { recordsChanged } from "../src/lib/records-changed";
import { session } from "../src/lib/session.svelte";
import {
  byId,
  deferred,
  invoiceId,
  invoiceRecord,
  listCalls,
  mockService,
  recordPage,
  rowIds,
  supplierInvoiceSchema,
  uiError,
  unanswered,
} from "./fixtures/records";
import { opening, serviceState, type SavedAnswer } from "./fixtures/reads";

const SAVED_AT = "2026-11-23T10:42:00Z";

// "Saved at 10:42" names the time alone on the day it was saved: these
// tests run on that day (only Date is mocked, timers stay real).
beforeAll(() => vi.setSystemTime(new Date("2026-11-23T11:30:00Z")));
afterAll(() => vi.useRealTimers());

function savedPage(page: Page<JsonRecord>, stale = false): SavedAnswer {
  return { value: page, source: { kind: "saved_page", saved_at: SAVED_AT, stale } };
}

function renderView() {
  const user = userEvent.setup();
  const result = render(ListViewComponent, { props: { schema: supplierInvoiceSchema } });
  return { user, ...result };
}

describe("a list with saved data", () => {
  test("shows the saved page at once, marked, then the service's in its place", async () => {
    const fresh = deferred<Page<JsonRecord>>();
    const changed = recordPage(1, 46);
    const calls = mockService({
      savedAnswer: () => savedPage(recordPage(1, 45)),
      list: () => fresh.promise,
    });
    const { container } = renderView();
    expect(await screen.findByText(/^Saved at \d{1,2}:\d{2}/)).toBeInTheDocument();
    expect(container.querySelector("p.count")).toHaveTextContent(/^45 supplier invoices$/);
    expect(rowIds(container)).toHaveLength(20);
    expect(listCalls(calls)).toHaveLength(1);

    fresh.resolve(changed);
    await vi.waitFor(() => expect(container.querySelector("p.count")).toHaveTextContent(/^46 supplier invoices$/));
    expect(screen.queryByText(/Saved at/)).toBeNull();
    expect(byId("page-status")).toHaveTextContent("Page 1 of 3");
  });

  test("when the service's answer replaces the saved page, the selected rows and the focus stay", async () => {
    const fresh = deferred<Page<JsonRecord>>();
    const changed = recordPage(1, 45, 20, (n) => invoiceRecord(n, n === 2 ? { total: "2000.00" } : {}));
    mockService({ savedAnswer: () => savedPage(recordPage(1, 45)), list: () => fresh.promise });
    const { user, container } = renderView();
    await screen.findByText(/^Saved at \d{1,2}:\d{2}/);
    const rows = () => [...container.querySelectorAll<HTMLTableRowElement>("tbody tr[data-id]")];
    await user.keyboard("{Control>}");
    await user.click(rows()[1].querySelector("td")!);
    await user.click(rows()[3].querySelector("td")!);
    await user.keyboard("{/Control}");
    expect(rows()[3]).toHaveFocus();
    fresh.resolve(changed);
    await vi.waitFor(() => expect(screen.queryByText(/Saved at/)).toBeNull());
    await vi.waitFor(() => expect(rows()[1]).toHaveTextContent("2,000.00"));
    const selected = rows().flatMap((row, i) => (row.getAttribute("aria-selected") === "true" ? [i] : []));
    expect(selected).toEqual([1, 3]);
    expect(rows()[3]).toHaveFocus();
  });

  test("when the service can't be reached the saved page stays, with no error (the banner says why)", async () => {
    const calls = mockService({
      savedAnswer: () => savedPage(recordPage(2, 45)),
      list: unanswered("offline", uiError("network", "The service could not be reached.")),
    });
    const { container } = renderView();
    await vi.waitFor(() => expect(rowIds(container)[0]).toBe(invoiceId(21)));
    expect(listCalls(calls)).toHaveLength(1);
    expect(screen.queryByRole("alert")).toBeNull();
    expect(session.savedAt).toBe(SAVED_AT);
    expect(screen.getByText(/Saved at/)).toBeInTheDocument();
  });

  test("when the service refuses the key, the saved page shown first goes too", async () => {
    const fresh = deferred<Page<JsonRecord>>();
    mockService({ savedAnswer: () => savedPage(recordPage(1, 45)), list: () => fresh.promise });
    const { user, container } = renderView();
    await screen.findByText(/^Saved at \d{1,2}:\d{2}/);
    await user.click(container.querySelector("tbody tr[data-id] td")!);
    expect(container.querySelector(".list-body.with-detail")).not.toBeNull();
    fresh.reject({ ...uiError("unauthorized", "The service did not accept the API key (revoked)."), field: "api_key" });
    await vi.waitFor(() => expect(rowIds(container)).toHaveLength(0));
    expect(container.querySelector(".list-body.with-detail")).toBeNull();
    expect(screen.queryByText(/Saved at/)).toBeNull();
    expect(session.savedAt).toBeNull();
    expect(screen.getByRole("alert")).toHaveTextContent("did not accept the API key");
  });

  test("a view never seen, answered over the saved records, counts them as saved records", async () => {
    mockService({
      savedAnswer: () => ({
        value: { count: 12, next: null, previous: null, results: [invoiceRecord(1), invoiceRecord(2)] },
        source: { kind: "saved_records", saved_at: SAVED_AT, saved: 1204, searched_when_connected: [] },
      }),
      list: unanswered("offline", uiError("network", "The service could not be reached.")),
    });
    const { container } = renderView();
    await vi.waitFor(() => expect(container.querySelector("p.count")).toHaveTextContent(/^12 of 1,?204 saved records$/));
  });

  test("a search over the saved records says the supplier's name is searched only when connected", async () => {
    const current: ListView = { page: 1, take: 20, fields: null, sort: [], filters: [], search: "acme" };
    mockService({
      current,
      savedAnswer: () => ({
        value: { count: 0, next: null, previous: null, results: [] },
        source: { kind: "saved_records", saved_at: SAVED_AT, saved: 1204, searched_when_connected: ["supplier__name"] },
      }),
      list: unanswered("offline", uiError("network", "The service could not be reached.")),
    });
    renderView();
    const box = await screen.findByRole("searchbox");
    await vi.waitFor(() => expect(box).toHaveAccessibleDescription("Supplier names and document numbers are searched only when connected."));
  });

  test("offline, a condition the saved records cannot answer is refused beside it", async () => {
    const current: ListView = {
      page: 1,
      take: 20,
      fields: null,
      sort: [],
      filters: [{ or: false, not: false, field: "supplier__name", operator: "icontains", values: ["acme"] }],
    };
    mockService({
      current,
      savedAnswer: () => {
        throw uiError("invalid_input", "Some conditions can't be checked on the data saved on this computer.", {
          field_errors: {
            "filters.0": [
              {
                source: "check",
                code: "offline_related_field",
                values: { relation: "supplier", field: "name" },
              },
            ],
          },
        });
      },
      list: unanswered("offline", uiError("network", "The service could not be reached.")),
    });
    renderView();
    expect(await screen.findByText("Not available offline: only the supplier's ID is saved with each record, not its name.")).toBeInTheDocument();
    expect(screen.getByRole("alert")).toHaveTextContent("can't be checked on the data saved on this computer");
  });

  test("an answer over the saved records is replaced by the service's even when its saved page is unchanged", async () => {
    mockService({
      savedAnswer: () => ({
        value: { count: 12, next: null, previous: null, results: [invoiceRecord(1)] },
        source: { kind: "saved_records", saved_at: SAVED_AT, saved: 40, searched_when_connected: [] },
      }),
      list: (view) => ({ value: recordPage(view.page, 2437), changed: false }),
    });
    const { container } = renderView();
    await vi.waitFor(() => expect(container.querySelector("p.count")).toHaveTextContent(/^2,?437 supplier invoices$/));
    expect(rowIds(container)).toHaveLength(20);
  });

  test("online, a refused saved answer does not stop the service's", async () => {
    const calls = mockService({
      savedAnswer: () => {
        throw uiError("invalid_input", "Some conditions can't be checked…", {
          field_errors: { "filters.0": [{ source: "check", code: "no_value", values: {} }] },
        });
      },
    });
    const { container } = renderView();
    await vi.waitFor(() => expect(container.querySelector("p.count")).toHaveTextContent(/^45 supplier invoices$/));
    expect(screen.queryByRole("alert")).toBeNull();
    expect(listCalls(calls)).toHaveLength(1);
  });

  test("working offline: one read, and it says when nothing of the list is saved", async () => {
    session.workingOffline = true;
    const calls = mockService({ workingOffline: () => true });
    renderView();
    expect(await screen.findByRole("alert")).toHaveTextContent(
      "Workdesk is set to work offline, and none of these supplier invoices is saved on this computer.",
    );
    expect(listCalls(calls)).toHaveLength(1);
    expect(screen.queryByRole("button", { name: "Try again" })).toBeNull();
  });

  test("the service's own error or a spent budget keeps the saved page and says why above it", async () => {
    mockService({
      savedAnswer: () => savedPage(recordPage(1, 45)),
      list: unanswered("service_error", uiError("service", "The service had a problem (status 500).")),
    });
    const { container } = renderView();
    expect(await screen.findByRole("alert")).toHaveTextContent("The service had a problem (status 500).");
    expect(rowIds(container)).toHaveLength(20);
    expect(screen.getByText(/Saved at/)).toBeInTheDocument();
  });

  test("when the service answers again, Rust says so and the list reads again by itself", async () => {
    let down = true;
    const calls = mockService({
      savedAnswer: () => savedPage(recordPage(1, 45)),
      list: (view) => {
        if (down) unanswered("offline", uiError("network", "The service could not be reached."))();
        return recordPage(view.page, 50);
      },
    });
    const { container } = renderView();
    await screen.findByText(/^Saved at \d{1,2}:\d{2}/);
    // What Rust pushes: unreachable, then (its own try answered) online
    // again, and the word that every list may have changed.
    session.apply(serviceState("offline"));
    down = false;
    session.apply(serviceState("online"));
    recordsChanged.show("demo");
    recordsChanged.apply({ workspace: "demo", resources: [], cause: "service_back" });
    await vi.waitFor(() => expect(container.querySelector("p.count")).toHaveTextContent(/^50 supplier invoices$/));
    expect(listCalls(calls).at(-1)?.take).toBe(20);
  });
});

describe("make available offline", () => {
  test("shows the progress over the channel, can be cancelled, and says what is saved", async () => {
    const finish = deferred<unknown>();
    let send: ((step: Progress) => void) | null = null;
    const cancels: unknown[] = [];
    let complete = false;
    const base = mockService({});
    void base;
    mockIPC(opening((cmd, payload) => {
      const args = (payload ?? {}) as Record<string, unknown>;
      switch (cmd) {
        case "read_list":
          (args.answers as { onmessage: (answer: unknown) => void }).onmessage({ kind: "fresh", value: recordPage(1, 2437), changed: null });
          return { end: "fresh" };
        case "offline_list":
          return complete
            ? { complete: true, saved: 2437, refreshed_at: SAVED_AT }
            : { complete: false, saved: 0, refreshed_at: null };
        case "make_available_offline":
          send = (args.progress as { onmessage: (step: Progress) => void }).onmessage;
          return finish.promise;
        case "cancel_download":
          cancels.push(args.resource);
          return null;
        case "rate_limit":
          return { limit: null, remaining: null, reset: null };
        default:
          return null;
      }
    }));
    const { user } = renderView();
    await user.click(await screen.findByRole("button", { name: "Make available offline" }));
    await vi.waitFor(() => expect(send).not.toBeNull());
    send!({
      phase: "downloading",
      pages_done: 3,
      pages_total: 13,
      records: 600,
      records_total: 2437,
      budget: { limit: 1000, remaining: 840, reset: null },
      paused_until: null,
    });
    const bar = await screen.findByRole("progressbar", { name: "Making supplier invoices available offline" });
    expect(bar).toHaveAttribute("value", "3");
    expect(bar).toHaveAttribute("max", "13");
    expect(screen.getByText(/page 3 of 13 · 600 of 2,?437 records · 840 requests left/)).toBeInTheDocument();
    send!({
      phase: "downloading",
      pages_done: 4,
      pages_total: 13,
      records: 800,
      records_total: 2437,
      budget: { limit: 1000, remaining: 100, reset: "2026-11-23T11:00:00Z" },
      paused_until: "2026-11-23T11:00:00Z",
    });
    expect(await screen.findByText(/Paused to keep the last 10 % of this key's requests/)).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Cancel" }));
    expect(cancels).toEqual(["supplier_invoice"]);
    complete = true;
    finish.resolve({ complete: true, saved: 2437, refreshed_at: SAVED_AT });
    expect(await screen.findByText(/All 2,?437 supplier invoices saved, refreshed at/)).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Update offline copy" })).toBeEnabled();
  });

  test("is disabled with the reason while working offline", async () => {
    session.workingOffline = true;
    mockService({ savedAnswer: () => savedPage(recordPage(1, 45)) });
    renderView();
    const button = await screen.findByRole("button", { name: "Make available offline" });
    expect(button).toBeDisabled();
    expect(button).toHaveAttribute("title", "Turn off “Work offline” to download.");
  });
});

describe("storage", () => {
  const storage: Storage = {
    workspaces: [
      {
        name: "api.example.com",
        on_screen: true,
        kept: { kind: "on_disk" },
        bytes: 12 * 1024 * 1024,
        records: 2437,
        set_aside_bytes: 0,
      },
    ],
    total_bytes: 12 * 1024 * 1024,
    cap_mb: 512,
    max_age_days: null,
    notice: { code: "set_aside", reason: "damaged", moved_to: "/data/saved/default/ws.unreadable-2026-11-23.sqlite3" },
  };

  test("shows each workspace's size and the total, the notice once, the cap, and clears after asking", async () => {
    const calls: [string, unknown][] = [];
    mockIPC((cmd, payload) => {
      calls.push([cmd, payload]);
      if (cmd === "storage") return storage;
      if (cmd === "set_storage_cap") {
        const mb = (payload as { capMb: number }).capMb;
        // Rust's verdict on the range (its own test in workdesk-core).
        if (mb < 16)
          throw {
            kind: "invalid_input",
            code: "cap_out_of_range",
            params: { min: "16", max: "1048576" },
            service_message: null,
            field: "cap_mb",
            field_errors: {},
            retry_after_s: null,
          };
        return { ...storage, cap_mb: mb, notice: null };
      }
      if (cmd === "clear_saved_data") return { ...storage, workspaces: [{ ...storage.workspaces[0], records: 0, bytes: 65536 }], total_bytes: 65536, notice: null };
      return null;
    });
    const user = userEvent.setup();
    render(StorageView);
    const row = (await screen.findByRole("rowheader", { name: /api\.example\.com/ })).closest("tr")!;
    expect(within(row).getByText("Sealed on this computer")).toBeInTheDocument();
    expect(within(row).getByText(/2,?437/)).toBeInTheDocument();
    expect(within(row).getByText("12 MB")).toBeInTheDocument();
    expect(byId("storage-total")).toHaveTextContent("12 MB");
    expect(screen.getByRole("alert")).toHaveTextContent("the file is damaged");

    const cap = screen.getByLabelText("Largest size per workspace (MB)");
    await user.clear(cap);
    await user.type(cap, "8");
    await user.click(within(screen.getByLabelText("Largest size per workspace (MB)").closest("form")!).getByRole("button", { name: "Save" }));
    await vi.waitFor(() => expect(cap).toHaveAccessibleDescription(/from 16 to 1,048,576/));
    expect(calls).toContainEqual(["set_storage_cap", { capMb: 8 }]);
    expect(cap).toHaveValue("8");
    // Not a whole number: said at once, with Rust's bounds, nothing sent.
    await user.clear(cap);
    await user.type(cap, "8.5");
    await user.click(within(screen.getByLabelText("Largest size per workspace (MB)").closest("form")!).getByRole("button", { name: "Save" }));
    await vi.waitFor(() => expect(cap).toHaveAccessibleDescription(/from 16 to 1,048,576/));
    expect(calls.filter(([cmd]) => cmd === "set_storage_cap")).toHaveLength(1);
    await user.clear(cap);
    await user.type(cap, "256");
    await user.click(within(screen.getByLabelText("Largest size per workspace (MB)").closest("form")!).getByRole("button", { name: "Save" }));
    await vi.waitFor(() => expect(calls).toContainEqual(["set_storage_cap", { capMb: 256 }]));

    await user.click(screen.getByRole("button", { name: "Clear saved data…" }));
    const dialog = screen.getByRole("alertdialog", { name: "Clear the saved data of api.example.com?" });
    expect(within(dialog).getByRole("button", { name: "Cancel" })).toHaveFocus();
    await user.click(within(dialog).getByRole("button", { name: "Clear saved data" }));
    await vi.waitFor(() => expect(byId("storage-total")).toHaveTextContent("64 KB"));
    expect(calls.some(([cmd]) => cmd === "clear_saved_data")).toBe(true);
  });

  test("keep saved data at most N days: off unless turned on, Rust's refusal beside the field with what was typed, off again", async () => {
    const calls: [string, unknown][] = [];
    mockIPC((cmd, payload) => {
      calls.push([cmd, payload]);
      if (cmd === "storage") return { ...storage, notice: null };
      if (cmd === "set_saved_data_max_age") {
        const days = (payload as { days: number | null }).days;
        if (days !== null && (days < 1 || days > 3650)) {
          throw { ...uiError("invalid_input", "", { field: "max_age_days" }), code: "max_age_out_of_range", params: { min: "1", max: "3650" } };
        }
        return { ...storage, max_age_days: days, notice: null };
      }
      return null;
    });
    const user = userEvent.setup();
    render(StorageView);
    const form = await screen.findByRole("form", { name: "Delete saved records older than" });
    const on = within(form).getByRole("checkbox", { name: "Delete saved records older than" });
    const days = within(form).getByRole("textbox", { name: "Delete saved records older than (days)" });
    expect(on).not.toBeChecked();
    expect(days).toBeDisabled();
    await user.click(on);
    await user.clear(days);
    await user.type(days, "4000");
    await user.click(within(form).getByRole("button", { name: "Save" }));
    await vi.waitFor(() => expect(days).toHaveAccessibleDescription(/from 1 to 3650/));
    expect(days).toHaveValue("4000");
    expect(days).toHaveAttribute("aria-invalid", "true");
    await user.clear(days);
    await user.type(days, "90");
    await user.click(within(form).getByRole("button", { name: "Save" }));
    await vi.waitFor(() => expect(calls).toContainEqual(["set_saved_data_max_age", { days: 90 }]));
    await vi.waitFor(() => expect(days).not.toHaveAttribute("aria-invalid"));
    expect(on).toBeChecked();
    await user.click(on);
    await user.click(within(form).getByRole("button", { name: "Save" }));
    await vi.waitFor(() => expect(calls).toContainEqual(["set_saved_data_max_age", { days: null }]));
    expect(days).toBeDisabled();
  });

  test("lists every workspace, the demo apart even beside a workspace named demo; only the one on screen can be cleared", async () => {
    const row = (name: string | null, onScreen: boolean, bytes: number) => ({
      name,
      on_screen: onScreen,
      kept: onScreen ? ({ kind: "on_disk" } as const) : null,
      bytes,
      records: onScreen ? 10 : null,
      set_aside_bytes: 0,
    });
    mockIPC((cmd) =>
      cmd === "storage"
        ? { ...storage, notice: null, workspaces: [row(null, false, 0), row("demo", true, 2 * 1024 * 1024), row("Pérez y Cía", false, 3 * 1024 * 1024)], total_bytes: 5 * 1024 * 1024 }
        : null,
    );
    render(StorageView);
    const names = (await screen.findAllByRole("rowheader")).map((h) => h.textContent?.trim());
    expect(names).toEqual(["Demo workspace", "demo (on screen)", "Pérez y Cía", "Total"]);
    expect(screen.getAllByRole("button", { name: "Clear saved data…" })).toHaveLength(1);
    expect(byId("storage-total")).toHaveTextContent("5 MB");
  });

  test("says when saved data is kept in memory only", async () => {
    mockIPC((cmd) =>
      cmd === "storage"
        ? {
            ...storage,
            notice: null,
            workspaces: [{ ...storage.workspaces[0], kept: { kind: "session_only", reason: "there is no working system keychain" } }],
          }
        : null,
    );
    render(StorageView);
    expect(await screen.findByText(/In memory only: nothing is kept after quitting/)).toBeInTheDocument();
  });
});
