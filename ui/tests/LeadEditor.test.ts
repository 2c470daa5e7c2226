import { describe, expect, test, vi } from "vitest";
import { render, screen, waitFor, within } from "@testing-library/svelte";
import userEvent from "@testing-library/user-event";
import { mockIPC } from "@tauri-apps/api/mocks";
import LeadEditor from "../src/components/forms/LeadEditor.svelte";
import { session } from "../src/lib/session.svelte";
import type { Lead, LeadPatch } from "../src/lib/bindings";
import {
  checkLead,
  ipcHandler,
  lead,
  LEAD_ID,
  notFound,
  OTHER_MEMBER,
  queued,
  schemas,
  sent,
  throws,
  uiError,
  unknownOutcome,
} from "./fixtures/forms";

const input = (label: string) => screen.getByLabelText(label) as HTMLInputElement;
const saveButton = () => screen.getByRole("button", { name: "Save changes" });
const openButton = () => screen.getByRole("button", { name: "Open lead" });

/** A second lead of the workspace. */
const OTHER_ID = "11111111-1111-4111-8111-000000000011";
const otherLead = lead({ id: OTHER_ID, status: "contacted", source: "Referral", company: null });

/** A mock service holding the lead and the other lead. */
function twoLeads() {
  const { handler, calls } = ipcHandler({
    get_lead: ({ id }) => {
      if (id === LEAD_ID) return lead();
      if (id === OTHER_ID) return otherLead;
      throw notFound;
    },
  });
  mockIPC(handler);
  return { opened: () => calls.filter(([cmd]) => cmd === "get_lead").map(([, args]) => args.id) };
}

/** Replaces what input `label` holds with `text`. */
async function retype(user: ReturnType<typeof userEvent.setup>, label: string, text: string) {
  await user.clear(input(label));
  await user.type(input(label), text);
}

/** A mock service holding one lead, applying patches like the sandbox. */
function service(initial: Lead = lead()) {
  let current: Lead = { ...initial };
  const { handler, calls } = ipcHandler({
    get_lead: ({ id }) => {
      if (id !== LEAD_ID) throw notFound;
      return current;
    },
    patch_lead: ({ patch }) => {
      current = { ...current, ...(patch as object), audit_status: "U" };
      return sent(current);
    },
  });
  mockIPC(handler);
  return { calls, patches: () => calls.filter(([cmd]) => cmd === "patch_lead") };
}

async function openLead(id = LEAD_ID) {
  render(LeadEditor, { props: { schemas, leadId: id } });
  await screen.findByLabelText("Status");
}

/** Opens the lead, sets its status to “won” and saves; the answer is lost, the change applied only when `applied`. */
async function saveWonAnswerLost(applied: boolean) {
  let current = lead();
  const { handler } = ipcHandler({
    get_lead: () => current,
    patch_lead: ({ patch }) => {
      if (applied) current = { ...current, ...(patch as object) };
      throw unknownOutcome;
    },
  });
  mockIPC(handler);
  await openLead();
  const user = userEvent.setup();
  await retype(user, "Status", "won");
  await user.click(saveButton());
  return user;
}

describe("lead editor", () => {
  test("opens with its page heading first (the app focuses it) and a sentence saying what it does", async () => {
    service();
    await openLead();
    expect(document.querySelector("h2, h3")).toBe(screen.getByRole("heading", { level: 2, name: "Edit a lead" }));
    expect(screen.getByText(/only the fields you change are sent/)).toBeInTheDocument();
    expect(screen.getByRole("heading", { level: 3, name: `Lead ${LEAD_ID}` })).toBeInTheDocument();
  });

  test("while a save is being sent nothing can be typed; then the form holds the lead as saved", async () => {
    let answer: () => void = () => {};
    const { handler } = ipcHandler({
      get_lead: () => lead(),
      patch_lead: ({ patch }) => new Promise((r) => (answer = () => r(sent({ ...lead(), ...(patch as object), audit_status: "U" })))),
    });
    mockIPC(handler);
    await openLead();
    const user = userEvent.setup();
    await retype(user, "Status", "won");
    await user.click(saveButton());

    expect(await screen.findByRole("button", { name: "Saving…" })).toBeDisabled();
    expect(screen.getByRole("button", { name: "Discard changes" })).toBeDisabled();
    for (const label of ["Status", "Source", "Assigned member", "Company", "Person", "Custom fields (JSON)"]) {
      expect(input(label)).toBeDisabled();
    }
    await user.type(input("Source"), " and fair");
    expect(input("Source").value).toBe("Website");

    answer();
    const status = await screen.findByRole("status");
    expect(status).toHaveTextContent("Lead saved: changed Status.");
    expect(input("Status")).toBeEnabled();
    expect(input("Status").value).toBe("won");
    expect(input("Source").value).toBe("Website");
    expect(saveButton()).toBeDisabled();
    // Nothing is left to save, so the focus goes from the save button to what happened.
    await waitFor(() => expect(status).toHaveFocus());
  });

  test("a save sent with Enter from an input leaves the focus in that input", async () => {
    service();
    await openLead();
    const user = userEvent.setup();
    await retype(user, "Source", "Fair{Enter}");
    expect(await screen.findByRole("status")).toHaveTextContent("Lead saved: changed Source.");
    expect(input("Source")).toHaveFocus();
    expect(input("Source")).toBeEnabled();
  });

  test("opening another lead with unsaved changes asks first; Keep editing or Escape keeps them", async () => {
    const { opened } = twoLeads();
    await openLead();
    const user = userEvent.setup();
    await retype(user, "Status", "lost");
    await retype(user, "Lead", OTHER_ID);
    await user.click(openButton());

    const dialog = screen.getByRole("alertdialog", { name: "Discard your changes to this lead and open the other one?" });
    expect(dialog).toHaveAttribute("aria-modal", "true");
    expect(dialog).toHaveAccessibleDescription("Not saved yet: Status.");
    const keep = within(dialog).getByRole("button", { name: "Keep editing" });
    expect(keep).toHaveFocus();
    // Tab stays on the question's buttons.
    await user.tab();
    expect(within(dialog).getByRole("button", { name: "Discard and open" })).toHaveFocus();
    await user.tab();
    expect(keep).toHaveFocus();

    await user.click(keep);
    expect(screen.queryByRole("alertdialog")).toBeNull();
    expect(openButton()).toHaveFocus();
    expect(input("Status").value).toBe("lost");
    expect(screen.getByRole("heading", { level: 3 })).toHaveTextContent(LEAD_ID);

    await user.keyboard("{Enter}"); // Open lead again, then Escape
    expect(screen.getByRole("alertdialog")).toBeInTheDocument();
    await user.keyboard("{Escape}");
    expect(screen.queryByRole("alertdialog")).toBeNull();
    expect(openButton()).toHaveFocus();
    expect(input("Status").value).toBe("lost");
    expect(saveButton()).toBeEnabled();
    expect(opened()).toEqual([LEAD_ID]);
  });

  test("Discard and open opens the other lead", async () => {
    const { opened } = twoLeads();
    await openLead();
    const user = userEvent.setup();
    await retype(user, "Status", "lost");
    await retype(user, "Lead", OTHER_ID);
    await user.click(openButton());
    await user.click(within(screen.getByRole("alertdialog")).getByRole("button", { name: "Discard and open" }));

    expect(screen.queryByRole("alertdialog")).toBeNull();
    await waitFor(() => expect(input("Status").value).toBe("contacted"));
    expect(input("Source").value).toBe("Referral");
    expect(screen.getByRole("heading", { level: 3 })).toHaveTextContent(OTHER_ID);
    expect(saveButton()).toBeDisabled();
    expect(opened()).toEqual([LEAD_ID, OTHER_ID]);
    expect(await screen.findByRole("button", { name: "Open lead" })).toHaveFocus();
  });

  test("another lead given by the app opens at once without unsaved changes, and asks first with them", async () => {
    twoLeads();
    const { rerender } = render(LeadEditor, { props: { schemas, leadId: LEAD_ID } });
    await screen.findByLabelText("Status");
    await rerender({ leadId: OTHER_ID });
    await waitFor(() => expect(input("Status").value).toBe("contacted"));
    expect(screen.queryByRole("alertdialog")).toBeNull();

    const user = userEvent.setup();
    await retype(user, "Source", "Fair");
    await rerender({ leadId: LEAD_ID });
    const dialog = await screen.findByRole("alertdialog");
    expect(dialog).toHaveTextContent("Discard your changes to this lead and open the other one?");
    expect(input("Source").value).toBe("Fair");
    await user.click(within(dialog).getByRole("button", { name: "Discard and open" }));
    await waitFor(() => expect(input("Status").value).toBe("new"));
    expect(input("Source").value).toBe("Website");
  });

  test("opens the lead given and shows its current values; nothing changed means nothing to save", async () => {
    service();
    await openLead();
    expect(input("Lead").value).toBe(LEAD_ID);
    expect(input("Status").value).toBe("new");
    expect(input("Source").value).toBe("Website");
    expect(input("Person").value).toBe("");
    expect(JSON.parse(input("Custom fields (JSON)").value)).toEqual({ budget: "5000", tags: ["vip"] });
    expect(saveButton()).toBeDisabled();
    expect(screen.getByRole("button", { name: "Discard changes" })).toBeDisabled();
  });

  test("sends only the changed fields; an emptied field is cleared with null", async () => {
    const { patches } = service();
    await openLead();
    const user = userEvent.setup();
    await retype(user, "Status", "qualified");
    await user.clear(input("Source"));
    await retype(user, "Assigned member", OTHER_MEMBER);
    // Reformatting the same JSON is no change.
    await user.clear(input("Custom fields (JSON)"));
    await user.click(input("Custom fields (JSON)"));
    await user.paste('{ "tags": ["vip"], "budget": "5000" }');

    expect(input("Status")).toHaveAccessibleDescription(/Changed: it was “new”/);
    expect(input("Custom fields (JSON)")).not.toHaveAccessibleDescription(/Changed/);
    await user.click(saveButton());

    expect(await screen.findByRole("status")).toHaveTextContent("Lead saved: changed Status, Source, and Assigned member.");
    expect(patches()).toEqual([
      ["patch_lead", { id: LEAD_ID, patch: { status: "qualified", source: null, user_member: OTHER_MEMBER } }],
    ]);
    // The form now holds the saved values, with nothing left to save.
    expect(input("Status").value).toBe("qualified");
    expect(input("Source").value).toBe("");
    expect(saveButton()).toBeDisabled();
  });

  test("changing custom fields sends the parsed JSON; typing back the old value is no change", async () => {
    const { patches } = service();
    await openLead();
    const user = userEvent.setup();
    await user.type(input("Status"), "x");
    expect(saveButton()).toBeEnabled();
    await user.type(input("Status"), "{Backspace}");
    expect(saveButton()).toBeDisabled();

    await retype(user, "Custom fields (JSON)", '{{"budget": "7000"}');
    await user.click(saveButton());
    await screen.findByRole("status");
    expect(patches()).toEqual([["patch_lead", { id: LEAD_ID, patch: { custom_fields: { budget: "7000" } } }]]);
  });

  test("invalid values are marked and nothing is sent", async () => {
    const { patches } = service();
    await openLead();
    const user = userEvent.setup();
    await retype(user, "Company", "ACME");
    await user.type(input("Status"), "x".repeat(260));
    await user.click(saveButton());
    expect(input("Company")).toHaveAttribute("aria-invalid", "true");
    expect(input("Company")).toHaveAccessibleDescription(/Company: choose one of the matches, or paste its ID/);
    expect(input("Status")).toHaveAccessibleDescription(/at most 255 characters/);
    expect(patches()).toEqual([]);
  });

  test("Rust's check_lead is asked with the lead as loaded and the inputs as typed, and says what changed and what is wrong", async () => {
    const { handler, calls } = ipcHandler({ get_lead: () => lead(), check_lead: checkLead });
    mockIPC(handler);
    await openLead();
    const user = userEvent.setup();
    await retype(user, "Status", " won ");
    await retype(user, "Company", "ACME");
    await user.tab();

    expect(await screen.findByText(/^2 changes not saved yet: Status and Company\.$/)).toBeInTheDocument();
    await vi.waitFor(() => expect(input("Company")).toHaveAttribute("aria-invalid", "true"));
    expect(input("Company")).toHaveAccessibleDescription(/Company: choose one of the matches, or paste its ID/);
    // A change that is fine is still marked as one while another input is wrong.
    expect(input("Status")).toHaveAccessibleDescription(/Changed: it was “new”/);
    expect(input("Status")).not.toHaveAttribute("aria-invalid");
    const asked = calls.filter(([cmd]) => cmd === "check_lead").map(([, args]) => args);
    expect(asked.at(-1)).toEqual({
      lead: lead(),
      draft: {
        status: " won ",
        source: "Website",
        user_member: lead().user_member,
        company: "ACME",
        person: "",
        custom_fields: '{\n  "budget": "5000",\n  "tags": [\n    "vip"\n  ]\n}',
      },
    });
    expect(calls.map(([cmd]) => cmd)).not.toContain("patch_lead");

    // Typed back as it was: nothing changed, nothing marked.
    await retype(user, "Company", lead().company!);
    await retype(user, "Status", "new");
    expect(await screen.findByText("No changes yet.")).toBeInTheDocument();
    expect(input("Company")).not.toHaveAttribute("aria-invalid");
    expect(saveButton()).toBeDisabled();
  });

  test("what is sent is check_lead's patch: IDs as the service writes them", async () => {
    const { patches } = service();
    await openLead();
    const user = userEvent.setup();
    await retype(user, "Person", ` ${OTHER_MEMBER.toUpperCase()} `);
    await user.click(saveButton());
    expect(await screen.findByRole("status")).toHaveTextContent("Lead saved: changed Person.");
    expect(patches()).toEqual([["patch_lead", { id: LEAD_ID, patch: { person: OTHER_MEMBER } }]]);
  });

  test("a service field error appears beside the field and the edits stay", async () => {
    const { handler } = ipcHandler({
      get_lead: () => lead(),
      patch_lead: throws(
        uiError("invalid_input", "The service refused the request: Invalid input.", null, {
          user_member: [{ source: "service", message: "Not a member of this workspace." }],
        }),
      ),
    });
    mockIPC(handler);
    await openLead();
    const user = userEvent.setup();
    await retype(user, "Assigned member", OTHER_MEMBER);
    await user.click(saveButton());
    expect(await screen.findByText("The service said: “Not a member of this workspace.”")).toHaveAttribute("id", "lead-user-member-error");
    expect(input("Assigned member").value).toBe(OTHER_MEMBER);
    expect(saveButton()).toBeEnabled();
  });

  test("offline, saving keeps the edit to send later and shows the lead as it will be", async () => {
    const { handler, calls } = ipcHandler({
      get_lead: () => lead(),
      patch_lead: ({ id, patch }) =>
        queued<Lead>({ kind: "patch_lead", id: id as string, patch: patch as LeadPatch, based_on: {}, label: null }),
    });
    mockIPC(handler);
    await openLead();
    const user = userEvent.setup();
    session.workingOffline = true;
    await retype(user, "Status", "won");
    await vi.waitFor(() =>
      expect(saveButton()).toHaveAccessibleDescription(/work offline: what you save here is kept on this computer/),
    );
    expect(saveButton()).toBeEnabled();
    await user.click(saveButton());
    const status = await screen.findByRole("status");
    expect(status).toHaveTextContent("Kept to send later: changed Status.");
    expect(status).toHaveTextContent(/sent when you turn off “Work offline”/);
    expect(input("Status").value).toBe("won");
    expect(saveButton()).toBeDisabled();
    expect(calls.filter(([cmd]) => cmd === "patch_lead")).toEqual([["patch_lead", { id: LEAD_ID, patch: { status: "won" } }]]);

    session.workingOffline = false;
    session.connection = "offline";
    await vi.waitFor(() =>
      expect(saveButton()).toHaveAccessibleDescription(/can't be reached: what you save here is kept on this computer/),
    );
  });

  test("Discard changes goes back to the loaded values", async () => {
    service();
    await openLead();
    const user = userEvent.setup();
    await retype(user, "Status", "lost");
    await user.click(screen.getByRole("button", { name: "Discard changes" }));
    expect(input("Status").value).toBe("new");
    expect(saveButton()).toBeDisabled();
  });

  test("an unknown lead is explained beside the lead picker", async () => {
    service();
    render(LeadEditor, { props: { schemas } });
    const user = userEvent.setup();
    await user.type(input("Lead"), "11111111-1111-4111-8111-999999999999");
    await user.click(screen.getByRole("button", { name: "Open lead" }));
    expect(await screen.findByText(/No lead with that ID/)).toHaveAttribute("id", "lead-id-error");
    expect(input("Lead")).toHaveAttribute("aria-invalid", "true");
    expect(input("Lead").value).toBe("11111111-1111-4111-8111-999999999999");
  });

  test("words typed but no lead chosen are explained beside the lead picker, and nothing is read", async () => {
    const { handler, calls } = ipcHandler({ get_lead: throws(uiError("invalid_input", "“abc” is not a record id.", "id")) });
    mockIPC(handler);
    render(LeadEditor, { props: { schemas } });
    const user = userEvent.setup();
    await user.type(input("Lead"), "abc");
    await user.click(screen.getByRole("button", { name: "Open lead" }));
    expect(await screen.findByText(/^Lead: choose one of the matches/)).toHaveAttribute("id", "lead-id-error");
    expect(calls.filter(([cmd]) => cmd === "get_lead")).toEqual([]);
  });

  test("an unknown outcome offers Check, which reloads the lead and tells whether the changes hold", async () => {
    const user = await saveWonAnswerLost(true);
    expect(await screen.findByText(/can't tell whether the changes were saved/)).toBeInTheDocument();
    expect(input("Status").value).toBe("won");

    await user.click(screen.getByRole("button", { name: "Check" }));
    expect(await screen.findByRole("status")).toHaveTextContent("Lead saved: changed Status.");
    expect(screen.getByRole("status")).toHaveTextContent("the changes were saved");
    await waitFor(() => expect(screen.getByRole("status")).toHaveFocus());
    expect(saveButton()).toBeDisabled();
  });

  test("what is typed after an unknown outcome stays when Check finds the changes saved", async () => {
    const user = await saveWonAnswerLost(true);
    await screen.findByText(/can't tell whether the changes were saved/);
    await user.type(input("Source"), " form");
    await user.click(screen.getByRole("button", { name: "Check" }));
    expect(await screen.findByRole("status")).toHaveTextContent("Lead saved: changed Status.");
    expect(input("Status").value).toBe("won");
    expect(input("Source").value).toBe("Website form");
    expect(input("Source")).toHaveAccessibleDescription(/Changed: it was “Website”/);
    expect(saveButton()).toBeEnabled();
  });

  test("Check says which changes the lead holds when only some were saved", async () => {
    let current = lead();
    const { handler } = ipcHandler({
      get_lead: () => current,
      patch_lead: ({ patch }) => {
        // The service kept the status but not the source.
        current = { ...current, status: (patch as LeadPatch).status ?? null };
        throw unknownOutcome;
      },
    });
    mockIPC(handler);
    await openLead();
    const user = userEvent.setup();
    await retype(user, "Status", "won");
    await retype(user, "Source", "Fair");
    await user.click(saveButton());
    await user.click(await screen.findByRole("button", { name: "Check" }));
    expect(await screen.findByRole("status")).toHaveTextContent(
      "Checked: only some changes were saved. Status now holds the new value; Source does not.",
    );
    expect(input("Source").value).toBe("Fair");
    expect(input("Source")).toHaveAccessibleDescription(/Changed: it was “Website”/);
    await vi.waitFor(() => expect(input("Status")).not.toHaveAccessibleDescription(/Changed/));
    expect(saveButton()).toBeEnabled();
  });

  test("Check says when the changes were not saved, keeping the edits", async () => {
    const user = await saveWonAnswerLost(false);
    await user.click(await screen.findByRole("button", { name: "Check" }));
    expect(await screen.findByRole("status")).toHaveTextContent("the changes were not saved");
    await waitFor(() => expect(screen.getByRole("status")).toHaveFocus());
    expect(input("Status").value).toBe("won");
    expect(saveButton()).toBeEnabled();
  });
});
