// The window as a whole, with IPC mocked: the status bar's connection state
// and rate-limit budget, the key prompt after a 401, and the sections.
import { describe, expect, test, vi } from "vitest";
import { render, screen, within } from "@testing-library/svelte";
import { emit } from "@tauri-apps/api/event";
import userEvent from "@testing-library/user-event";
import { mockIPC, mockWindows } from "@tauri-apps/api/mocks";
import App from "../src/App.svelte";
import type { RateLimit, WorkspaceStatus } from "../src/lib/bindings";
import type { UiError } from "../src/lib/errors";
import { session } from "../src/lib/session.svelte";
import { i18n } from "../src/lib/i18n.svelte";
import { recordPage, supplierInvoiceSchema } from "./fixtures/records";
import { serviceStatus, setupStatus } from "./fixtures";
import { checkTask, schemas as formSchemas } from "./fixtures/forms";
import { answerRead, answerReadAndPush, opening, unanswered, type SavedAnswer } from "./fixtures/reads";
import { windowOn } from "./fixtures/window";

const service = serviceStatus;

function error(kind: UiError["kind"], message: string, retry_after_s: number | null = null): UiError {
  return { kind, code: "local", text: message, params: {}, service_message: null, field: null, field_errors: {}, retry_after_s };
}

/**
 * Mocks the commands the window calls, and what Rust pushes: `list` is the
 * service's answer to read_list (throw `unanswered(...)` when it does not
 * answer), `other("saved:read_list")` the saved answer, `other` the rest;
 * after each read the connection it shows is pushed with `budget`.
 */
function serve(
  list: () => unknown,
  budget: RateLimit = { limit: null, remaining: null, reset: null },
  other: (cmd: string, args: Record<string, unknown>) => unknown = () => null,
) {
  session.reset();
  let offline = false;
  mockIPC(opening(
    (cmd, payload) => {
      const args = (payload ?? {}) as Record<string, unknown>;
      switch (cmd) {
        case "workspace_status":
          return service;
        case "resource_schemas":
          return [supplierInvoiceSchema, ...formSchemas];
        case "read_list":
          return answerReadAndPush(
            service.workspace!.id,
            args.answers,
            () => (other("saved:read_list", args) as SavedAnswer | null) ?? null,
            list,
            { offline, budget },
          );
        case "offline_list":
          return { complete: false, saved: 0, refreshed_at: null };
        case "rate_limit":
          return budget;
        case "check_task":
          return checkTask(args);
        case "set_working_offline":
          offline = args.on as boolean;
          other(cmd, args);
          return offline;
        default:
          return other(cmd, args);
      }
    }),
    { shouldMockEvents: true },
  );
}

/**
 * Mocks a window showing `status` (several workspaces), with a page of 3
 * supplier invoices; `workspaceCommand` answers the workspace commands
 * (`switch_workspace`, `remove_workspace`…), which `calls` records.
 */
function serveWorkspaces(
  status: WorkspaceStatus,
  workspaceCommand: (cmd: string, args: unknown) => unknown,
  seen: (cmd: string, args: Record<string, unknown>) => void = () => {},
) {
  const calls: [string, unknown][] = [];
  session.reset();
  const handler = windowOn(status, (cmd, args) => {
    switch (cmd) {
      case "set_zoom":
        return (args as { percent: number }).percent;
      default:
        if (cmd.endsWith("_workspace")) {
          calls.push([cmd, args]);
          return workspaceCommand(cmd, args);
        }
        return null;
    }
  });
  mockIPC((cmd, args) => {
    seen(cmd, (args ?? {}) as Record<string, unknown>);
    return handler(cmd, args);
  });
  return calls;
}

describe("the workspace window", () => {
  test("shows the workspace, the masked key and the budget with its reset countdown", async () => {
    const reset = new Date(Date.now() + 90_500).toISOString();
    serve(() => recordPage(1, 45), { limit: 100, remaining: 42, reset });
    render(App);
    expect(await screen.findByText("45 supplier invoices")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: /^Workspace: Acme S\.A\.S\./ })).toBeInTheDocument();
    expect(screen.getByText(/service_…3f9a/)).toBeInTheDocument();
    expect(await screen.findByText("Connected")).toBeInTheDocument();
    expect(await screen.findByText(/Requests left: 42\s*\/\s*100/)).toBeInTheDocument();
    expect(screen.getByText(/resets in 1:(29|30|31)/)).toBeInTheDocument();
  });

  test("a 429 pauses the status bar until the budget resets", async () => {
    serve(unanswered("rate_limited", error("rate_limited", "This API key has made too many requests for now. Try again in 60 seconds.", 60)));
    render(App);
    expect(await screen.findByText("Paused: too many requests")).toBeInTheDocument();
    expect(screen.getByText(/Requests left: 0/)).toBeInTheDocument();
    expect(screen.getByText(/resets in (0:59|1:0\d)/)).toBeInTheDocument();
  });

  test("a refused key brings up the key prompt, saying why", async () => {
    serve(() => {
      throw error("unauthorized", "The service did not accept the API key (expired).");
    });
    render(App);
    expect(await screen.findByRole("dialog", { name: "Enter your API key again" })).toBeInTheDocument();
    // The pushed refusal opens the prompt with the service's words.
    expect(screen.getByText(/did not accept the API key \(expired\)/)).toBeInTheDocument();
    expect(screen.getByLabelText("API key")).toBeInTheDocument();
  });

  test("a key the service refused before: its saved records are hidden, and the prompt says so at start, also offline", async () => {
    session.reset();
    const refusal: UiError = { ...error("unauthorized", ""), code: "saved_data_locked", field: "api_key" };
    mockIPC(opening((cmd, args) => {
      switch (cmd) {
        case "workspace_status":
          return { ...service, working_offline: true, key: { ...service.key, refusal } };
        case "resource_schemas":
          return [supplierInvoiceSchema, ...formSchemas];
        case "read_list":
          return answerRead(
            (args as Record<string, unknown>).answers,
            () => {
              throw refusal;
            },
            () => null,
            true,
          );
        case "offline_list":
          return { complete: false, saved: 0, refreshed_at: null };
        case "rate_limit":
          return { limit: null, remaining: null, reset: null };
        default:
          return null;
      }
    }));
    render(App);
    const prompt = await screen.findByRole("dialog", { name: "Enter your API key again" });
    expect(prompt).toHaveTextContent("stay hidden until you enter a key the service accepts");
    expect(screen.getByLabelText("API key")).toBeRequired();
  });

  test("a key refused while filling a form: the prompt comes over it and the form keeps what was typed", async () => {
    serve(
      () => recordPage(1, 3),
      undefined,
      (cmd) => {
        if (cmd === "create_task") {
          // What Rust pushes on any 401, a write's too, with the service's words.
          const refusal = error("unauthorized", "The service did not accept the API key (disabled).");
          void emit("service-state", { workspace: service.workspace!.id, connection: "key_refused", budget: { limit: null, remaining: null, reset: null }, refusal });
          throw refusal;
        }
        if (cmd === "update_workspace") return service;
        return null;
      },
    );
    render(App);
    const user = userEvent.setup();
    await screen.findByText("3 supplier invoices");
    await user.click(screen.getByRole("button", { name: "New task" }));
    const title = (await screen.findByLabelText(/^Title/)) as HTMLInputElement;
    await user.type(title, "Llamar a Peña");
    await user.click(screen.getByRole("button", { name: "Create task" }));
    const prompt = await screen.findByRole("dialog", { name: "Enter your API key again" });
    expect(prompt).toHaveTextContent(/\(disabled\)/);
    expect(title.value).toBe("Llamar a Peña");
    await user.type(screen.getByLabelText("API key"), "service_0123456789abcdefghijklmnopqrstuv");
    await user.click(screen.getByRole("button", { name: "Connect" }));
    await vi.waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect((screen.getByLabelText(/^Title/) as HTMLInputElement).value).toBe("Llamar a Peña");
  });

  test("an unreachable service shows as offline", async () => {
    serve(unanswered("offline", error("network", "The service could not be reached.")));
    render(App);
    expect(await screen.findByText("Offline: the service can't be reached")).toBeInTheDocument();
  });

  test("offline, the banner says when the data on screen was saved, kept current; Work offline sends nothing", async () => {
    const savedAt = new Date(Date.now() - 3 * 3600_000 - 60_000).toISOString();
    const calls: string[] = [];
    serve(
      () => {
        calls.push("fresh");
        unanswered("offline", error("network", "The service could not be reached."))();
      },
      undefined,
      (cmd) => {
        calls.push(cmd);
        if (cmd === "saved:read_list") return { value: recordPage(1, 45), source: { kind: "saved_page", saved_at: savedAt, stale: false } };
        return null;
      },
    );
    render(App);
    const user = userEvent.setup();
    const banner = await screen.findByText(/^Offline/, { selector: "strong" });
    // The time alone when that was today; with the date when it was
    // yesterday (between midnight and 3 a.m. where the tests run).
    expect(banner.closest("[role=status]")).toHaveTextContent(
      /Offline — showing data saved at (\w{3} \d{1,2}, \d{4}, )?\d{1,2}:\d{2}.* \(3 hours ago\)/,
    );
    expect(screen.getByText("45 supplier invoices")).toBeInTheDocument();
    // Forms stay usable and say their changes are kept to send later.
    await user.click(screen.getByRole("button", { name: "New task" }));
    expect(await screen.findByRole("button", { name: "Create task" })).toBeEnabled();
    expect(screen.getByText(/can't be reached: what you save here is kept on this computer/)).toBeInTheDocument();
    // Working offline on purpose: nothing more is sent.
    await user.click(screen.getByRole("button", { name: "Supplier invoices" }));
    await screen.findByText("45 supplier invoices");
    const before = calls.filter((c) => c === "fresh").length;
    await user.click(screen.getByRole("switch", { name: "Work offline" }));
    await vi.waitFor(() => expect(calls).toContain("set_working_offline"));
    expect(await screen.findByText("Working offline")).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Tasks" }));
    await user.click(screen.getByRole("button", { name: "Supplier invoices" }));
    await screen.findByText("45 supplier invoices");
    // Each list is still one read; none reaches the service.
    expect(calls.filter((c) => c === "fresh").length).toBe(before);
  });

  test("the service's state is pushed: budget and connection update without asking, another workspace's is ignored", async () => {
    const calls: string[] = [];
    serve(
      () => recordPage(1, 3),
      { limit: 1000, remaining: 999, reset: null },
      (cmd) => {
        calls.push(cmd);
        return null;
      },
    );
    render(App);
    await screen.findByText("3 supplier invoices");
    expect(await screen.findByText(/Requests left: 999\s*\/\s*1,000/)).toBeInTheDocument();
    await emit("service-state", { workspace: service.workspace!.id, connection: "online", budget: { limit: 1000, remaining: 742, reset: null } });
    expect(await screen.findByText(/Requests left: 742\s*\/\s*1,000/)).toBeInTheDocument();
    expect(screen.getByText("Connected")).toBeInTheDocument();
    // A download going on in the background lost the service: every screen hears it.
    await emit("service-state", { workspace: service.workspace!.id, connection: "offline", budget: { limit: 1000, remaining: 742, reset: null } });
    await vi.waitFor(() => expect(session.connection).toBe("offline"));
    // The workspace shown before a switch: ignored.
    await emit("service-state", { workspace: "another", connection: "online", budget: { limit: 50, remaining: 1, reset: null } });
    expect(screen.queryByText(/Requests left: 1\s*\//)).toBeNull();
    expect(session.connection).toBe("offline");
  });

  test("every list opens with one call, the list a workspace opens on as the others", async () => {
    const asked: string[] = [];
    serveWorkspaces(service, () => null, (cmd, args) => {
      if (cmd === "open_list" || cmd === "read_list") asked.push(`${cmd} ${String(args.resource)}`);
    });
    const user = userEvent.setup();
    render(App);
    await screen.findByText("3 supplier invoices");
    await user.click(screen.getByRole("button", { name: "Tasks" }));
    await screen.findByText("3 tasks");
    await user.click(screen.getByRole("button", { name: "Supplier invoices" }));
    await screen.findByText("3 supplier invoices");
    expect(asked).toEqual(["open_list supplier_invoice", "open_list task", "open_list supplier_invoice"]);
  });

  test("the budget is asked for once when the workspace shows, not after every call", async () => {
    let asked = 0;
    serve(() => recordPage(1, 45), { limit: 100, remaining: 42, reset: null }, () => null);
    mockIPC(opening((cmd, args) => {
      switch (cmd) {
        case "workspace_status":
          return service;
        case "resource_schemas":
          return [supplierInvoiceSchema, ...formSchemas];
        case "read_list":
          return answerRead((args as Record<string, unknown>).answers, () => null, () => recordPage(1, 45));
        case "offline_list":
          return { complete: false, saved: 0, refreshed_at: null };
        case "rate_limit":
          asked += 1;
          return { limit: 100, remaining: 42, reset: null };
        default:
          return null;
      }
    }));
    const user = userEvent.setup();
    render(App);
    await screen.findByText("45 supplier invoices");
    await user.click(screen.getByRole("button", { name: "Next page" }));
    await vi.waitFor(() => expect(screen.getByText(/Page 2 of 3/)).toBeInTheDocument());
    expect(asked).toBe(1);
  });

  test("a failed write of saved data is told at once, and can be dismissed", async () => {
    serve(() => recordPage(1, 3), undefined, () => null);
    render(App);
    const user = userEvent.setup();
    await screen.findByText("3 supplier invoices");
    await emit("saved-data-notice", { notice: { code: "write_failed", detail: "disk full" } });
    const notice = await screen.findByRole("alert");
    expect(notice).toHaveTextContent("could not be saved for offline use (disk full)");
    await user.click(within(notice).getByRole("button", { name: "Dismiss" }));
    expect(screen.queryByText(/could not be saved for offline use/)).toBeNull();
  });

  test("a settings file that could not be read is told once, with where it is kept, over the first-run screen too", async () => {
    const user = userEvent.setup();
    const moved_to = "/home/ana/.local/share/dev.workdesk.desktop/settings.unreadable-20261125T101500Z.json";
    let first = true;
    const status = (base: WorkspaceStatus, code: "restored" | "reset"): WorkspaceStatus => {
      const once = first ? { code, moved_to } : null;
      first = false;
      return { ...base, settings_notice: once };
    };
    session.reset();
    mockIPC((cmd) => {
      if (cmd === "workspace_status") return status(setupStatus, "reset");
      if (cmd === "rate_limit") return { limit: null, remaining: null, reset: null };
      return null;
    });
    const { unmount } = render(App);
    const notice = await screen.findByRole("alert");
    expect(notice).toHaveTextContent("could not be read and there was no usable copy");
    expect(notice).toHaveTextContent(moved_to);
    expect(screen.getByLabelText("Server address")).toBeInTheDocument();
    await user.click(within(notice).getByRole("button", { name: "Dismiss" }));
    expect(screen.queryByText(/could not be read/)).toBeNull();
    unmount();

    first = true;
    session.reset();
    mockIPC(opening((cmd, args) => {
      if (cmd === "workspace_status") return status(service, "restored");
      if (cmd === "resource_schemas") return [supplierInvoiceSchema, ...formSchemas];
      if (cmd === "read_list") return answerRead((args as Record<string, unknown>).answers, () => null, () => recordPage(1, 3));
      if (cmd === "offline_list") return { complete: false, saved: 0, refreshed_at: null };
      if (cmd === "rate_limit") return { limit: null, remaining: null, reset: null };
      return null;
    }));
    render(App);
    expect(await screen.findByText("3 supplier invoices")).toBeInTheDocument();
    expect(screen.getByRole("alert")).toHaveTextContent("the copy from the save before it was used");
  });

  test("the workspace menu lists every workspace with its shortcut and the demo apart, and switches with a click or Ctrl+2", async () => {
    const perez = { id: "9b2f6c1d0e3a4b5c6d7e8f9a0b1c2d3e", name: "Pérez y Cía", base_url: "https://perez.example.com/", proxy: null };
    const both = { ...service, workspaces: [...service.workspaces, perez] };
    const calls = serveWorkspaces(both, (_, args) => {
      const target = both.workspaces.find((w) => w.id === (args as { workspace: string }).workspace);
      return { ...both, workspace: target, base_url: target?.base_url, last_resource: "supplier_invoice" };
    });
    render(App);
    const user = userEvent.setup();
    await screen.findByText("3 supplier invoices");
    const button = screen.getByRole("button", { name: /^Workspace: Acme S\.A\.S\./ });
    expect(button).toHaveAttribute("aria-expanded", "false");
    await user.click(button);
    const menu = screen.getByRole("menu", { name: "Workspaces" });
    const entries = within(menu).getAllByRole("menuitemradio");
    expect(entries.map((e) => e.textContent?.replace(/\s+/g, " ").trim())).toEqual([
      "✓ Acme S.A.S. api.example.com Ctrl+1",
      "Pérez y Cía perez.example.com Ctrl+2",
      "Demo Demo workspace (sample data)",
    ]);
    expect(entries[0]).toHaveAttribute("aria-checked", "true");
    expect(entries[0]).toHaveFocus();
    // Arrows move, Escape closes and gives focus back.
    await user.keyboard("{ArrowDown}");
    expect(entries[1]).toHaveFocus();
    await user.keyboard("{Escape}");
    expect(screen.queryByRole("menu")).toBeNull();
    expect(button).toHaveFocus();

    await user.keyboard("{Control>}2{/Control}");
    await vi.waitFor(() => expect(calls).toEqual([["switch_workspace", { workspace: perez.id }]]));
    expect(await screen.findByRole("button", { name: /^Workspace: Pérez y Cía/ })).toBeInTheDocument();
    // Ctrl+2 again: already there, nothing sent; Ctrl+3: no third workspace.
    await user.keyboard("{Control>}2{/Control}{Control>}3{/Control}");
    await user.click(screen.getByRole("button", { name: /^Workspace: Pérez y Cía/ }));
    await user.click(screen.getByRole("menuitemradio", { name: /Acme S\.A\.S\./ }));
    await vi.waitFor(() => expect(calls).toHaveLength(2));
    expect(calls[1]).toEqual(["switch_workspace", { workspace: service.workspaces[0].id }]);
  });

  test("Ctrl + / - / 0 zoom the window through Rust's levels, said for a moment; the level comes back from the status", async () => {
    const zooms: unknown[] = [];
    const webviewZooms: unknown[] = [];
    serveWorkspaces({ ...service, zoom_percent: 150 }, () => null, (cmd, args) => {
      if (cmd === "set_zoom") zooms.push(args.percent);
      if (cmd === "plugin:webview|set_webview_zoom") webviewZooms.push(args.value);
    });
    mockWindows("main");
    render(App);
    const user = userEvent.setup();
    await screen.findByText("3 supplier invoices");
    await user.keyboard("{Control>}={/Control}");
    await vi.waitFor(() => expect(zooms).toEqual([175]));
    expect(await screen.findByText("Zoom 175%")).toBeInTheDocument();
    await user.keyboard("{Control>}-{/Control}{Control>}-{/Control}");
    await vi.waitFor(() => expect(zooms).toEqual([175, 150, 125]));
    await user.keyboard("{Control>}0{/Control}");
    await vi.waitFor(() => expect(zooms).toEqual([175, 150, 125, 100]));
    // The webview zooms to each level Rust kept.
    expect(webviewZooms).toEqual([1.75, 1.5, 1.25, 1]);
    expect(await screen.findByText("Zoom 100%")).toBeInTheDocument();
    // Already at 100 %: Ctrl+0 sends nothing.
    await user.keyboard("{Control>}0{/Control}");
    expect(zooms).toHaveLength(4);
  });

  test("the menu bar gets its words in the language on screen, and a choice in it does what its shortcut does", async () => {
    const menus: Record<string, unknown>[] = [];
    const calls: string[] = [];
    serve(
      () => recordPage(1, 3),
      undefined,
      (cmd, args) => {
        calls.push(cmd);
        if (cmd === "set_menu") menus.push(args.words as Record<string, unknown>);
        return null;
      },
    );
    render(App);
    await screen.findByText("3 supplier invoices");
    await vi.waitFor(() => expect(menus.length).toBeGreaterThan(0));
    const words = menus.at(-1)!;
    expect(words).toMatchObject({ file: "File", new_task: "New task", edit: "Edit", view: "View", help: "Help", shortcuts: "Keyboard shortcuts" });
    const sections = words.sections as { id: string; label: string }[];
    expect(sections[0]).toEqual({ id: "overview", label: "Overview" });
    expect(sections[1]).toEqual({ id: "list:supplier_invoice", label: "Supplier invoices" });
    expect(sections.map((s) => s.id)).toEqual(expect.arrayContaining(["task", "lead", "stakeholder", "customer", "storage", "preferences", "workspaces"]));

    await emit("menu-chosen", { id: "new_task" });
    expect(await screen.findByRole("heading", { level: 2, name: "New task" })).toBeInTheDocument();
    await emit("menu-chosen", { id: "section:list:supplier_invoice" });
    expect(await screen.findByText("3 supplier invoices")).toBeInTheDocument();
    await emit("menu-chosen", { id: "shortcuts" });
    expect(await screen.findByRole("dialog", { name: "Keyboard shortcuts" })).toBeInTheDocument();
    await userEvent.setup().keyboard("{Escape}");
    await emit("menu-chosen", { id: "work_offline" });
    await vi.waitFor(() => expect(calls).toContain("set_working_offline"));
    // In Spanish, the menu bar is sent again in Spanish.
    i18n.use("es", ["es-CO"]);
    await vi.waitFor(() => expect(menus.at(-1)).toMatchObject({ file: "Archivo", view: "Ver", help: "Ayuda" }));
  });

  test("F1 or ? lists every shortcut with the platform's modifier; Escape closes it and the focus goes back", async () => {
    serveWorkspaces(service, () => null);
    render(App);
    const user = userEvent.setup();
    await screen.findByText("3 supplier invoices");
    // `?` typed in a text field is a character.
    const search = screen.getByRole("searchbox", { name: "Search supplier invoices" });
    await user.type(search, "?");
    expect(screen.queryByRole("dialog", { name: "Keyboard shortcuts" })).toBeNull();
    await user.keyboard("{F1}");
    const sheet = await screen.findByRole("dialog", { name: "Keyboard shortcuts" });
    const rows = within(sheet)
      .getAllByRole("row")
      .map((row) => [...row.children].map((cell) => cell.textContent?.replace(/\s+/g, " ").trim()).join(" | "));
    expect(rows).toContain("Ctrl+K | Find a record, a section or a command");
    expect(rows).toContain("Ctrl+F | Search the list");
    expect(rows).toContain("Ctrl+Shift+F or / | Open the filters");
    expect(rows).toContain("Ctrl++ | Zoom in");
    expect(rows).toContain("Ctrl+1 … Ctrl+9 | Open workspace 1 to 9");
    expect(rows).toContain("F1 or ? | This list");
    expect(within(sheet).getByRole("button", { name: "Close" })).toHaveFocus();
    await user.keyboard("{Escape}");
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(search).toHaveFocus();
    // And from the header.
    await user.click(screen.getByRole("button", { name: "Keyboard shortcuts" }));
    expect(await screen.findByRole("dialog", { name: "Keyboard shortcuts" })).toBeInTheDocument();
  });

  test("Ctrl+K opens the command palette on any screen; Escape closes it and the focus goes back; a section chosen opens", async () => {
    const asked: string[] = [];
    serve(
      () => recordPage(1, 3),
      undefined,
      (cmd, args) => {
        if (cmd === "palette_views" || cmd === "recent_records") return [];
        if (cmd === "palette_search") {
          asked.push(args.text as string);
          return { sequence: asked.length, superseded: false, too_short: false, min_chars: 2, groups: [] };
        }
        return null;
      },
    );
    render(App);
    const user = userEvent.setup();
    await screen.findByText("3 supplier invoices");
    const search = screen.getByRole("searchbox", { name: "Search supplier invoices" });
    await user.click(search);
    await user.keyboard("{Control>}k{/Control}");
    const palette = await screen.findByRole("dialog", { name: "Find a record, a section or a command" });
    await vi.waitFor(() => expect(within(palette).getByRole("combobox")).toHaveFocus());
    // Over a list, Export… is offered.
    expect(within(palette).getByRole("option", { name: /Export/ })).toBeInTheDocument();
    await user.keyboard("{Escape}");
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(search).toHaveFocus();
    // From Preferences too; a section chosen there opens.
    await user.click(screen.getByRole("button", { name: "Preferences" }));
    await screen.findByRole("heading", { name: "Preferences" });
    await user.keyboard("{Control>}k{/Control}");
    const again = await screen.findByRole("dialog", { name: "Find a record, a section or a command" });
    expect(within(again).queryByRole("option", { name: /Export/ })).toBeNull();
    await user.keyboard("supplier inv");
    await vi.waitFor(() => expect(asked).toEqual(["supplier inv"]));
    await user.keyboard("{Enter}");
    expect(await screen.findByText("3 supplier invoices")).toBeInTheDocument();
    expect(screen.queryByRole("dialog")).toBeNull();
  });

  test("Add workspace… opens the form over the window; a new workspace is shown once the service accepts it", async () => {
    const added = { id: "9b2f6c1d0e3a4b5c6d7e8f9a0b1c2d3e", name: "Pérez y Cía", base_url: "https://perez.example.com/", proxy: null };
    serve(
      () => recordPage(1, 3),
      undefined,
      (cmd) => {
        if (cmd === "add_workspace") return { ...service, workspace: added, workspaces: [...service.workspaces, added], base_url: added.base_url };
        return null;
      },
    );
    render(App);
    const user = userEvent.setup();
    await screen.findByText("3 supplier invoices");
    await user.click(screen.getByRole("button", { name: /^Workspace: Acme/ }));
    await user.click(screen.getByRole("menuitem", { name: "Add workspace…" }));
    const dialog = screen.getByRole("dialog", { name: "Add a workspace" });
    await user.type(within(dialog).getByLabelText("Name"), "Pérez y Cía");
    await user.type(within(dialog).getByLabelText("Server address"), "https://perez.example.com");
    await user.type(within(dialog).getByLabelText("API key"), "service_abcdefghijklmnopqrstuvwxyz0123456789");
    await user.click(within(dialog).getByRole("button", { name: "Add workspace" }));
    await vi.waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(screen.getByRole("button", { name: /^Workspace: Pérez y Cía/ })).toBeInTheDocument();
  });

  test("removing a workspace asks first, naming it and what goes with it", async () => {
    const perez = { id: "9b2f6c1d0e3a4b5c6d7e8f9a0b1c2d3e", name: "Pérez y Cía", base_url: "https://perez.example.com/", proxy: null };
    const both = { ...service, workspaces: [...service.workspaces, perez] };
    const calls = serveWorkspaces(both, () => service);
    render(App);
    const user = userEvent.setup();
    await screen.findByText("3 supplier invoices");
    await user.click(screen.getByRole("button", { name: "Workspaces" }));
    const rows = await screen.findAllByRole("row");
    const perezRow = rows.find((row) => row.textContent?.includes("Pérez y Cía"))!;
    await user.click(within(perezRow).getByRole("button", { name: "Remove…" }));
    const dialog = screen.getByRole("alertdialog", { name: "Remove the workspace Pérez y Cía?" });
    expect(dialog).toHaveTextContent("Its API key, its saved data and its views are deleted from this computer");
    expect(within(dialog).getByRole("button", { name: "Cancel" })).toHaveFocus();
    await user.keyboard("{Escape}");
    expect(screen.queryByRole("alertdialog")).toBeNull();
    expect(calls).toEqual([]);
    await user.click(within(perezRow).getByRole("button", { name: "Remove…" }));
    await user.click(screen.getByRole("button", { name: "Remove Pérez y Cía" }));
    await vi.waitFor(() => expect(calls).toEqual([["remove_workspace", { workspace: perez.id }]]));
    await vi.waitFor(() => expect(screen.queryByText("Pérez y Cía")).toBeNull());
    expect(screen.getByRole("rowheader", { name: /Acme S\.A\.S\./ })).toBeInTheDocument();
  });

  test("the sections open the forms", async () => {
    serve(() => recordPage(1, 3));
    render(App);
    const user = userEvent.setup();
    await screen.findByText("3 supplier invoices");
    await user.click(screen.getByRole("button", { name: "New task" }));
    expect(await screen.findByLabelText(/^Title/)).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "New task" })).toHaveAttribute("aria-current", "page");
  });

  test("a section loaded when first opened gets the focus on its heading, for keyboard and screen-reader users", async () => {
    serve(() => recordPage(1, 3));
    render(App);
    const user = userEvent.setup();
    await screen.findByText("3 supplier invoices");
    await user.click(screen.getByRole("button", { name: "New task" }));
    const heading = await screen.findByRole("heading", { name: "New task" });
    await vi.waitFor(() => expect(heading).toHaveFocus());
  });
});

describe("the overview in the window", () => {
  test("a workspace that opens on its overview shows it first, and a figure opens its list with the figure's conditions", async () => {
    session.reset();
    const drillDown = {
      filters: [{ or: false, not: false, field: "operation_status", operator: "exact", values: ["ER"] }],
      sort: [{ field: "issue_date", descending: false }],
    };
    const months = Array.from({ length: 13 }, (_, i) => `20${i < 2 ? "25" : "26"}-${String(((i + 10) % 12) + 1).padStart(2, "0")}`);
    const overview = {
      at: "2026-11-26T15:42:00Z",
      months,
      parts: [
        {
          resource: "supplier_invoice",
          source: { kind: "service", at: "2026-11-26T15:42:00Z", requests: 7, records: 122, amounts: 80, offline_requests: 1, amounts_requests: 1 },
          figures: [{ measure: { kind: "status", status: "ER" }, count: 7, sum: null, oldest: "2025-01-02T10:00:00Z", opens: drillDown }],
        },
      ],
    };
    const opened: unknown[] = [];
    let overviews = 0;
    let offline = false;
    const handler = (cmd: string, payload?: unknown) => {
      const args = (payload ?? {}) as Record<string, unknown>;
      switch (cmd) {
        case "set_working_offline":
          offline = args.on as boolean;
          // Rust: turned off, the records may have changed.
          if (!offline) void emit("records-changed", { workspace: service.workspace!.id, resources: [], cause: "working_online" });
          return offline;
        case "workspace_status":
          return { ...service, opens_overview: true };
        case "resource_schemas":
          return [supplierInvoiceSchema, ...formSchemas];
        case "overview":
          overviews += 1;
          return overview;
        case "read_list":
          return answerRead(args.answers, () => null, () => recordPage(1, 7));
        case "offline_list":
          return { complete: false, saved: 0, refreshed_at: null };
        case "rate_limit":
          return { limit: null, remaining: null, reset: null };
        default:
          return null;
      }
    };
    const opening_ = opening(handler);
    mockIPC(
      (cmd, payload) => {
        if (cmd === "open_list") opened.push((payload as Record<string, unknown>).drillDown);
        return opening_(cmd, payload);
      },
      { shouldMockEvents: true },
    );
    const user = userEvent.setup();
    render(App);
    expect(await screen.findByRole("heading", { level: 2, name: "Overview" })).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Overview" })).toHaveAttribute("aria-current", "page");
    await screen.findByRole("button", { name: "Supplier invoices · Error: 7. Open the list" });
    expect(overviews).toBe(1);
    // Back online after working offline: Rust says the records changed,
    // and the overview on screen asks again, in place.
    const heading = screen.getByRole("heading", { level: 2, name: "Overview" });
    const workOffline = screen.getByRole("switch", { name: "Work offline" });
    await user.click(workOffline);
    await user.click(workOffline);
    await vi.waitFor(() => expect(overviews).toBe(2));
    expect(screen.getByRole("heading", { level: 2, name: "Overview" })).toBe(heading);
    await user.click(await screen.findByRole("button", { name: "Supplier invoices · Error: 7. Open the list" }));
    expect(await screen.findByRole("heading", { name: "Supplier invoices" })).toBeInTheDocument();
    expect(opened).toEqual([drillDown]);
    // From the sections, the list opens as the user left it.
    await user.click(screen.getByRole("button", { name: "Overview" }));
    await screen.findByRole("heading", { level: 2, name: "Overview" });
    await user.click(screen.getByRole("button", { name: "Supplier invoices" }));
    await screen.findByRole("heading", { name: "Supplier invoices" });
    expect(opened).toEqual([drillDown, null]);
  });
});
