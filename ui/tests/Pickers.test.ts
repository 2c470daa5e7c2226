// No ID typed anywhere (issue 46): Edit a lead starts from a lead picker
// (its company or person named by the saved stakeholders, else its source
// and status), a task's Party is a stakeholder picker, every picker keeps
// a typed ID behind "Enter an ID", and a lead's row and details open Edit
// a lead on it. The schemas are Rust's (tests/fixtures/resource-schemas.json);
// the mocked service answers the views as the service would.
import { describe, expect, test, vi } from "vitest";
import { render, screen, waitFor, within } from "@testing-library/svelte";
import userEvent from "@testing-library/user-event";
import { mockIPC } from "@tauri-apps/api/mocks";
import SectionContent from "../src/components/app/SectionContent.svelte";
import CustomerView from "../src/components/forms/CustomerView.svelte";
import LeadEditor from "../src/components/forms/LeadEditor.svelte";
import TaskForm from "../src/components/forms/TaskForm.svelte";
import { editScreen, menuItems } from "../src/components/records/context-menu.svelte";
import type { DrillDown, ListView, ResourceName } from "../src/lib/bindings";
import type { JsonRecord } from "../src/lib/ipc";
import { Router } from "../src/lib/router.svelte";
import { serviceStatus } from "./fixtures";
import { customer, ipcHandler, lead, page, sent, stakeholder, task, uuid } from "./fixtures/forms";
import { RUST_SCHEMAS } from "./fixtures/operators";
import { answerRead } from "./fixtures/reads";

const schemas = RUST_SCHEMAS;
type Call = [string, Record<string, unknown>];

/** The views `read_list` was asked for `resource`. */
/** The inputs whose name asks for an ID. */
const idInputs = () => [...screen.queryAllByRole("textbox", { name: /\bID\b/ }), ...screen.queryAllByRole("combobox", { name: /\bID\b/ })];

const reads = (calls: Call[], resource: string) =>
  calls.filter(([cmd, a]) => cmd === "read_list" && a.resource === resource).map(([, a]) => a.view as ListView);

/** `records` as the service answers `view`: its `exact` filters, every word of its search in `searched`, its take. */
function answer(records: JsonRecord[], view: ListView, searched: string[]) {
  const words = (view.search ?? "").toLowerCase().split(/\s+/).filter(Boolean);
  const found = records.filter(
    (r) =>
      (view.filters ?? []).every((f) => f.operator !== "exact" || String(r[f.field]) === f.values[0]) &&
      words.every((w) => searched.some((f) => typeof r[f] === "string" && (r[f] as string).toLowerCase().includes(w))),
  );
  return page(found.slice(0, typeof view.take === "number" ? view.take : 200), found.length);
}

const ACME = uuid(20, "22222222-2222-4222-8222");
const ANDREA = uuid(22, "22222222-2222-4222-8222");
const SECOND_LEAD = uuid(12, "11111111-1111-4111-8111");
const THIRD_LEAD = uuid(13, "11111111-1111-4111-8111");
const LEADS: JsonRecord[] = [
  lead({ company: ACME, person: null, source: "Website", status: "new" }),
  lead({ id: SECOND_LEAD, company: null, person: ANDREA, source: "Web fair", status: "contacted" }),
  lead({ id: THIRD_LEAD, company: uuid(29, "22222222-2222-4222-8222"), person: null, source: "Webinar", status: "won" }),
];

describe("Edit a lead starts from a lead picker", () => {
  function leadService() {
    const { handler, calls } = ipcHandler({
      read_list: ({ view }) => answer(LEADS, view as ListView, ["source"]),
      // The saved stakeholders name Acme and Andrea; the third lead's company is not saved.
      reference_names: () => [
        { field: "company", id: ACME, name: "NIT 900123456 Acme" },
        { field: "person", id: ANDREA, name: "CC 52111222 Andrea" },
      ],
      get_lead: ({ id }) => LEADS.find((l) => l.id === id) ?? lead(),
    });
    mockIPC(handler);
    render(LeadEditor, { props: { schemas } });
    return { calls, user: userEvent.setup(), picker: screen.getByRole("combobox", { name: "Lead" }) };
  }

  test("no input asks for a lead's ID; a lead is titled by its company or person where the saved stakeholders name it, else by its source, with its status", async () => {
    const { calls, user, picker } = leadService();
    expect(idInputs()).toEqual([]);
    expect(picker).toHaveAccessibleDescription(/Type a part of its source, then choose it/);
    await user.type(picker, "web");
    const list = await screen.findByRole("listbox", { name: "Matches: Lead" });
    await waitFor(() =>
      expect(within(list).getAllByRole("option").map((o) => o.querySelector(".title")?.textContent)).toEqual([
        "NIT 900123456 Acme",
        "CC 52111222 Andrea",
        "Webinar",
      ]),
    );
    const options = within(list).getAllByRole("option");
    expect(options[0]).toHaveTextContent("Source Website · Status new");
    expect(options[2]).toHaveTextContent("Status won");
    // The lead's own view asks for its company and person; their names come from saved data only.
    expect(reads(calls, "lead")[0]).toMatchObject({ search: "web", fields: expect.arrayContaining(["id", "source", "status", "company", "person"]) });
    expect(calls.find(([cmd]) => cmd === "reference_names")?.[1]).toEqual({
      resource: "lead",
      references: [
        { field: "company", ids: [ACME, uuid(29, "22222222-2222-4222-8222")] },
        { field: "person", ids: [ANDREA] },
      ],
    });

    // Choosing one opens it.
    await user.click(options[1]);
    expect(await screen.findByRole("heading", { level: 3, name: `Lead ${SECOND_LEAD}` })).toBeInTheDocument();
    expect(calls.filter(([cmd]) => cmd === "get_lead").map(([, a]) => a.id)).toEqual([SECOND_LEAD]);
    expect(picker).toHaveValue("CC 52111222 Andrea");
  });

  test("“Enter an ID” shows an input asking for the lead's ID, which opens it; “Search by name instead” goes back", async () => {
    const { calls, user } = leadService();
    await user.click(screen.getByRole("button", { name: "Enter an ID for Lead" }));
    const idInput = screen.getByRole("textbox", { name: "Lead ID" });
    expect(idInput).toHaveFocus();
    await user.type(idInput, THIRD_LEAD);
    await user.click(screen.getByRole("button", { name: "Open lead" }));
    expect(await screen.findByRole("heading", { level: 3, name: `Lead ${THIRD_LEAD}` })).toBeInTheDocument();
    expect(calls.filter(([cmd]) => cmd === "get_lead").map(([, a]) => a.id)).toEqual([THIRD_LEAD]);

    await user.click(screen.getByRole("button", { name: "Search by name instead" }));
    expect(screen.queryByRole("textbox", { name: "Lead ID" })).toBeNull();
    expect(screen.getByRole("combobox", { name: "Lead" })).toHaveFocus();
  });
});

describe("a customer by name, or by ID behind “Enter an ID”", () => {
  test("the picker asks for no ID; “Enter an ID” opens the customer typed by its ID", async () => {
    const other = customer({ id: uuid(43, "66666666-6666-4666-8666"), name: "Bogotá Textiles Ltda." });
    const { handler, calls } = ipcHandler({
      read_list: ({ view }) => answer([customer(), other], view as ListView, ["name", "document_number"]),
      read_record: ({ id }) => (id === other.id ? other : customer()),
    });
    mockIPC(handler);
    render(CustomerView, { props: { schemas } });
    const user = userEvent.setup();
    expect(idInputs()).toEqual([]);
    await user.click(screen.getByRole("button", { name: "Enter an ID for Customer" }));
    await user.type(screen.getByRole("textbox", { name: "Customer ID" }), `${other.id}{Enter}`);
    expect(await screen.findByRole("region", { name: "Customer" })).toHaveTextContent("Bogotá Textiles Ltda.");
    expect(calls.filter(([cmd]) => cmd === "read_record").map(([, a]) => a.id)).toEqual([other.id]);
    // Back to the search, the customer held is shown by its name.
    await user.click(screen.getByRole("button", { name: "Search by name instead" }));
    await waitFor(() => expect(screen.getByRole("combobox", { name: "Customer" })).toHaveValue("Bogotá Textiles Ltda."));
  });
});

describe("a task's Party is a stakeholder", () => {
  const ACME_SH = stakeholder({ name: "NIT 900123456 Acme", person_or_company_id: ACME });
  const ANDREA_SH = stakeholder({ id: uuid(34, "55555555-5555-4555-8555"), name: "CC 52111222 Andrea", is_company: false, document_number: "52111222", person_or_company_id: ANDREA });

  test("a part of a stakeholder's name finds it, companies and persons alike; choosing fills entity_id with its person_or_company_id", async () => {
    const { handler, calls } = ipcHandler({
      read_list: ({ view }) => answer([ACME_SH, ANDREA_SH], view as ListView, ["name", "document_number"]),
      create_task: ({ task: typed }) => sent(task(typed as object)),
    });
    mockIPC(handler);
    render(TaskForm, { props: { schemas } });
    const user = userEvent.setup();
    await user.type(screen.getByLabelText("Title"), "Call Andrea");
    const party = screen.getByRole("combobox", { name: "Party" });
    await user.type(party, "andrea");
    await user.click(await within(await screen.findByRole("listbox", { name: "Matches: Party" })).findByRole("option", { name: /CC 52111222 Andrea/ }));
    expect(party).toHaveValue("CC 52111222 Andrea");
    // Any stakeholder: no is_company condition.
    expect(reads(calls, "stakeholder")[0]).toMatchObject({ search: "andrea", filters: [] });
    await user.click(screen.getByRole("button", { name: "Create task" }));
    await screen.findByText(/Task created/);
    expect(calls.filter(([cmd]) => cmd === "create_task").map(([, a]) => a.task)).toEqual([
      expect.objectContaining({ title: "Call Andrea", entity_id: ANDREA }),
    ]);
  });

  test("“Enter an ID” still takes a party's ID as typed", async () => {
    const { handler, calls } = ipcHandler({
      read_list: () => page([]),
      create_task: ({ task: typed }) => sent(task(typed as object)),
    });
    mockIPC(handler);
    render(TaskForm, { props: { schemas } });
    const user = userEvent.setup();
    await user.type(screen.getByLabelText("Title"), "Support case");
    await user.click(screen.getByRole("button", { name: "Enter an ID for Party" }));
    await user.type(screen.getByRole("textbox", { name: "Party ID" }), ANDREA);
    await user.click(screen.getByRole("button", { name: "Create task" }));
    await screen.findByText(/Task created/);
    expect(calls.filter(([cmd]) => cmd === "create_task").map(([, a]) => a.task)).toEqual([expect.objectContaining({ entity_id: ANDREA })]);
  });
});

describe("Edit on a lead's row and details", () => {
  test("only a lead's row offers Edit, which opens Edit a lead on it", () => {
    expect(editScreen("lead", LEADS[1])).toEqual({ kind: "lead", id: SECOND_LEAD });
    expect(editScreen("supplier_invoice", { id: uuid(1) })).toBeNull();
    expect(menuItems(1, false, true).map((i) => i.label)).toEqual(["Open", "Edit", "Copy row", "Copy link"]);
  });

  /** The window's content on a list of `resource` over a service holding LEADS, with a router as the app's. */
  function renderList(resource: ResourceName) {
    mockIPC((cmd, payload) => {
      const args = (payload ?? {}) as Record<string, unknown>;
      if (cmd === "rate_limit") return { limit: null, remaining: null, reset: null };
      if (cmd === "offline_list") return { complete: false, saved: 0, refreshed_at: null };
      const records = resource === "lead" ? LEADS : [];
      switch (cmd) {
        case "open_list": {
          const schema = schemas.find((s) => s.resource === args.resource)!;
          const drill = args.drillDown as DrillDown | null;
          const current: ListView = { ...schema.default_view, filters: drill?.filters ?? [] };
          const channel = args.messages as { onmessage: (m: unknown) => void };
          channel.onmessage({ opened: { current, left_out: false, saved: [] } });
          return answerRead(channel, () => null, () => page(records)).then((done) => ({ ...done, answers: done.answers + 1 }));
        }
        case "read_list":
          return answerRead(args.answers, () => null, () => page(records));
        case "read_record":
          return answerRead(args.answers, () => null, () => records.find((r) => r.id === args.id) ?? records[0]);
        case "get_lead":
          return LEADS.find((l) => l.id === args.id) ?? lead();
        case "members_seen":
        case "reference_names":
        case "pending_rows":
          return [];
        default:
          return null;
      }
    });
    const router = new Router(() => null, (proceed) => proceed());
    router.screen = { kind: "list", resource };
    render(SectionContent, { props: { status: serviceStatus, schemas, router, onshow: () => {}, onadd: () => {} } });
    return { router, user: userEvent.setup() };
  }

  test("the row menu's Edit opens Edit a lead with that lead", async () => {
    const { router, user } = renderList("lead");
    const rows = await screen.findAllByRole("row", { name: /Web fair/ });
    await user.pointer({ keys: "[MouseRight]", target: within(rows[0]).getAllByRole("cell")[0] });
    await user.click(screen.getByRole("menuitem", { name: "Edit" }));
    expect(router.screen).toEqual({ kind: "lead", id: SECOND_LEAD });
    expect(await screen.findByRole("heading", { level: 3, name: `Lead ${SECOND_LEAD}` })).toBeInTheDocument();
  });

  test("a lead's details offer “Edit this lead”, which opens Edit a lead with it", async () => {
    const { router, user } = renderList("lead");
    await user.click((await screen.findAllByRole("row", { name: /Webinar/ }))[0]);
    const panel = await screen.findByRole("dialog");
    await user.click(await within(panel).findByRole("button", { name: "Edit this lead" }));
    expect(router.screen).toEqual({ kind: "lead", id: THIRD_LEAD });
    expect(await screen.findByRole("heading", { level: 3, name: `Lead ${THIRD_LEAD}` })).toBeInTheDocument();
    vi.clearAllMocks();
  });
});
