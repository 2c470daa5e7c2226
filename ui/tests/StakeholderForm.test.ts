import { describe, expect, test, vi } from "vitest";
import { render, screen, within } from "@testing-library/svelte";
import userEvent from "@testing-library/user-event";
import { mockIPC } from "@tauri-apps/api/mocks";
import StakeholderForm from "../src/components/forms/StakeholderForm.svelte";
import type { NewStakeholder } from "../src/lib/bindings";
import { session } from "../src/lib/session.svelte";
import { serviceState, unanswered } from "./fixtures/reads";
import {
  BOGOTA,
  CC,
  checkStakeholder,
  ipcHandler,
  lookUpCall,
  MEDELLIN,
  NIT,
  page,
  queued,
  schemas,
  sent,
  stakeholder,
  throws,
  uiError,
  unknownOutcome,
  uuid,
} from "./fixtures/forms";

const input = (label: string) => screen.getByLabelText(label) as HTMLInputElement;
const combobox = (name: string) => screen.getByRole("combobox", { name }) as HTMLInputElement;

/** The document types and locations already in use: NIT twice, CC once. */
const inUse = page([
  { document_type: NIT, document_type_name: "NIT", geographic_location: BOGOTA },
  { document_type: CC, document_type_name: "Cédula de ciudadanía", geographic_location: BOGOTA },
  { document_type: NIT, document_type_name: "NIT", geographic_location: MEDELLIN },
]);

/** A location no stakeholder in use has, which the service finds by “Cali”. */
const CALI = uuid(3, "44444444-4444-4444-8444");

type Filter = { field: string; operator: string; values: string[]; or?: boolean };

/**
 * The stakeholders a service answers `view` with: the ones in use for the
 * pickers' plain read, those of the location or document type its related
 * filters name (as the sandbox: a location's name contains the words; a
 * type's code is them, or its name contains them), else `others`.
 */
function answerStakeholders(view: unknown, others = page([stakeholder()])) {
  const filters = ((view as { filters?: Filter[] }).filters ?? []) as Filter[];
  const words = (field: string) => filters.find((f) => f.field === field)?.values[0]?.toLowerCase();
  if (filters.length === 0) return inUse;
  const location = words("geographic_location__name");
  if (location !== undefined) return "cali".includes(location) ? page([{ geographic_location: CALI }, { geographic_location: CALI }]) : page([]);
  const code = words("document_type__code");
  if (code !== undefined) return code === "nit" ? page([{ document_type: NIT, document_type_name: "NIT" }]) : page([]);
  return others;
}

const created = (s: NewStakeholder) =>
  stakeholder({ ...s, name: `NIT ${s.document_number}`, document_type_name: "NIT", verification_digit: s.verification_digit ?? null });

/** Types `words` in the picker `label` and chooses the option named `option`. */
async function pick(user: ReturnType<typeof userEvent.setup>, label: string, words: string, option: string | RegExp) {
  await user.type(combobox(label), words);
  const list = await screen.findByRole("listbox", { name: `Matches: ${label}` });
  await user.click(await within(list).findByRole("option", { name: option }));
}

/** Fills in NIT 900123456 in Cali (with `digit` if given), each picked by typing, and sends it. */
async function createNit(user: ReturnType<typeof userEvent.setup>, digit?: string) {
  await user.type(input("Document number"), "900123456");
  await pick(user, "Document type", "NIT", /^NIT/);
  if (digit) await user.type(input("Verification digit"), digit);
  await pick(user, "Geographic location", "Cali", /^“Cali”/);
  await user.click(screen.getByRole("button", { name: "Create stakeholder" }));
}

describe("new stakeholder form", () => {
  test("opens with its page heading first (the app focuses it) and a sentence saying what it does; no input asks for an ID", async () => {
    mockIPC(ipcHandler({ read_list: ({ view }) => answerStakeholders(view) }).handler);
    render(StakeholderForm, { props: { schemas } });
    expect(document.querySelector("h2, h3")).toBe(screen.getByRole("heading", { level: 2, name: "New stakeholder" }));
    expect(screen.getByText(/checks the required details before anything is sent/)).toBeInTheDocument();
    expect(combobox("Document type")).toBeRequired();
    expect(combobox("Geographic location")).toBeRequired();
    const labels = [...document.querySelectorAll("input, select, textarea")].map((el) => (el as HTMLInputElement).labels?.[0]?.textContent ?? "");
    expect(labels.filter((l) => /\bID\b/.test(l))).toEqual([]);
  });

  test("once created, the focus goes to “Stakeholder created”; “Create another stakeholder” puts it in Document number", async () => {
    const { handler } = ipcHandler({
      read_list: ({ view }) => answerStakeholders(view),
      create_stakeholder: ({ stakeholder: s }) => sent(created(s as NewStakeholder)),
    });
    mockIPC(handler);
    render(StakeholderForm, { props: { schemas } });
    const user = userEvent.setup();
    await createNit(user);

    const status = await screen.findByRole("status");
    expect(status).toHaveTextContent("Stakeholder created: “NIT 900123456”.");
    expect(status).toHaveFocus();

    await user.click(screen.getByRole("button", { name: "Create another stakeholder" }));
    expect(input("Document number")).toHaveFocus();
    expect(input("Document number").value).toBe("");
    expect(combobox("Document type").value).toBe("");
    expect(screen.queryByRole("status")).toBeNull();
  });

  test("the types and locations in use come first; the service's related filters find a type by its code and a location by its name; the chosen IDs are sent", async () => {
    const { handler, calls } = ipcHandler({
      read_list: ({ view }) => answerStakeholders(view),
      create_stakeholder: ({ stakeholder: s }) => sent(created(s as NewStakeholder)),
    });
    mockIPC(handler);
    const oncreated = vi.fn();
    render(StakeholderForm, { props: { schemas, oncreated } });
    const user = userEvent.setup();

    // Opened with nothing typed: the types in use, the most used first, named as the stakeholders name them.
    combobox("Document type").focus();
    await user.keyboard("{ArrowDown}");
    const types = await screen.findByRole("listbox", { name: "Matches: Document type" });
    await vi.waitFor(() =>
      expect(within(types).getAllByRole("option").map((o) => o.textContent)).toEqual([
        "NIT used by 2 stakeholders",
        "Cédula de ciudadanía used by 1 stakeholder",
      ]),
    );
    const reads = () => calls.filter(([cmd]) => cmd === "read_list").map(([, a]) => a.view as { fields: string[]; take: unknown; filters: Filter[] });
    expect(reads()[0]).toMatchObject({ take: "all", fields: ["document_type", "document_type_name"], filters: [] });
    await user.keyboard("{Escape}");

    // "nit" typed: the service finds the type by its code (or a part of its name).
    await pick(user, "Document type", "nit", /^NIT/);
    expect(combobox("Document type").value).toBe("NIT");
    expect(reads().at(-1)?.filters).toEqual([
      { or: false, not: false, field: "document_type__code", operator: "iexact", values: ["nit"] },
      { or: true, not: false, field: "document_type__name", operator: "icontains", values: ["nit"] },
    ]);

    // A location's name is never given: the choice is titled by the words that found it, and says so.
    await user.type(combobox("Geographic location"), "Cali");
    const locations = await screen.findByRole("listbox", { name: "Matches: Geographic location" });
    const cali = await within(locations).findByRole("option", { name: /^“Cali”/ });
    expect(cali).toHaveTextContent("its name contains “Cali” (the service gives no names)");
    expect(cali).toHaveTextContent("used by 2 stakeholders");
    expect(reads().at(-1)).toMatchObject({
      fields: ["geographic_location"],
      filters: [{ field: "geographic_location__name", operator: "icontains", values: ["Cali"] }],
    });
    await user.click(cali);
    expect(combobox("Geographic location").value).toBe("“Cali”");

    await user.type(input("Document number"), "900123456");
    await user.type(input("Verification digit"), "7");
    await user.click(screen.getByRole("button", { name: "Create stakeholder" }));
    expect(await screen.findByRole("status")).toHaveTextContent("Stakeholder created");
    expect(calls.filter(([cmd]) => cmd === "create_stakeholder")).toEqual([
      ["create_stakeholder", { stakeholder: { document_number: "900123456", document_type: NIT, verification_digit: "7", geographic_location: CALI } }],
    ]);
    expect(oncreated).toHaveBeenCalledOnce();
    // The created stakeholder's fields are shown.
    expect(within(document.querySelector('[data-field="document_type_name"]') as HTMLElement).getByText("NIT")).toBeInTheDocument();
  });

  test("required inputs are checked before sending; a name typed but not chosen is to be chosen", async () => {
    const { handler, calls } = ipcHandler({ read_list: ({ view }) => answerStakeholders(view) });
    mockIPC(handler);
    render(StakeholderForm, { props: { schemas } });
    const user = userEvent.setup();
    await user.type(combobox("Geographic location"), "Bogotá");
    await user.keyboard("{Escape}");
    await user.click(screen.getByRole("button", { name: "Create stakeholder" }));

    expect(input("Document number")).toHaveAccessibleDescription(/Enter the document number/);
    expect(combobox("Document type")).toHaveAccessibleDescription(/Choose the document type/);
    expect(combobox("Geographic location")).toHaveAccessibleDescription(/Geographic location: choose one of the matches/);
    expect(combobox("Geographic location").value).toBe("Bogotá");
    expect(calls.filter(([cmd]) => cmd === "create_stakeholder")).toEqual([]);
  });

  test("“Enter an ID” takes a document type and a location by their IDs, and goes back to the search", async () => {
    const otherType = uuid(9, "33333333-3333-4333-8333");
    const { handler, calls } = ipcHandler({
      read_list: ({ view }) => answerStakeholders(view),
      check_stakeholder: checkStakeholder,
      create_stakeholder: ({ stakeholder: s }) => sent(created(s as NewStakeholder)),
    });
    mockIPC(handler);
    render(StakeholderForm, { props: { schemas } });
    const user = userEvent.setup();
    expect(screen.queryByLabelText("Document type ID")).toBeNull();
    await user.click(screen.getByRole("button", { name: "Enter an ID for Document type" }));
    expect(input("Document type ID")).toHaveFocus();
    await user.type(input("Document type ID"), "NIT");
    await user.tab();
    await vi.waitFor(() => expect(input("Document type ID")).toHaveAccessibleDescription(/Document type: choose one of the matches, or paste its ID/));
    await user.clear(input("Document type ID"));
    await user.type(input("Document type ID"), otherType);

    await user.click(screen.getByRole("button", { name: "Enter an ID for Geographic location" }));
    await user.type(input("Geographic location ID"), MEDELLIN.toUpperCase());
    // Back to the search: the ID held is kept, shown by its name once known.
    await user.click(screen.getAllByRole("button", { name: "Search by name instead" })[1]);
    expect(combobox("Geographic location")).toHaveFocus();
    await vi.waitFor(() => expect(combobox("Geographic location").value).toBe(`Location ${MEDELLIN.slice(0, 8)}`));

    await user.type(input("Document number"), "123");
    await user.click(screen.getByRole("button", { name: "Create stakeholder" }));
    await screen.findByRole("status");
    expect(calls.at(-1)).toEqual([
      "create_stakeholder",
      { stakeholder: { document_number: "123", document_type: otherType, geographic_location: MEDELLIN } },
    ]);
  });

  test("when nothing can be read, the picker says why and “Enter an ID” still works", async () => {
    const { handler, calls } = ipcHandler({
      read_list: throws(uiError("service", "The service had a problem (status 500). Try again in a moment.")),
      create_stakeholder: ({ stakeholder: s }) => sent(created(s as NewStakeholder)),
    });
    mockIPC(handler);
    render(StakeholderForm, { props: { schemas } });
    const user = userEvent.setup();
    await user.type(combobox("Document type"), "NIT");
    expect(await screen.findByText(/The service had a problem/)).toBeInTheDocument();
    await user.keyboard("{Escape}");
    await user.clear(combobox("Document type"));
    await user.click(screen.getByRole("button", { name: "Enter an ID for Document type" }));
    await user.type(input("Document type ID"), NIT);
    await user.type(input("Document number"), "900123456");
    await user.click(screen.getByRole("button", { name: "Enter an ID for Geographic location" }));
    await user.type(input("Geographic location ID"), BOGOTA);
    await user.click(screen.getByRole("button", { name: "Create stakeholder" }));
    expect(await screen.findByRole("status")).toHaveTextContent("Stakeholder created");
    expect(calls.at(-1)?.[1]).toEqual({
      stakeholder: { document_number: "900123456", document_type: NIT, geographic_location: BOGOTA },
    });
  });

  test("offline, the locations in use are offered (names are searched when connected), and creating keeps the stakeholder to send later", async () => {
    const { handler, calls } = ipcHandler({
      read_list: unanswered("offline", uiError("network", "The service could not be reached.")),
      "saved:read_list": ({ view }) =>
        ((view as { filters?: unknown[] }).filters ?? []).length === 0
          ? { value: inUse, source: { kind: "saved_records", saved_at: "2026-11-27T10:00:00Z", saved: 3, searched_when_connected: [] } }
          : null,
      create_stakeholder: ({ stakeholder: s }) => queued({ kind: "create_stakeholder", stakeholder: s as NewStakeholder }),
    });
    mockIPC(handler);
    // What Rust pushes when the service cannot be reached.
    session.apply(serviceState("offline"));
    render(StakeholderForm, { props: { schemas } });
    const user = userEvent.setup();
    const create = screen.getByRole("button", { name: "Create stakeholder" });
    expect(create).toBeEnabled();
    expect(create).toHaveAccessibleDescription(/can't be reached: what you save here is kept on this computer/);
    await user.type(input("Document number"), "900123456");
    await pick(user, "Document type", "nit", /^NIT/);
    await user.type(combobox("Geographic location"), "Cali");
    expect(await screen.findByText(/names are searched when connected/)).toBeInTheDocument();
    await user.clear(combobox("Geographic location"));
    await user.keyboard("{ArrowDown}");
    const locations = await screen.findByRole("listbox", { name: "Matches: Geographic location" });
    await user.click(await within(locations).findByRole("option", { name: /^Location 44444444 used by 2 stakeholders/ }));
    await user.click(create);
    const status = await screen.findByRole("status");
    expect(status).toHaveTextContent("Kept to send later: “900123456”.");
    expect(status).toHaveTextContent(/sent when the service answers again/);
    expect(calls.filter(([cmd]) => cmd === "create_stakeholder")).toEqual([
      ["create_stakeholder", { stakeholder: { document_number: "900123456", document_type: NIT, geographic_location: BOGOTA } }],
    ]);
  });

  test("an already registered document is explained at the top and field errors beside the fields", async () => {
    const { handler } = ipcHandler({
      read_list: ({ view }) => answerStakeholders(view),
      create_stakeholder: throws(
        uiError("invalid_input", "The service refused the request: Invalid input.", null, {
          non_field_errors: [{ source: "service", message: "A stakeholder with this document type and number already exists." }],
          verification_digit: [{ source: "service", message: "Ensure this field has no more than 1 characters." }],
        }),
      ),
    });
    mockIPC(handler);
    render(StakeholderForm, { props: { schemas } });
    await createNit(userEvent.setup(), "77");

    expect(await screen.findByRole("alert")).toHaveTextContent(
      "The service said: “A stakeholder with this document type and number already exists.”",
    );
    expect(screen.getByText("The service said: “Ensure this field has no more than 1 characters.”")).toHaveAttribute(
      "id",
      "stakeholder-verification-digit-error",
    );
    expect(input("Verification digit").value).toBe("77");
    expect(combobox("Document type").value).toBe("NIT");
  });

  test("an unknown outcome offers Check, which looks the document number up", async () => {
    const { handler, calls } = ipcHandler({
      read_list: ({ view }) => answerStakeholders(view, page([stakeholder({ created_at: new Date().toISOString() })])),
      create_stakeholder: throws(unknownOutcome),
    });
    mockIPC(handler);
    render(StakeholderForm, { props: { schemas } });
    const user = userEvent.setup();
    await createNit(user);
    expect(await screen.findByText(/can't tell whether the stakeholder was created/)).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Check" })).toHaveFocus();
    await user.click(screen.getByRole("button", { name: "Check" }));

    expect(await screen.findByRole("status")).toHaveTextContent("Stakeholder created");
    expect(screen.getByRole("status")).toHaveFocus();
    expect(screen.getByRole("status")).toHaveTextContent("the stakeholder was saved");
    expect(calls.at(-1)).toEqual(lookUpCall("stakeholder", "document_number", "900123456"));
  });
});
