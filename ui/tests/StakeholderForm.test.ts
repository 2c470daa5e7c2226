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

/** The document types and locations already in use: NIT twice, CC once. */
const inUse = page([
  { document_type: NIT, document_type_name: "NIT", geographic_location: BOGOTA },
  { document_type: CC, document_type_name: "Cédula de ciudadanía", geographic_location: BOGOTA },
  { document_type: NIT, document_type_name: "NIT", geographic_location: MEDELLIN },
]);

const created = (s: NewStakeholder) =>
  stakeholder({ ...s, name: `NIT ${s.document_number}`, document_type_name: "NIT", verification_digit: s.verification_digit ?? null });

/** Once the types in use are listed: fills in NIT 900123456 in Bogotá (with `digit` if given) and sends it. */
async function createNit(user: ReturnType<typeof userEvent.setup>, digit?: string) {
  const select = screen.getByLabelText("Document type");
  await within(select).findByRole("option", { name: "NIT" });
  await user.type(input("Document number"), "900123456");
  await user.selectOptions(select, "NIT");
  if (digit) await user.type(input("Verification digit"), digit);
  await user.type(input("Geographic location ID"), BOGOTA);
  await user.click(screen.getByRole("button", { name: "Create stakeholder" }));
}

describe("new stakeholder form", () => {
  test("opens with its page heading first (the app focuses it) and a sentence saying what it does", async () => {
    mockIPC(ipcHandler({ read_list: () => inUse }).handler);
    render(StakeholderForm, { props: { schemas } });
    expect(document.querySelector("h2, h3")).toBe(screen.getByRole("heading", { level: 2, name: "New stakeholder" }));
    expect(screen.getByText(/checks the required details before anything is sent/)).toBeInTheDocument();
    await within(screen.getByLabelText("Document type")).findByRole("option", { name: "NIT" });
  });

  test("once created, the focus goes to “Stakeholder created”; “Create another stakeholder” puts it in Document number", async () => {
    const { handler } = ipcHandler({
      read_list: () => inUse,
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
    expect(screen.queryByRole("status")).toBeNull();
  });

  test("offers the document types in use by name and sends the chosen type's id", async () => {
    const { handler, calls } = ipcHandler({
      read_list: () => inUse,
      create_stakeholder: ({ stakeholder: s }) => sent(created(s as NewStakeholder)),
    });
    mockIPC(handler);
    const oncreated = vi.fn();
    render(StakeholderForm, { props: { schemas, oncreated } });
    const user = userEvent.setup();

    const select = screen.getByLabelText("Document type") as HTMLSelectElement;
    await within(select).findByRole("option", { name: "NIT" });
    expect(within(select).getAllByRole("option").map((o) => o.textContent)).toEqual([
      "Choose a document type",
      "Cédula de ciudadanía",
      "NIT",
      "Other (enter its ID)",
    ]);
    expect(calls[0]).toEqual([
      "read_list",
      {
        resource: "stakeholder",
        remember: false,
        answers: expect.anything(),
        view: {
          page: 1,
          take: "all",
          fields: ["document_type", "document_type_name", "geographic_location"],
          sort: [],
          filters: [],
        },
      },
    ]);
    // The locations in use are suggested.
    const options = [...document.querySelectorAll("#stakeholder-locations option")].map((o) => (o as HTMLOptionElement).value);
    expect(options).toEqual([BOGOTA, MEDELLIN]);
    expect(input("Geographic location ID").getAttribute("list")).toBe("stakeholder-locations");

    await createNit(user, "7");

    expect(await screen.findByRole("status")).toHaveTextContent("Stakeholder created");
    expect(calls.filter(([cmd]) => cmd === "create_stakeholder")).toEqual([
      [
        "create_stakeholder",
        {
          stakeholder: {
            document_number: "900123456",
            document_type: NIT,
            verification_digit: "7",
            geographic_location: BOGOTA,
          },
        },
      ],
    ]);
    expect(oncreated).toHaveBeenCalledOnce();
    // The created stakeholder's fields are shown.
    expect(within(document.querySelector('[data-field="document_type_name"]') as HTMLElement).getByText("NIT")).toBeInTheDocument();
  });

  test("required inputs are checked before sending", async () => {
    const { handler, calls } = ipcHandler({ read_list: () => inUse });
    mockIPC(handler);
    render(StakeholderForm, { props: { schemas } });
    const user = userEvent.setup();
    await within(screen.getByLabelText("Document type")).findByRole("option", { name: "NIT" });
    await user.type(input("Geographic location ID"), "Bogotá");
    await user.click(screen.getByRole("button", { name: "Create stakeholder" }));

    expect(input("Document number")).toHaveAccessibleDescription(/Enter the document number/);
    expect(screen.getByLabelText("Document type")).toHaveAccessibleDescription(/Choose the document type/);
    expect(input("Geographic location ID")).toHaveAccessibleDescription(/must be a record ID/);
    expect(input("Geographic location ID").value).toBe("Bogotá");
    expect(calls.map(([cmd]) => cmd)).toEqual(["read_list"]);
  });

  test("Rust's check_stakeholder judges an input as the user leaves it, and what it gives is what is sent", async () => {
    const { handler, calls } = ipcHandler({
      read_list: () => inUse,
      check_stakeholder: checkStakeholder,
      create_stakeholder: ({ stakeholder: s }) => sent(created(s as NewStakeholder)),
    });
    mockIPC(handler);
    render(StakeholderForm, { props: { schemas } });
    const user = userEvent.setup();
    const select = screen.getByLabelText("Document type");
    await within(select).findByRole("option", { name: "NIT" });
    await user.selectOptions(select, "Other (enter its ID)");
    await user.type(input("Document type ID"), "NIT");
    await user.tab();
    await vi.waitFor(() => expect(input("Document type ID")).toHaveAccessibleDescription(/Document type ID must be a record ID/));
    expect(calls.filter(([cmd]) => cmd === "check_stakeholder").at(-1)).toEqual([
      "check_stakeholder",
      {
        draft: {
          document_number: "",
          document_type: "",
          other_type: true,
          document_type_id: "NIT",
          verification_digit: "",
          geographic_location: "",
        },
      },
    ]);

    // Emptied, it is required; back to the list, a type is to be chosen.
    await user.clear(input("Document type ID"));
    await vi.waitFor(() => expect(input("Document type ID")).toHaveAccessibleDescription(/Enter the document type.s ID/));
    await user.selectOptions(select, "Choose a document type");
    await user.tab();
    await vi.waitFor(() => expect(select).toHaveAccessibleDescription(/Choose the document type\./));

    await user.selectOptions(select, "NIT");
    await user.type(input("Document number"), " 900123456 ");
    await user.type(input("Verification digit"), "   ");
    await user.type(input("Geographic location ID"), BOGOTA.toUpperCase());
    await user.click(screen.getByRole("button", { name: "Create stakeholder" }));
    await screen.findByRole("status");
    expect(calls.at(-1)).toEqual([
      "create_stakeholder",
      { stakeholder: { document_number: "900123456", document_type: NIT, geographic_location: BOGOTA } },
    ]);
  });

  test("“Other” takes a document type by its ID", async () => {
    const otherType = uuid(9, "33333333-3333-4333-8333");
    const { handler, calls } = ipcHandler({
      read_list: () => inUse,
      create_stakeholder: ({ stakeholder: s }) => sent(created(s as NewStakeholder)),
    });
    mockIPC(handler);
    render(StakeholderForm, { props: { schemas } });
    const user = userEvent.setup();
    const select = screen.getByLabelText("Document type");
    await within(select).findByRole("option", { name: "NIT" });
    expect(screen.queryByLabelText("Document type ID")).toBeNull();
    await user.selectOptions(select, "Other (enter its ID)");
    await user.type(input("Document type ID"), otherType);
    await user.type(input("Document number"), "123");
    await user.type(input("Geographic location ID"), MEDELLIN);
    await user.click(screen.getByRole("button", { name: "Create stakeholder" }));
    await screen.findByRole("status");
    expect(calls.at(-1)).toEqual([
      "create_stakeholder",
      { stakeholder: { document_number: "123", document_type: otherType, geographic_location: MEDELLIN } },
    ]);
  });

  test("when the list cannot be loaded the ID inputs still work", async () => {
    const { handler, calls } = ipcHandler({
      read_list: throws(uiError("service", "The service had a problem (status 500). Try again in a moment.")),
      create_stakeholder: ({ stakeholder: s }) => sent(created(s as NewStakeholder)),
    });
    mockIPC(handler);
    render(StakeholderForm, { props: { schemas } });
    const user = userEvent.setup();
    expect(await screen.findByText(/could not load the document types/)).toBeInTheDocument();
    await user.type(input("Document type ID"), NIT);
    await user.type(input("Document number"), "900123456");
    await user.type(input("Geographic location ID"), BOGOTA);
    await user.click(screen.getByRole("button", { name: "Create stakeholder" }));
    expect(await screen.findByRole("status")).toHaveTextContent("Stakeholder created");
    expect(calls.at(-1)?.[1]).toEqual({
      stakeholder: { document_number: "900123456", document_type: NIT, geographic_location: BOGOTA },
    });
  });

  test("offline, creating keeps the stakeholder to send later", async () => {
    const { handler, calls } = ipcHandler({
      read_list: unanswered("offline", uiError("network", "The service could not be reached.")),
      create_stakeholder: ({ stakeholder: s }) => queued({ kind: "create_stakeholder", stakeholder: s as NewStakeholder }),
    });
    mockIPC(handler);
    // What Rust pushes when the service cannot be reached.
    session.apply(serviceState("offline"));
    render(StakeholderForm, { props: { schemas } });
    const user = userEvent.setup();
    await screen.findByText(/could not load the document types/);
    const create = screen.getByRole("button", { name: "Create stakeholder" });
    expect(create).toBeEnabled();
    expect(create).toHaveAccessibleDescription(/can't be reached: what you save here is kept on this computer/);
    await user.type(input("Document number"), "900123456");
    await user.type(input("Document type ID"), NIT);
    await user.type(input("Geographic location ID"), MEDELLIN);
    await user.click(create);
    const status = await screen.findByRole("status");
    expect(status).toHaveTextContent("Kept to send later: “900123456”.");
    expect(status).toHaveTextContent(/sent when the service answers again/);
    expect(calls.filter(([cmd]) => cmd === "create_stakeholder")).toHaveLength(1);
  });

  test("an already registered document is explained at the top and field errors beside the fields", async () => {
    const { handler } = ipcHandler({
      read_list: () => inUse,
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
    expect((screen.getByLabelText("Document type") as HTMLSelectElement).value).toBe(NIT);
  });

  test("an unknown outcome offers Check, which looks the document number up", async () => {
    const { handler, calls } = ipcHandler({
      read_list: ({ view }) => {
        const v = view as { filters: unknown[] };
        if (v.filters.length === 0) return inUse;
        return page([stakeholder({ created_at: new Date().toISOString() })]);
      },
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
