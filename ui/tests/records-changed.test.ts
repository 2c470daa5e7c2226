// Screens read again when Rust says records changed (the `records-changed`
// event, lib/records-changed.ts): the list and the overview read again in
// place (view, columns, search words, page and scroll stay; nothing is
// re-created), only for the workspace shown and the resources named (or
// all); the service's state alone reads nothing; and no remount counter
// is left anywhere.
import { describe, expect, test, vi } from "vitest";
import { render, screen } from "@testing-library/svelte";
import { emit } from "@tauri-apps/api/event";
import { mockIPC } from "@tauri-apps/api/mocks";
import App from "../src/App.svelte";
import OverviewView from "../src/components/overview/OverviewView.svelte";
import type { ChangedRecords, Overview, ResourceName } from "../src/lib/bindings";
import type { UiError } from "../src/lib/errors";
import { concerns, recordsChanged } from "../src/lib/records-changed";
import { session } from "../src/lib/session.svelte";
import { serviceStatus } from "./fixtures";
import { byId, listCalls, renderList } from "./fixtures/records";
import { serviceState } from "./fixtures/reads";
import { windowOn } from "./fixtures/window";

/** Lets pending promises and the renders they cause run. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 20));

const changed = (resources: ResourceName[], workspace = "w1", cause: ChangedRecords["cause"] = "written"): ChangedRecords => ({
  workspace,
  resources,
  cause,
});

describe("the store", () => {
  test("tells the screens of the workspace shown whose resources are named (none named: every one), until they stop", () => {
    const invoices = vi.fn();
    const anything = vi.fn();
    const stopInvoices = recordsChanged.follow(() => ["supplier_invoice"], invoices);
    const stopAnything = recordsChanged.follow(() => null, anything);
    recordsChanged.show("w1");
    recordsChanged.apply(changed(["supplier_invoice"], "another"));
    expect(invoices).not.toHaveBeenCalled();
    expect(anything).not.toHaveBeenCalled();
    recordsChanged.apply(changed(["task"]));
    expect(invoices).not.toHaveBeenCalled();
    expect(anything).toHaveBeenCalledTimes(1);
    recordsChanged.apply(changed(["task", "supplier_invoice"], "w1", "sent_from_outbox"));
    expect(invoices).toHaveBeenCalledTimes(1);
    recordsChanged.apply(changed([], "w1", "service_back"));
    expect(invoices).toHaveBeenCalledTimes(2);
    stopInvoices();
    stopAnything();
    recordsChanged.apply(changed([]));
    expect(invoices).toHaveBeenCalledTimes(2);
    expect(anything).toHaveBeenCalledTimes(3);
  });

  test("concerns: named resources, or every one", () => {
    expect(concerns(changed([]), ["lead"])).toBe(true);
    expect(concerns(changed(["lead"]), ["lead", "task"])).toBe(true);
    expect(concerns(changed(["lead"]), ["task"])).toBe(false);
    expect(concerns(changed(["lead"]), null)).toBe(true);
  });
});

describe("a list", () => {
  test("reads its view again in place: page, columns, search words and scroll stay; the table is not re-created", async () => {
    const { calls, user, container } = await renderList();
    recordsChanged.show("w1");
    // Page 2 of a search, the search box typed in.
    const box = byId<HTMLInputElement>("search-supplier_invoice");
    await user.type(box, "FP{Enter}");
    await vi.waitFor(() => expect(listCalls(calls).at(-1)?.search).toBe("FP"));
    await user.click(screen.getByRole("button", { name: "Next page" }));
    await vi.waitFor(() => expect(byId("page-status")).toHaveTextContent("Page 2 of 3"));
    await user.type(box, "-2");
    const table = container.querySelector("table.records");
    const scroller = container.querySelector<HTMLElement>(".records-wrap")!;
    scroller.scrollTop = 120;
    const before = listCalls(calls).length;
    const shown = listCalls(calls).at(-1);

    recordsChanged.apply(changed(["supplier_invoice"]));
    await vi.waitFor(() => expect(listCalls(calls)).toHaveLength(before + 1));
    expect(calls.at(-1)?.cmd).toBe("read_list");
    expect(listCalls(calls).at(-1)).toEqual(shown);
    await settle();
    expect(byId("page-status")).toHaveTextContent("Page 2 of 3");
    expect(container.querySelector("table.records")).toBe(table);
    expect(box.value).toBe("FP-2");
    expect(scroller.scrollTop).toBe(120);
  });

  test("another workspace's or another resource's change reads nothing; the service's state alone neither", async () => {
    const { calls } = await renderList();
    recordsChanged.show("w1");
    const before = listCalls(calls).length;
    recordsChanged.apply(changed(["supplier_invoice"], "w2"));
    recordsChanged.apply(changed(["task", "lead"]));
    // Offline, then online: Rust's `records-changed` decides, not the UI.
    session.apply(serviceState("offline", "w1"));
    session.apply(serviceState("online", "w1"));
    await settle();
    expect(listCalls(calls)).toHaveLength(before);
    recordsChanged.apply(changed([], "w1", "connection_changed"));
    await vi.waitFor(() => expect(listCalls(calls)).toHaveLength(before + 1));
  });
});

describe("the overview", () => {
  const answer: Overview<UiError> = {
    at: "2026-11-26T15:42:00Z",
    months: [],
    parts: [{ resource: "task", source: { kind: "not_saved" }, figures: [] }],
  };

  test("reads again in place when a list it counts changed, not for another", async () => {
    let reads = 0;
    mockIPC((cmd) => {
      if (cmd === "overview") {
        reads += 1;
        return answer;
      }
      return null;
    });
    render(OverviewView, { props: { onopen: () => {} } });
    const heading = await screen.findByRole("heading", { level: 2, name: "Overview" });
    await vi.waitFor(() => expect(reads).toBe(1));
    await screen.findByText(/^As of/);
    recordsChanged.show("w1");
    recordsChanged.apply(changed(["stakeholder"]));
    await settle();
    expect(reads).toBe(1);
    recordsChanged.apply(changed(["task"], "w1", "sent_from_outbox"));
    await vi.waitFor(() => expect(reads).toBe(2));
    recordsChanged.apply(changed([], "w1", "working_online"));
    await vi.waitFor(() => expect(reads).toBe(3));
    expect(screen.getByRole("heading", { level: 2, name: "Overview" })).toBe(heading);
  });
});

describe("the window", () => {
  test("the event for the workspace shown reads its list again; one for another workspace is dropped", async () => {
    session.reset();
    let reads = 0;
    const handler = windowOn(serviceStatus);
    mockIPC(
      (cmd, payload) => {
        if (cmd === "read_list" || cmd === "open_list") reads += 1;
        return handler(cmd, payload);
      },
      { shouldMockEvents: true },
    );
    render(App);
    await screen.findByText("3 supplier invoices");
    const heading = screen.getByRole("heading", { level: 2, name: "Supplier invoices" });
    expect(reads).toBe(1);
    await emit("records-changed", changed(["supplier_invoice"], "another"));
    await settle();
    expect(reads).toBe(1);
    await emit("records-changed", changed(["supplier_invoice"], serviceStatus.workspace!.id));
    await vi.waitFor(() => expect(reads).toBe(2));
    expect(screen.getByRole("heading", { level: 2, name: "Supplier invoices" })).toBe(heading);
  });
});

describe("no remount counter", () => {
  const sources = import.meta.glob("../src/**/*.{ts,svelte}", { query: "?raw", import: "default", eager: true }) as Record<string, string>;

  test("nothing counts reloads or reconnects, and the section's key names no counter", () => {
    const files = Object.entries(sources).filter(([path]) => !path.endsWith("/lib/bindings.ts"));
    expect(files.length).toBeGreaterThan(50);
    // A counter read (`app.reloads`), declared or passed (`reloads = $state(0)`, `reloads: number`, `reloads={…}`).
    const counter = /\.(reloads|reconnects)\b|\b(reloads|reconnects)\s*[=:]/;
    const counting = files.filter(([, text]) => counter.test(text)).map(([path]) => path);
    expect(counting).toEqual([]);
    const section = sources["../src/components/app/SectionContent.svelte"];
    const key = section.match(/\{#key ([^\n]*)\}/)?.[1] ?? "";
    expect(key).toBe("`${status.mode}|${status.workspace?.id}|${status.base_url}|${JSON.stringify(screen)}`");
  });
});
