import { describe, expect, test, vi } from "vitest";
import { fireEvent, render, screen, within } from "@testing-library/svelte";
import userEvent from "@testing-library/user-event";
import { mockIPC } from "@tauri-apps/api/mocks";
import TaskForm from "../src/components/forms/TaskForm.svelte";
import { session } from "../src/lib/session.svelte";
import { ipcHandler, lookUpCall, MEMBER, page, queued, schemas, sent, task, throws, uiError, unknownOutcome } from "./fixtures/forms";
import type { NewTask, Task } from "../src/lib/bindings";

function renderForm() {
  const oncreated = vi.fn();
  render(TaskForm, { props: { schemas, oncreated } });
  return oncreated;
}

const input = (label: string) => screen.getByLabelText(label) as HTMLInputElement;
const createCalls = (calls: [string, unknown][]) => calls.filter(([cmd]) => cmd === "create_task");

/** Sets a datetime-local input as the browser's picker does. */
async function setDateTime(label: string, value: string) {
  await fireEvent.input(input(label), { target: { value } });
}

describe("new task form", () => {
  test("opens with its page heading first (the app focuses it) and a sentence saying what it does", () => {
    mockIPC(ipcHandler({}).handler);
    renderForm();
    expect(document.querySelector("h2, h3")).toBe(screen.getByRole("heading", { level: 2, name: "New task" }));
    expect(screen.getByText(/Workdesk checks every value against its limits before anything is sent/)).toBeInTheDocument();
  });

  test("every input has a label, and the dates say they are in local time", () => {
    mockIPC(ipcHandler({}).handler);
    renderForm();
    for (const [label, id] of [
      ["Title", "task-title"],
      ["Description", "task-description"],
      ["Status", "task-status"],
      ["Priority", "task-priority"],
      ["Start", "task-start"],
      ["Expiry", "task-expiry"],
      ["Completed at", "task-completed-at"],
      ["Recurrence rule", "task-recurrence-rule"],
      ["Assigned to", "task-assigned-to-user"],
      ["Party", "task-entity-id"],
      ["About", "task-record-id"],
      ["Custom fields (JSON)", "task-custom-fields"],
    ]) {
      expect(screen.getByLabelText(label).id).toBe(id);
    }
    expect(input("Start").type).toBe("datetime-local");
    expect(input("Start")).toHaveAccessibleDescription(/Your local time/);
    expect(input("Completed at")).toHaveAccessibleDescription(/Your local time/);
  });

  test("the click that leaves an invalid input moves nothing while pressed, then submits and says why it refuses", async () => {
    const { handler, calls } = ipcHandler({ create_task: ({ task: t }) => sent(task(t as object)) });
    mockIPC(handler);
    renderForm();
    const user = userEvent.setup();
    await user.type(input("Title"), "Llamar a Núñez");
    await user.type(input("Priority"), "40000");
    const create = screen.getByRole("button", { name: "Create task" });

    // Pressing the button takes the focus from Priority. A message appearing
    // under Priority now would push the button from under the pointer.
    await user.pointer({ keys: "[MouseLeft>]", target: create });
    expect(input("Priority")).not.toHaveFocus();
    expect(document.getElementById("task-priority-error")).toBeNull();
    expect(screen.queryByRole("alert")).toBeNull();

    // The release lands on the button: the form is submitted and refused.
    await user.pointer({ keys: "[/MouseLeft]", target: create });
    await vi.waitFor(() => expect(screen.getByRole("alert")).toHaveTextContent("Nothing was sent"));
    expect(input("Priority")).toHaveFocus();
    expect(input("Priority")).toHaveAccessibleDescription(/from −32768 to 32767/);
    expect(createCalls(calls)).toEqual([]);
  });

  test("an empty date looks empty: its drawn date is hidden behind a muted “Not set”; a set one can be cleared", async () => {
    const { handler, calls } = ipcHandler({ create_task: ({ task: t }) => sent(task(t as object)) });
    mockIPC(handler);
    renderForm();
    const user = userEvent.setup();
    for (const label of ["Start", "Expiry", "Completed at"]) {
      const frame = input(label).closest(".date-input")!;
      expect(input(label)).toHaveClass("unset");
      expect(within(frame as HTMLElement).getByText("Not set")).toHaveClass("placeholder");
      expect(within(frame as HTMLElement).queryByRole("button")).toBeNull();
    }
    await setDateTime("Completed at", "2026-11-22T14:30");
    const frame = input("Completed at").closest(".date-input") as HTMLElement;
    expect(input("Completed at")).not.toHaveClass("unset");
    expect(within(frame).queryByText("Not set")).toBeNull();
    await user.click(within(frame).getByRole("button", { name: "Clear Completed at" }));
    expect(input("Completed at").value).toBe("");
    expect(input("Completed at")).toHaveClass("unset");
    expect(input("Completed at")).toHaveFocus();

    await user.type(input("Title"), "Cerrar mes");
    await user.click(screen.getByRole("button", { name: "Create task" }));
    await vi.waitFor(() => expect(createCalls(calls)).toHaveLength(1));
    expect(createCalls(calls)[0][1]).toEqual({ task: { title: "Cerrar mes" } });
  });

  test("leaving an input by mouse elsewhere still checks it once the press ends", async () => {
    mockIPC(ipcHandler({}).handler);
    renderForm();
    const user = userEvent.setup();
    await user.type(input("Priority"), "40000");
    await user.click(input("Status"));
    await vi.waitFor(() => expect(input("Priority")).toHaveAttribute("aria-invalid", "true"));
    expect(input("Status")).toHaveFocus();
  });

  test("out-of-bounds values are explained beside their inputs and nothing is sent; once fixed, only the filled fields go, dates in RFC 3339", async () => {
    const { handler, calls } = ipcHandler({ create_task: ({ task: t }) => sent(task(t as object)) });
    mockIPC(handler);
    const oncreated = renderForm();
    const user = userEvent.setup();

    await user.type(input("Title"), "x".repeat(256));
    await user.type(input("Priority"), "40000");
    await user.tab(); // leaving Priority checks it at once
    expect(input("Priority")).toHaveAttribute("aria-invalid", "true");
    expect(input("Priority")).toHaveAccessibleDescription(/Priority must be a whole number from −32768 to 32767\./);

    await user.type(input("Assigned to"), "not-an-id");
    await user.type(input("Custom fields (JSON)"), "{{oops");
    await user.click(screen.getByRole("button", { name: "Create task" }));

    expect(input("Title")).toHaveAttribute("aria-invalid", "true");
    expect(screen.getByText(/Title can have at most 255 characters; it has 256/)).toHaveAttribute("id", "task-title-error");
    expect(input("Title")).toHaveAttribute("aria-describedby", expect.stringContaining("task-title-error"));
    expect(input("Assigned to")).toHaveAccessibleDescription(/Assigned to: choose one of the matches, or paste its ID/);
    expect(input("Custom fields (JSON)")).toHaveAccessibleDescription(/must be valid JSON/);
    expect(screen.getByRole("alert")).toHaveTextContent("Nothing was sent");
    expect(createCalls(calls)).toEqual([]);
    // What was typed is still there.
    expect(input("Priority").value).toBe("40000");
    expect(input("Custom fields (JSON)").value).toBe("{oops");

    // Fix everything.
    await user.clear(input("Title"));
    await user.type(input("Title"), "  Reconcile March bank statement ");
    expect(input("Title")).not.toHaveAttribute("aria-invalid");
    await user.clear(input("Priority"));
    await user.type(input("Priority"), "-32768");
    await user.clear(input("Assigned to"));
    await user.type(input("Assigned to"), MEMBER);
    await user.clear(input("Custom fields (JSON)"));
    await user.type(input("Custom fields (JSON)"), '{{"project": "Audit"}');
    await setDateTime("Start", "2026-11-22T14:30");
    await setDateTime("Expiry", "2026-11-30T09:05");
    await user.click(screen.getByRole("button", { name: "Create task" }));

    expect(await screen.findByRole("status")).toHaveTextContent("Task created");
    expect(createCalls(calls)).toEqual([
      [
        "create_task",
        {
          task: {
            title: "Reconcile March bank statement",
            priority: -32768,
            start: new Date(2026, 10, 22, 14, 30).toISOString(),
            expiry: new Date(2026, 10, 30, 9, 5).toISOString(),
            assigned_to_user: MEMBER,
            custom_fields: { project: "Audit" },
          },
        },
      ],
    ]);
    expect(oncreated).toHaveBeenCalledOnce();
    // The created task's fields are shown.
    const shown = document.querySelector('[data-field="priority"]') as HTMLElement;
    expect(within(shown).getByText("-32768")).toBeInTheDocument();

    await user.click(screen.getByRole("button", { name: "Create another task" }));
    expect(input("Title").value).toBe("");
    expect(input("Priority").value).toBe("");
  });

  test("an empty title is required and nothing is sent", async () => {
    const { handler, calls } = ipcHandler({});
    mockIPC(handler);
    renderForm();
    await userEvent.setup().click(screen.getByRole("button", { name: "Create task" }));
    expect(input("Title")).toHaveAccessibleDescription(/Enter a title/);
    expect(input("Title")).toHaveFocus();
    expect(calls).toEqual([]);
  });

  test("a field error from the service is shown beside its input and everything typed stays", async () => {
    const { handler } = ipcHandler({
      create_task: throws(
        uiError("invalid_input", "The service refused the request: Invalid input.", null, {
          assigned_to_user: [{ source: "service", message: "Not a member of this workspace." }],
          non_field_errors: [{ source: "service", message: "Something about the whole task." }],
        }),
      ),
    });
    mockIPC(handler);
    renderForm();
    const user = userEvent.setup();
    await user.type(input("Title"), "Call the bank");
    await user.type(input("Assigned to"), MEMBER);
    await user.type(input("Description"), "Ask about the fee");
    await user.click(screen.getByRole("button", { name: "Create task" }));

    // The service's words as it sent them, marked as the service's.
    expect(await screen.findByText("The service said: “Not a member of this workspace.”")).toHaveAttribute(
      "id",
      "task-assigned-to-user-error",
    );
    expect(input("Assigned to")).toHaveAccessibleDescription(/The service said: “Not a member of this workspace\.”$/);
    expect(input("Assigned to")).toHaveAttribute("aria-invalid", "true");
    const alert = screen.getByRole("alert");
    expect(alert).toHaveTextContent("The service refused the request");
    expect(alert).toHaveTextContent("The service said: “Something about the whole task.”");
    expect(input("Title").value).toBe("Call the bank");
    expect(input("Assigned to").value).toBe(MEMBER);
    expect(input("Description").value).toBe("Ask about the fee");
    expect(screen.getByRole("button", { name: "Create task" })).toBeEnabled();
  });

  test("offline, the form stays usable, says what saving does, and a task Rust keeps shows as kept to send later", async () => {
    const { handler, calls } = ipcHandler({
      create_task: ({ task: t }) => queued<Task>({ kind: "create_task", task: t as NewTask }),
    });
    mockIPC(handler);
    renderForm();
    const user = userEvent.setup();
    const create = screen.getByRole("button", { name: "Create task" });
    session.workingOffline = true;
    await vi.waitFor(() =>
      expect(create).toHaveAccessibleDescription(/work offline: what you save here is kept on this computer and sent when you turn off/),
    );
    expect(create).toBeEnabled();
    await user.type(input("Title"), "Pay rent{Enter}");
    const status = await screen.findByRole("status");
    expect(status).toHaveTextContent("Kept to send later: “Pay rent”.");
    expect(status).toHaveTextContent(/sent when you turn off “Work offline”/);
    expect(status).toHaveFocus();
    expect(createCalls(calls)).toEqual([["create_task", { task: { title: "Pay rent" } }]]);

    // The service unreachable: the other reason, and an empty form for the next.
    session.workingOffline = false;
    session.connection = "offline";
    await user.click(screen.getByRole("button", { name: "Create another task" }));
    expect(input("Title").value).toBe("");
    expect(screen.getByRole("button", { name: "Create task" })).toHaveAccessibleDescription(
      /can't be reached: what you save here is kept on this computer and sent when the service answers again/,
    );

    session.connection = "online";
    await vi.waitFor(() => expect(screen.getByRole("button", { name: "Create task" })).not.toHaveAttribute("aria-describedby"));
  });

  test("says “Creating…” while sending, keeping the focus on the button; pressing it again sends nothing", async () => {
    let answer: (v: unknown) => void = () => {};
    const { handler, calls } = ipcHandler({ create_task: () => new Promise((r) => (answer = r)) });
    mockIPC(handler);
    renderForm();
    const user = userEvent.setup();
    await user.type(input("Title"), "Pay rent");
    await user.click(screen.getByRole("button", { name: "Create task" }));
    const busy = await screen.findByRole("button", { name: "Creating…" });
    expect(busy).toHaveAttribute("aria-disabled", "true");
    expect(busy).toHaveFocus();
    await user.click(busy);
    expect(createCalls(calls)).toHaveLength(1);
    // The inputs are locked while sending: what is on screen is what was sent.
    expect(input("Title")).toBeDisabled();
    await user.type(input("Description"), "late words");
    expect(input("Description").value).toBe("");
    answer(sent(task({ title: "Pay rent" })));
    expect(await screen.findByRole("status")).toHaveTextContent("Task created");
  });

  test("once created, the focus goes to “Task created”; “Create another task” puts it in Title", async () => {
    const { handler } = ipcHandler({ create_task: ({ task: t }) => sent(task(t as object)) });
    mockIPC(handler);
    renderForm();
    const user = userEvent.setup();
    await user.type(input("Title"), "Pay rent{Enter}");
    const status = await screen.findByRole("status");
    expect(status).toHaveTextContent("Task created: “Pay rent”.");
    expect(status).toHaveFocus();
    // The section is still named by it.
    expect(screen.getByRole("region", { name: /Task created/ })).toContainElement(status);

    await user.tab();
    expect(screen.getByRole("button", { name: "Create another task" })).toHaveFocus();
    await user.keyboard("{Enter}");
    expect(input("Title")).toHaveFocus();
    expect(input("Title").value).toBe("");
  });

  test("a rate limit says when to try again", async () => {
    const { handler } = ipcHandler({
      create_task: throws({
        ...uiError("rate_limited", "This API key has made too many requests for now. Try again in 30 seconds."),
        retry_after_s: 30,
      }),
    });
    mockIPC(handler);
    renderForm();
    const user = userEvent.setup();
    await user.type(input("Title"), "Pay rent");
    await user.click(screen.getByRole("button", { name: "Create task" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("Try again in 30 seconds");
    expect(input("Title").value).toBe("Pay rent");
  });

  test("an unknown outcome offers Check, which finds the task when it was saved", async () => {
    const saved = task({ title: "Pay rent", created_at: new Date().toISOString() });
    const { handler, calls } = ipcHandler({
      create_task: throws(unknownOutcome),
      read_list: () => page([saved]),
    });
    mockIPC(handler);
    const oncreated = renderForm();
    const user = userEvent.setup();
    await user.type(input("Title"), "Pay rent");
    await user.click(screen.getByRole("button", { name: "Create task" }));

    expect(await screen.findByText(/can't tell whether the task was created/)).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Create task" })).toBeDisabled();
    // Sending again is held back, so the focus goes to Check.
    expect(screen.getByRole("button", { name: "Check" })).toHaveFocus();
    await user.click(screen.getByRole("button", { name: "Check" }));

    expect(await screen.findByRole("status")).toHaveTextContent("Task created");
    expect(screen.getByRole("status")).toHaveFocus();
    expect(screen.getByRole("status")).toHaveTextContent("the task was saved");
    expect(calls.find(([cmd]) => cmd === "read_list")).toEqual(lookUpCall("task", "title", "Pay rent"));
    expect(oncreated).toHaveBeenCalledWith(saved);
  });

  test("Check says when the task was not saved and the form can be sent again", async () => {
    let attempt = 0;
    const { handler, calls } = ipcHandler({
      create_task: ({ task: t }) => {
        attempt += 1;
        if (attempt === 1) throw unknownOutcome;
        return sent(task(t as object));
      },
      read_list: () => page([]),
    });
    mockIPC(handler);
    renderForm();
    const user = userEvent.setup();
    await user.type(input("Title"), "Pay rent");
    await user.click(screen.getByRole("button", { name: "Create task" }));
    await user.click(await screen.findByRole("button", { name: "Check" }));

    expect(await screen.findByRole("status")).toHaveTextContent("was not saved");
    expect(input("Title").value).toBe("Pay rent");
    await user.click(screen.getByRole("button", { name: "Create task" }));
    expect(await screen.findByText("Task created")).toBeInTheDocument();
    expect(createCalls(calls)).toHaveLength(2);
  });
});
