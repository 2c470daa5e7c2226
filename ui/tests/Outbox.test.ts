// "Waiting to send": the changes Rust kept while the service could not be
// reached, each with where it stands as Rust recorded it; a conflict's
// choice per field, Discard asked first, Send now, Clear sent; and the
// status bar's "Waiting to send (n)" entry that opens it. What is kept,
// when it goes and whether it conflicts is Rust's (mocked here).
import { describe, expect, test, vi } from "vitest";
import { render, screen, within } from "@testing-library/svelte";
import userEvent from "@testing-library/user-event";
import { mockIPC } from "@tauri-apps/api/mocks";
import OutboxView from "../src/components/OutboxView.svelte";
import StatusBar from "../src/components/StatusBar.svelte";
import type { Outbox, OutboxSummary, Pending } from "../src/lib/bindings";
import { outbox } from "../src/lib/outbox.svelte";
import { i18n } from "../src/lib/i18n.svelte";
import { BOGOTA, CC, ipcHandler, LEAD_ID, MEDELLIN, NIT, page, pending, schemas } from "./fixtures/forms";

const summaryOf = (changes: Pending[]): OutboxSummary => {
  const count = (state: Pending["state"]) => changes.filter((c) => c.state === state).length;
  const s = { waiting: count("waiting"), sending: count("sending"), needs_you: count("needs_you"), sent: count("sent") };
  return { ...s, unsent: s.waiting + s.sending + s.needs_you };
};

const task = pending({ kind: "create_task", task: { title: "Conciliar banco" } }, { id: 1 });
const lost = pending({ kind: "create_task", task: { title: "Pagar nómina" } }, { id: 2, state: "sending", attempts: 1, can_edit: false, can_discard: false });
const found = pending(
  { kind: "create_stakeholder", stakeholder: { document_number: "900123456", document_type: "t", geographic_location: "g" } },
  { id: 3, state: "sent", attempts: 1, note: { kind: "sent", record_id: "x", how: "found_on_service" }, can_edit: false, can_discard: false },
);
const refused = pending(
  { kind: "create_stakeholder", stakeholder: { document_number: "1", document_type: "t", geographic_location: "g" } },
  {
    id: 4,
    state: "needs_you",
    attempts: 1,
    note: { kind: "refused", message: "Invalid input.", fields: { document_type: ["Object with id=t does not exist."] } },
  },
);
const conflict = pending(
  { kind: "patch_lead", id: LEAD_ID, patch: { status: "won", source: "fair" }, based_on: { status: "new", source: "web" }, label: "Acme" },
  {
    id: 5,
    state: "needs_you",
    can_edit: false,
    note: {
      kind: "conflict",
      fields: [
        { field: "status", based_on: "new", service: "lost", yours: "won" },
        { field: "source", based_on: "web", service: "phone", yours: "fair" },
      ],
    },
  },
);

const held = pending(
  { kind: "create_task", task: { title: "Cerrar el mes" } },
  {
    id: 6,
    state: "needs_you",
    note: { kind: "other_address", origin: "https://old.example.com" },
    can_release: true,
  },
);

// Notes of Workdesk's own: a code and its values, worded here.
const noId = pending(
  { kind: "delete_stakeholder", id: "12", label: "Acme" },
  { id: 8, state: "needs_you", attempts: 0, note: { kind: "not_a_record_id", id: "12" }, can_edit: false },
);
const noPlace = pending(
  { kind: "create_task", task: { title: "Sin lugar" } },
  { id: 9, state: "needs_you", attempts: 1, note: { kind: "no_place_to_create" } },
);

const unsure = pending(
  { kind: "create_task", task: { title: "Cerrar caja" } },
  { id: 7, state: "needs_you", attempts: 1, note: { kind: "unsure", record_id: "r-1" }, can_release: true },
);

/** The document types and locations the workspace's stakeholders use: NIT twice, another type once. */
const inUse = page([
  { document_type: NIT, document_type_name: "NIT", geographic_location: BOGOTA },
  { document_type: NIT, document_type_name: "NIT", geographic_location: MEDELLIN },
  { document_type: CC, document_type_name: "Cédula de ciudadanía", geographic_location: BOGOTA },
]);

/** Mocks the outbox commands over `changes` (resolving and discarding change them). */
function serve(changes: Pending[]) {
  let current = [...changes];
  const { handler, calls } = ipcHandler({
    outbox: (): Outbox => ({ changes: current, summary: summaryOf(current) }),
    discard_change: ({ id }) => {
      current = current.filter((c) => c.id !== id);
      return null;
    },
    resolve_conflict: ({ id }) => {
      current = current.map((c) => (c.id === id ? { ...c, state: "waiting", note: null } : c));
      return current.find((c) => c.id === id) ?? null;
    },
    release_change: ({ id }) => {
      current = current.map((c) => (c.id === id ? { ...c, state: "waiting", note: null, can_release: false } : c));
      return current.find((c) => c.id === id) ?? null;
    },
    save_changes: () => ({ file_name: "Workdesk changes not sent.json", count: current.filter((c) => c.state !== "sent").length }),
    send_outbox_now: () => null,
    clear_sent: () => {
      const before = current.length;
      current = current.filter((c) => c.state !== "sent");
      return before - current.length;
    },
  });
  mockIPC(handler);
  return calls;
}

describe("waiting to send", () => {
  test("each change says where it stands, in the order made, and how a sent one was confirmed", async () => {
    serve([task, lost, found, refused]);
    render(OutboxView);
    const items = await screen.findAllByRole("listitem");
    const changes = items.filter((li) => li.hasAttribute("data-change"));
    expect(changes.map((li) => li.querySelector("strong")?.textContent)).toEqual([
      "New task “Conciliar banco”",
      "New task “Pagar nómina”",
      "New stakeholder, document 900123456",
      "New stakeholder, document 1",
    ]);
    expect(changes[0]).toHaveTextContent("Waiting");
    expect(changes[1]).toHaveTextContent(/Sending.*answer was lost.*checks whether the service has it before sending it again/);
    expect(changes[1]).toHaveTextContent("sent 1 time");
    expect(changes[2]).toHaveTextContent(/Sent.*found it on the service: it was not sent twice/);
    expect(changes[3]).toHaveTextContent(/Needs you.*The service refused it: Invalid input\..*Document type: Object with id=t does not exist\./);
    // Nothing to discard once it is being sent or sent.
    expect(within(changes[1]).queryByRole("button", { name: "Discard…" })).toBeNull();
    expect(within(changes[2]).queryByRole("button", { name: "Discard…" })).toBeNull();
  });

  test("a conflict shows the three values per field and sends only once every field is chosen", async () => {
    const calls = serve([conflict]);
    render(OutboxView);
    const item = (await screen.findAllByRole("listitem")).find((li) => li.hasAttribute("data-change"))!;
    expect(item).toHaveTextContent("Edit of lead Acme");
    expect(item).toHaveTextContent("Someone changed these fields on the service after you edited the lead. Nothing was overwritten");
    const status = within(item).getByRole("row", { name: /Status/ });
    expect(status).toHaveTextContent(/new.*lost.*won/);
    const apply = within(item).getByRole("button", { name: "Apply and send" });
    expect(apply).toBeDisabled();
    const user = userEvent.setup();
    await user.click(within(status).getByRole("radio", { name: /won \(Keep yours\)/ }));
    expect(apply).toBeDisabled();
    const source = within(item).getByRole("row", { name: /Source/ });
    await user.click(within(source).getByRole("radio", { name: /phone \(Keep the service's\)/ }));
    await user.click(apply);
    await vi.waitFor(() =>
      expect(calls.filter(([cmd]) => cmd === "resolve_conflict")).toEqual([
        ["resolve_conflict", { id: 5, keep: { status: "yours", source: "service" } }],
      ]),
    );
    await vi.waitFor(() => expect(screen.getByText("Waiting")).toBeInTheDocument());
  });

  test("a change written for another address says which, and goes here only when the user says so", async () => {
    const calls = serve([held]);
    render(OutboxView);
    const item = (await screen.findAllByRole("listitem")).find((li) => li.hasAttribute("data-change"))!;
    expect(item).toHaveTextContent(/Needs you.*Written for https:\/\/old\.example\.com.*not sent to the new address unless you choose so/);
    expect(within(item).getByRole("button", { name: "Discard…" })).toBeEnabled();
    const user = userEvent.setup();
    await user.click(within(item).getByRole("button", { name: "Send to this workspace's address" }));
    await vi.waitFor(() => expect(calls.filter(([cmd]) => cmd === "release_change")).toEqual([["release_change", { id: 6 }]]));
    await vi.waitFor(() => expect(screen.getByText("Waiting")).toBeInTheDocument());
  });

  test("Workdesk's own notes are worded from the catalogues, in the user's language", async () => {
    serve([noId, noPlace]);
    const { unmount } = render(OutboxView);
    let items = (await screen.findAllByRole("listitem")).filter((li) => li.hasAttribute("data-change"));
    expect(items[0]).toHaveTextContent(/Needs you.*“12” is not a record id, so this change cannot be sent\. Discard it\./);
    expect(items[1]).toHaveTextContent(/Needs you.*The service has no place to create this \(404\), so it was not created\./);
    unmount();

    i18n.use("es", ["es-CO"]);
    render(OutboxView);
    items = (await screen.findAllByRole("listitem")).filter((li) => li.hasAttribute("data-change"));
    expect(items[0]).toHaveTextContent("“12” no es un ID de registro, así que este cambio no se puede enviar. Descártelo.");
    expect(items[1]).toHaveTextContent("El servicio no tiene dónde crear esto (404), así que no se creó.");
  });

  test("a change whose look found a colleague's look-alike says so and goes only when the user sends it anyway", async () => {
    const calls = serve([unsure]);
    render(OutboxView);
    const item = (await screen.findAllByRole("listitem")).find((li) => li.hasAttribute("data-change"))!;
    expect(item).toHaveTextContent(/Needs you.*may be a colleague's: Workdesk cannot tell/);
    const user = userEvent.setup();
    await user.click(within(item).getByRole("button", { name: "Send it anyway" }));
    await vi.waitFor(() => expect(calls.filter(([cmd]) => cmd === "release_change")).toEqual([["release_change", { id: 7 }]]));
  });

  test("Save to a file… offers the changes not sent, names the file in the system's dialog, and says what it wrote", async () => {
    const calls = serve([task, found]);
    render(OutboxView);
    const user = userEvent.setup();
    await user.click(await screen.findByRole("button", { name: "Save to a file…" }));
    await vi.waitFor(() => expect(screen.getByRole("status")).toHaveTextContent("1 change not sent was saved to Workdesk changes not sent.json, as typed."));
    const [[, args]] = calls.filter(([cmd]) => cmd === "save_changes");
    expect(args).toMatchObject({ dialog: { title: "Save the changes not sent", file_type: "JSON file" } });
    expect((args as { dialog: { file_name: string } }).dialog.file_name).toMatch(/^Workdesk changes not sent \d{4}-\d{2}-\d{2}\.json$/);
  });

  test("nothing to save once every change was sent", async () => {
    serve([found]);
    render(OutboxView);
    await screen.findByText("New stakeholder, document 900123456");
    expect(screen.queryByRole("button", { name: "Save to a file…" })).toBeNull();
  });

  test("Discard asks first; Keep it keeps the change", async () => {
    const calls = serve([task, refused]);
    render(OutboxView);
    const user = userEvent.setup();
    await screen.findByText("New task “Conciliar banco”");
    const first = () => screen.getAllByRole("listitem").find((li) => li.getAttribute("data-change") === "1")!;
    await user.click(within(first()).getByRole("button", { name: "Discard…" }));
    expect(first()).toHaveTextContent("Discard this change? It will not be sent");
    expect(within(first()).getByRole("button", { name: "Keep it" })).toHaveFocus();
    await user.click(within(first()).getByRole("button", { name: "Keep it" }));
    expect(calls.some(([cmd]) => cmd === "discard_change")).toBe(false);
    await user.click(within(first()).getByRole("button", { name: "Discard…" }));
    await user.click(within(first()).getByRole("button", { name: "Discard the change" }));
    await vi.waitFor(() => expect(screen.queryByText("New task “Conciliar banco”")).toBeNull());
    expect(calls.filter(([cmd]) => cmd === "discard_change")).toEqual([["discard_change", { id: 1 }]]);
  });

  test("Send now asks Rust for a pass; Clear sent removes what was sent; an empty outbox says so", async () => {
    const calls = serve([task, found]);
    render(OutboxView);
    const user = userEvent.setup();
    await user.click(await screen.findByRole("button", { name: "Send now" }));
    await vi.waitFor(() => expect(calls.some(([cmd]) => cmd === "send_outbox_now")).toBe(true));
    await user.click(screen.getByRole("button", { name: "Clear sent changes" }));
    await vi.waitFor(() => expect(screen.queryByText("New stakeholder, document 900123456")).toBeNull());
    expect(screen.queryByRole("button", { name: "Clear sent changes" })).toBeNull();

    serve([]);
    render(OutboxView);
    expect(await screen.findByText("Nothing is waiting to be sent.")).toBeInTheDocument();
  });

  test("the status bar shows what is not sent yet for the shown workspace, and opens the outbox", async () => {
    serve([task, refused]);
    await outbox.show("acme");
    const onoutbox = vi.fn();
    render(StatusBar, { props: { onoutbox } });
    const entry = await screen.findByRole("button", { name: /Waiting to send \(2\)/ });
    expect(entry).toHaveTextContent("1 change needs you");
    // Counts pushed for another workspace are not this one's.
    outbox.apply("other", { waiting: 5, sending: 0, needs_you: 0, sent: 0, unsent: 5 });
    expect(entry).toHaveTextContent("Waiting to send (2)");
    await userEvent.setup().click(entry);
    expect(onoutbox).toHaveBeenCalledOnce();
    outbox.apply("acme", { waiting: 0, sending: 0, needs_you: 0, sent: 2, unsent: 0 });
    await vi.waitFor(() => expect(screen.queryByRole("button", { name: /Waiting to send/ })).toBeNull());
  });

  test("counts pushed while the shown workspace's are asked for win over that older answer", async () => {
    let answer: ((outbox: Outbox) => void) | null = null;
    const { handler } = ipcHandler({ outbox: () => new Promise<Outbox>((r) => (answer = r)) });
    mockIPC(handler);
    const showing = outbox.show("acme");
    await vi.waitFor(() => expect(answer).not.toBeNull());
    // Sent meanwhile: Rust pushed it before the answer came.
    outbox.apply("acme", { waiting: 0, sending: 0, needs_you: 0, sent: 1, unsent: 0 });
    answer!({ changes: [task], summary: summaryOf([task]) });
    await showing;
    expect(outbox.summary?.unsent).toBe(0);
  });

  test("a refused change is edited beside the service's reasons, then waits to be sent again", async () => {
    const calls = serve([refused, conflict, found]);
    // Rust keeps the edited change waiting again, its note cleared.
    const { handler } = ipcHandler(
      {
        outbox: (): Outbox => {
          const changes = edits.length
            ? [{ ...refused, change: edits[0], state: "waiting" as const, note: null }, conflict, found]
            : [refused, conflict, found];
          return { changes, summary: summaryOf(changes) };
        },
        edit_change: ({ change }) => {
          edits.push(change as Pending["change"]);
          return { ...refused, change, state: "waiting", note: null };
        },
        read_list: () => inUse,
      },
      calls,
    );
    const edits: Pending["change"][] = [];
    mockIPC(handler);
    render(OutboxView, { props: { schemas } });
    const user = userEvent.setup();
    const item = (id: number) => screen.getAllByRole("listitem").find((li) => li.getAttribute("data-change") === String(id))!;
    await screen.findByText("New stakeholder, document 1");
    // Nothing to edit in a conflict (it is chosen per field) or once sent.
    expect(within(item(5)).queryByRole("button", { name: "Edit…" })).toBeNull();
    expect(within(item(3)).queryByRole("button", { name: "Edit…" })).toBeNull();
    await user.click(within(item(4)).getByRole("button", { name: "Edit…" }));
    // The document type is the new stakeholder form's picker; a bad value typed is kept as typed, for Rust to refuse.
    const type = within(item(4)).getByRole("combobox", { name: "Document type" });
    expect(within(item(4)).getByRole("textbox", { name: "Document number" })).toHaveFocus();
    expect(type).toHaveAccessibleDescription(/Object with id=t does not exist\./);
    expect(type).toHaveAttribute("aria-invalid", "true");
    await user.clear(type);
    await user.type(type, "nit-type");
    await user.click(within(item(4)).getByRole("button", { name: "Save and send" }));
    await vi.waitFor(() =>
      expect(calls.filter(([cmd]) => cmd === "edit_change")).toEqual([
        [
          "edit_change",
          { id: 4, change: { kind: "create_stakeholder", stakeholder: { document_number: "1", document_type: "nit-type", geographic_location: "g" } } },
        ],
      ]),
    );
    await vi.waitFor(() => expect(item(4)).toHaveTextContent("Waiting"));
    expect(within(item(4)).queryByRole("button", { name: "Save and send" })).toBeNull();
  });

  test("a queued stakeholder's document type and location are the new stakeholder form's pickers; the chosen IDs are saved", async () => {
    const waiting = pending(
      { kind: "create_stakeholder", stakeholder: { document_number: "900123456", document_type: "nit", geographic_location: BOGOTA } },
      { id: 10 },
    );
    const calls = serve([waiting]);
    const { handler } = ipcHandler(
      {
        outbox: (): Outbox => ({ changes: [waiting], summary: summaryOf([waiting]) }),
        edit_change: ({ change }) => ({ ...waiting, change }),
        read_list: () => inUse,
      },
      calls,
    );
    mockIPC(handler);
    render(OutboxView, { props: { schemas } });
    const user = userEvent.setup();
    await user.click(await screen.findByRole("button", { name: "Edit…" }));
    const type = screen.getByRole("combobox", { name: "Document type" }) as HTMLInputElement;
    const location = screen.getByRole("combobox", { name: "Geographic location" }) as HTMLInputElement;
    // What was queued is shown: text that is no ID as typed, a held ID by its title once known.
    expect(type.value).toBe("nit");
    await vi.waitFor(() => expect(location.value).toBe(`Location ${BOGOTA.slice(0, 8)}`));
    expect(screen.queryByRole("textbox", { name: "Document type" })).toBeNull();

    // The types in use, read as Rust's related reference says, the most used first.
    await user.clear(type);
    await user.keyboard("{ArrowDown}");
    const types = await screen.findByRole("listbox", { name: "Matches: Document type" });
    await user.click(await within(types).findByRole("option", { name: /^NIT used by 2 stakeholders/ }));
    expect(type.value).toBe("NIT");
    const reads = calls.filter(([cmd]) => cmd === "read_list").map(([, a]) => a as { resource: string; view: { fields: string[] } });
    expect(reads.map((r) => r.resource)).toContain("stakeholder");
    expect(reads.map((r) => r.view.fields)).toContainEqual(["document_type", "document_type_name"]);

    // "Enter an ID" takes the location by its ID.
    await user.click(screen.getByRole("button", { name: "Enter an ID for Geographic location" }));
    const locationId = screen.getByRole("textbox", { name: "Geographic location ID" });
    expect(locationId).toHaveFocus();
    await user.clear(locationId);
    await user.type(locationId, MEDELLIN);
    await user.click(screen.getByRole("button", { name: "Save and send" }));
    await vi.waitFor(() =>
      expect(calls.filter(([cmd]) => cmd === "edit_change")).toEqual([
        [
          "edit_change",
          { id: 10, change: { kind: "create_stakeholder", stakeholder: { document_number: "900123456", document_type: NIT, geographic_location: MEDELLIN } } },
        ],
      ]),
    );
  });
});
