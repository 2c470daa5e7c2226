// `workdesk://` links in the window (lib/links.ts): "Copy link" in a
// record's details, in the rows' menu and beside the saved views puts the
// link Rust makes on the clipboard (or says why there is none); a list
// opened from a link shows the record's details or applies the saved view;
// a link that arrived goes where Rust says (switching workspace first, as
// any switch does), and one that does not open is said, changing nothing.
import { afterEach, describe, expect, test, vi } from "vitest";
import { screen, within } from "@testing-library/svelte";
import { mockIPC } from "@tauri-apps/api/mocks";
import type { LinkOpening, SavedView, WorkspaceStatus } from "../src/lib/bindings";
import { errorText } from "../src/lib/errors";
import { i18n } from "../src/lib/i18n.svelte";
import { copyLink, linkScreen, openArrivedLink, type LinkWindow } from "../src/lib/links";
import type { Screen } from "../src/lib/sections";
import { invoiceId, invoiceRecord, renderList, type Call } from "./fixtures/records";
import { uiError } from "./fixtures";

const RECORD_LINK = `workdesk://open/supplier_invoice?record=${invoiceId(3)}&workspace=books&server=https%3A%2F%2Fbooks.example.co`;

/** What a link command answers: `record_link` and `view_link` the link, or `refusal` when given. */
function linkCommands(refusal: unknown = null) {
  return (cmd: string, args: Record<string, unknown>) => {
    if (cmd !== "record_link" && cmd !== "view_link") return undefined;
    if (refusal) throw refusal;
    return cmd === "record_link"
      ? `workdesk://open/${String(args.resource)}?record=${String(args.id)}&workspace=books&server=https%3A%2F%2Fbooks.example.co`
      : `workdesk://open/${String(args.resource)}?view=${encodeURIComponent(String(args.name))}&workspace=books&server=https%3A%2F%2Fbooks.example.co`;
  };
}

const linkCalls = (calls: Call[]) => calls.filter((c) => c.cmd === "record_link" || c.cmd === "view_link");

afterEach(() => {
  i18n.use("system", ["en-US"]);
  vi.restoreAllMocks();
});

describe("Copy link", () => {
  test("in a record's details: Rust's link of that record on the clipboard, said beside the button", async () => {
    const { user, container, calls } = await renderList({ other: linkCommands() });
    const writeText = vi.spyOn(navigator.clipboard, "writeText");
    await user.click(container.querySelectorAll<HTMLElement>("tbody tr[data-id] th")[2]);
    const panel = await screen.findByRole("dialog");
    await user.click(within(panel).getByRole("button", { name: "Copy link" }));
    await vi.waitFor(() => expect(within(panel).getByText(/^Link copied/)).toBeInTheDocument());
    expect(linkCalls(calls)).toEqual([{ cmd: "record_link", args: { resource: "supplier_invoice", id: invoiceId(3) } }]);
    expect(writeText).toHaveBeenCalledWith(RECORD_LINK);
  });

  test("where the clipboard refuses it, the link is shown selected, to copy by hand", async () => {
    const { user, container } = await renderList({ other: linkCommands() });
    vi.spyOn(navigator.clipboard, "writeText").mockRejectedValueOnce(new Error("not allowed"));
    await user.click(container.querySelectorAll<HTMLElement>("tbody tr[data-id] th")[2]);
    const panel = await screen.findByRole("dialog");
    await user.click(within(panel).getByRole("button", { name: "Copy link" }));
    const box = await within(panel).findByRole("textbox", { name: "Link" });
    expect(box).toHaveValue(RECORD_LINK);
    expect(box).toHaveFocus();
    expect(within(panel).getByText(/The link is selected below: press Ctrl\+C to copy it\./)).toBeInTheDocument();
  });

  test("in the demo workspace: why there is no link, and nothing on the clipboard", async () => {
    const refusal = { ...uiError("invalid_input", ""), code: "link_demo", text: undefined };
    const { user, container } = await renderList({ other: linkCommands(refusal) });
    const writeText = vi.spyOn(navigator.clipboard, "writeText");
    await user.click(container.querySelectorAll<HTMLElement>("tbody tr[data-id] th")[0]);
    const panel = await screen.findByRole("dialog");
    await user.click(within(panel).getByRole("button", { name: "Copy link" }));
    expect(await within(panel).findByRole("alert")).toHaveTextContent("Links can't be made in the demo workspace");
    expect(writeText).not.toHaveBeenCalled();
  });

  test("in the rows' menu: the link of the row the menu is for", async () => {
    const { user, container, calls } = await renderList({ other: linkCommands() });
    const writeText = vi.spyOn(navigator.clipboard, "writeText");
    const row = container.querySelectorAll<HTMLElement>("tbody tr[data-id]")[2];
    await user.pointer({ keys: "[MouseRight]", target: row.querySelector("td")! });
    expect(screen.getAllByRole("menuitem").map((i) => i.textContent)).toEqual(["Open", "Copy row", "Copy link", "Export this row…"]);
    await user.click(screen.getByRole("menuitem", { name: "Copy link" }));
    await vi.waitFor(() => expect(writeText).toHaveBeenCalledWith(RECORD_LINK));
    expect(linkCalls(calls)).toEqual([{ cmd: "record_link", args: { resource: "supplier_invoice", id: invoiceId(3) } }]);
    expect(screen.queryByRole("menu")).toBeNull();
  });

  test("beside the saved views: once a view is chosen, its link", async () => {
    const unpaid: SavedView = { name: "Sin pagar & vencidas", view: { page: 1, take: 20, fields: ["name", "id"], sort: [], filters: [] }, left_out: false };
    const { user, calls } = await renderList({ other: linkCommands(), saved: [structuredClone(unpaid)] });
    const writeText = vi.spyOn(navigator.clipboard, "writeText");
    const button = screen.getByRole("button", { name: "Copy link" });
    expect(button).toBeDisabled();
    await user.selectOptions(screen.getByLabelText("Saved views"), unpaid.name);
    await user.click(button);
    await vi.waitFor(() => expect(writeText).toHaveBeenCalled());
    expect(linkCalls(calls)).toEqual([{ cmd: "view_link", args: { resource: "supplier_invoice", name: unpaid.name } }]);
    expect(writeText.mock.calls[0][0]).toContain("view=Sin%20pagar%20%26%20vencidas");
  });
});

describe("the clipboard, within the click", () => {
  test("is asked at once, before Rust's link arrives: WebKit lets a page write it only during the user's gesture", async () => {
    class Item {
      constructor(readonly items: Record<string, Promise<Blob>>) {}
    }
    vi.stubGlobal("ClipboardItem", Item);
    let written: Blob | null = null;
    const write = vi.fn(async (items: Item[]) => {
      written = await items[0].items["text/plain"];
    });
    const had = Object.getOwnPropertyDescriptor(navigator.clipboard, "write");
    Object.defineProperty(navigator.clipboard, "write", { value: write, configurable: true });
    try {
      let arrive: (link: string) => void = () => {};
      const copying = copyLink(() => new Promise<string>((resolve) => (arrive = resolve)));
      expect(write).toHaveBeenCalledTimes(1);
      arrive(RECORD_LINK);
      expect(await copying).toEqual({ copied: true, link: RECORD_LINK });
      expect(written).toMatchObject({ type: "text/plain", size: RECORD_LINK.length });
    } finally {
      if (had) Object.defineProperty(navigator.clipboard, "write", had);
      else delete (navigator.clipboard as { write?: unknown }).write;
      vi.unstubAllGlobals();
    }
  });
});

describe("a list opened from a link", () => {
  test("shows the linked record's details at once, read whole", async () => {
    const { calls } = await renderList({ props: { link: { record: invoiceId(7) } }, get: (id) => invoiceRecord(Number(id.slice(-12)), { name: "The linked one" }) });
    const panel = await screen.findByRole("dialog");
    await vi.waitFor(() => expect(within(panel).getByRole("heading", { level: 3 })).toHaveTextContent("The linked one"));
    expect(calls.filter((c) => c.cmd === "read_record").map((c) => c.args.id)).toEqual([invoiceId(7)]);
  });

  test("applies the linked saved view once the views arrive", async () => {
    const view = { page: 1, take: 50, fields: ["name", "total", "id"], sort: [{ field: "total", descending: true }], filters: [] };
    const { calls } = await renderList({ props: { link: { view: "Largest" } }, saved: [{ name: "Largest", view, left_out: false }] });
    await vi.waitFor(() => expect(calls.filter((c) => c.cmd === "read_list").map((c) => c.args.view)).toEqual([view]));
    expect(screen.queryByRole("dialog")).toBeNull();
  });
});

/** A window as opening a link sees it, recording what it was asked to do. */
function fakeWindow(status: Partial<WorkspaceStatus>) {
  const done: string[] = [];
  const window: LinkWindow & { shown: Partial<WorkspaceStatus>; screens: Screen[] } = {
    shown: status,
    screens: [],
    get status() {
      return this.shown as WorkspaceStatus;
    },
    fail: (error) => done.push(`fail: ${errorText(error)}`),
    async change(action) {
      done.push("change");
      this.shown = await action();
    },
    leave: (proceed) => (done.push("leave"), proceed()),
    go(screen) {
      done.push("go");
      this.screens.push(screen);
    },
    goNow(screen) {
      done.push("goNow");
      this.screens.push(screen);
    },
  };
  return { window, done };
}

function answering(opening: LinkOpening | null | Error, switched?: Partial<WorkspaceStatus>) {
  const asked: string[] = [];
  mockIPC((cmd, payload) => {
    asked.push(cmd);
    if (cmd === "open_link") {
      if (opening instanceof Error) throw opening;
      return opening;
    }
    if (cmd === "switch_workspace") return { ...switched, asked: (payload as { workspace: string }).workspace };
    return null;
  });
  return asked;
}

describe("a link that arrived", () => {
  const opening: LinkOpening = { switch_to: null, resource: "supplier_invoice", record: invoiceId(3), view: null };

  test("none waiting: nothing happens", async () => {
    const asked = answering(null);
    const { window, done } = fakeWindow({ mode: "service" });
    await openArrivedLink(window);
    expect(asked).toEqual(["open_link"]);
    expect(done).toEqual([]);
  });

  test("in the workspace on screen: its list and record, asking first as any move does", async () => {
    answering(opening);
    const { window, done } = fakeWindow({ mode: "service" });
    await openArrivedLink(window);
    expect(done).toEqual(["go"]);
    expect(window.screens).toEqual([{ kind: "list", resource: "supplier_invoice", link: { record: invoiceId(3) } }]);
    expect(linkScreen({ ...opening, record: null, view: "Unpaid" })).toEqual({ kind: "list", resource: "supplier_invoice", link: { view: "Unpaid" } });
  });

  test("in another saved workspace: switched to first (after asking), then its list", async () => {
    const asked = answering({ ...opening, switch_to: "books" }, { mode: "service", workspace: { id: "books", name: "Books", base_url: "https://books.example.co/", proxy: null } });
    const { window, done } = fakeWindow({ mode: "service" });
    await openArrivedLink(window);
    await vi.waitFor(() => expect(done).toEqual(["leave", "change", "goNow"]));
    expect(asked).toEqual(["open_link", "switch_workspace"]);
    expect(window.screens).toEqual([{ kind: "list", resource: "supplier_invoice", link: { record: invoiceId(3) } }]);
  });

  test("one that does not open: said in both languages, nothing else done", async () => {
    for (const [language, words] of [
      ["en", "That link is for a workspace of https://elsewhere.example.co that is not saved on this computer"],
      ["es", "Ese enlace es de un espacio de trabajo de https://elsewhere.example.co que no está guardado en este equipo"],
    ] as const) {
      i18n.use(language, [language === "en" ? "en-US" : "es-CO"]);
      const refusal = { ...uiError("link", ""), code: "link_workspace_missing", params: { server: "https://elsewhere.example.co" } };
      const asked: string[] = [];
      mockIPC((cmd) => {
        asked.push(cmd);
        throw refusal;
      });
      const { window, done } = fakeWindow({ mode: "service" });
      await openArrivedLink(window);
      expect(asked).toEqual(["open_link"]);
      expect(done).toHaveLength(1);
      expect(done[0]).toContain(words);
      expect(window.screens).toEqual([]);
    }
  });

  test("a malformed link's reason is worded in both languages", () => {
    const malformed = { ...uiError("link", ""), code: "link_malformed" as const, params: { reason: "other_scheme" } };
    expect(errorText(malformed)).toBe("Workdesk can't open that link: it is not a Workdesk link (those start with workdesk://). Nothing was changed.");
    i18n.use("es", ["es-CO"]);
    expect(errorText(malformed)).toBe("Workdesk no puede abrir ese enlace: no es un enlace de Workdesk (esos empiezan por workdesk://). No se cambió nada.");
  });
});
