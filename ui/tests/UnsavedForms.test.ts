// Leaving a screen with a half-filled form: the window asks before
// discarding what was typed (a section, Ctrl+1…9, the workspace menu, Add
// workspace…, the demo), names the form, and Keep editing gives the focus back to it. A
// form with nothing typed, or whose record was created, is left at once.
import { describe, expect, test, vi } from "vitest";
import { render, screen, within } from "@testing-library/svelte";
import userEvent from "@testing-library/user-event";
import { mockIPC } from "@tauri-apps/api/mocks";
import App from "../src/App.svelte";
import type { NewTask, WorkspaceStatus } from "../src/lib/bindings";
import { session } from "../src/lib/session.svelte";
import { unsaved } from "../src/lib/unsaved.svelte";
import { serviceStatus } from "./fixtures";
import { checkLead, checkStakeholder, checkTask, lead, LEAD_ID, sent, task } from "./fixtures/forms";
import { windowOn } from "./fixtures/window";

const perez = { id: "9b2f6c1d0e3a4b5c6d7e8f9a0b1c2d3e", name: "Pérez y Cía", base_url: "https://perez.example.com/", proxy: null };
const both: WorkspaceStatus = { ...serviceStatus, workspaces: [...serviceStatus.workspaces, perez] };

/** Mocks a window on Acme (Pérez y Cía second), lists of 3 records; `calls` records the workspace switches and the demo's start. */
function serve() {
  const calls: [string, unknown][] = [];
  session.reset();
  mockIPC(windowOn(both, (cmd, args) => {
    switch (cmd) {
      case "storage":
        return { workspaces: [], total_bytes: 0, cap_mb: 512, notice: null };
      case "get_lead":
        return lead();
      case "check_task":
        return checkTask(args as Record<string, unknown>);
      case "check_lead":
        return checkLead(args as Record<string, unknown>);
      case "check_stakeholder":
        return checkStakeholder(args as Record<string, unknown>);
      case "create_task":
        return sent(task({ title: (args as { task: NewTask }).task.title }));
      case "switch_workspace":
        calls.push([cmd, args]);
        return { ...both, workspace: perez, base_url: perez.base_url };
      case "start_demo":
        calls.push([cmd, args]);
        return { ...both, mode: "demo", workspace: null, base_url: null };
      case "stop_demo":
        calls.push([cmd, args]);
        return both;
      default:
        return null;
    }
  }));
  return calls;
}

async function openWindow() {
  const calls = serve();
  const user = userEvent.setup();
  render(App);
  await screen.findByText("3 supplier invoices");
  return { user, calls };
}

const section = (name: string) => screen.getByRole("button", { name });

async function openNewTask(user: ReturnType<typeof userEvent.setup>) {
  await user.click(section("New task"));
  return (await screen.findByLabelText(/^Title/)) as HTMLInputElement;
}

describe("leaving a half-filled form", () => {
  test("a section click asks, naming New task; Keep editing keeps the text and the focus; Discard goes on", async () => {
    const { user } = await openWindow();
    const title = await openNewTask(user);
    await user.type(title, "Llamar a Peña");

    await user.click(section("Storage"));
    const dialog = screen.getByRole("alertdialog", { name: "Discard what you typed in New task?" });
    // The focus is in the question, on the safe answer.
    expect(within(dialog).getByRole("button", { name: "Keep editing" })).toHaveFocus();
    expect(within(dialog).getByRole("button", { name: "Discard and continue" })).toBeInTheDocument();
    // Nothing has gone yet: the form is there with its text.
    expect(screen.getByLabelText(/^Title/)).toBe(title);
    expect(title.value).toBe("Llamar a Peña");
    expect(section("New task")).toHaveAttribute("aria-current", "page");

    await user.click(within(dialog).getByRole("button", { name: "Keep editing" }));
    expect(screen.queryByRole("alertdialog")).toBeNull();
    expect(title).toHaveFocus();
    expect(title.value).toBe("Llamar a Peña");

    await user.click(section("Storage"));
    await user.click(within(screen.getByRole("alertdialog")).getByRole("button", { name: "Discard and continue" }));
    expect(screen.queryByRole("alertdialog")).toBeNull();
    await vi.waitFor(() => expect(section("Storage")).toHaveAttribute("aria-current", "page"));
    expect(screen.queryByLabelText(/^Title/)).toBeNull();
    // Nothing is held any more: the next section opens at once.
    expect(unsaved.first).toBeNull();
    await user.click(section("New task"));
    expect(await screen.findByLabelText(/^Title/)).toHaveValue("");
  });

  test("Escape keeps editing", async () => {
    const { user } = await openWindow();
    const title = await openNewTask(user);
    await user.type(title, "Cerrar mes");
    await user.click(section("Tasks"));
    expect(screen.getByRole("alertdialog")).toBeInTheDocument();
    await user.keyboard("{Escape}");
    expect(screen.queryByRole("alertdialog")).toBeNull();
    expect(title).toHaveFocus();
    expect(title.value).toBe("Cerrar mes");
  });

  test("a form with nothing typed, or whose text was emptied again, is left at once", async () => {
    const { user } = await openWindow();
    await openNewTask(user);
    await user.click(section("Storage"));
    expect(screen.queryByRole("alertdialog")).toBeNull();
    await vi.waitFor(() => expect(section("Storage")).toHaveAttribute("aria-current", "page"));

    const title = await openNewTask(user);
    await user.type(title, "x");
    await user.clear(title);
    await user.click(section("Tasks"));
    expect(screen.queryByRole("alertdialog")).toBeNull();
    await vi.waitFor(() => expect(section("Tasks")).toHaveAttribute("aria-current", "page"));
  });

  test("after a task is created, leaving asks nothing", async () => {
    const { user } = await openWindow();
    const title = await openNewTask(user);
    await user.type(title, "Llamar a Peña");
    await user.click(screen.getByRole("button", { name: "Create task" }));
    await screen.findByRole("button", { name: "Create another task" });
    await user.click(section("Storage"));
    expect(screen.queryByRole("alertdialog")).toBeNull();
    await vi.waitFor(() => expect(section("Storage")).toHaveAttribute("aria-current", "page"));
  });

  test("a stakeholder's document number typed asks, naming New stakeholder", async () => {
    const { user } = await openWindow();
    await user.click(section("New stakeholder"));
    const number = await screen.findByLabelText(/^Document number/);
    await user.type(number, "900123456");
    await user.click(section("Tasks"));
    expect(screen.getByRole("alertdialog", { name: "Discard what you typed in New stakeholder?" })).toBeInTheDocument();
    await user.keyboard("{Escape}");
    expect(number).toHaveFocus();
    expect(number).toHaveValue("900123456");
  });

  test("unsaved changes to a lead ask too, naming the lead being edited", async () => {
    const { user } = await openWindow();
    await user.click(section("Edit a lead"));
    await user.type(await screen.findByRole("combobox", { name: "Lead" }), LEAD_ID);
    await user.click(screen.getByRole("button", { name: "Open lead" }));
    const status = (await screen.findByLabelText("Status")) as HTMLInputElement;
    // Opened, nothing changed: nothing to ask about.
    expect(unsaved.first).toBeNull();
    await user.clear(status);
    await user.type(status, "won");

    await user.click(section("Tasks"));
    const dialog = screen.getByRole("alertdialog", { name: "Discard what you typed in the lead you are editing?" });
    await user.click(within(dialog).getByRole("button", { name: "Keep editing" }));
    expect(status).toHaveFocus();
    expect(status.value).toBe("won");

    await user.click(section("Tasks"));
    await user.click(screen.getByRole("button", { name: "Discard and continue" }));
    await vi.waitFor(() => expect(section("Tasks")).toHaveAttribute("aria-current", "page"));
    expect(screen.queryByLabelText("Status")).toBeNull();
  });

  test("Ctrl+2 asks before switching workspace; nothing is switched until Discard and continue", async () => {
    const { user, calls } = await openWindow();
    const title = await openNewTask(user);
    await user.type(title, "Llamar a Peña");

    await user.keyboard("{Control>}2{/Control}");
    expect(screen.getByRole("alertdialog", { name: "Discard what you typed in New task?" })).toBeInTheDocument();
    expect(calls).toEqual([]);
    // While asking, another shortcut does nothing.
    await user.keyboard("{Control>}2{/Control}");
    expect(calls).toEqual([]);
    await user.keyboard("{Escape}");
    expect(title).toHaveFocus();
    expect(title.value).toBe("Llamar a Peña");
    expect(calls).toEqual([]);

    await user.keyboard("{Control>}2{/Control}");
    await user.click(within(screen.getByRole("alertdialog")).getByRole("button", { name: "Discard and continue" }));
    await vi.waitFor(() => expect(calls).toEqual([["switch_workspace", { workspace: perez.id }]]));
    expect(await screen.findByRole("button", { name: /^Workspace: Pérez y Cía/ })).toBeInTheDocument();
    expect(screen.queryByLabelText(/^Title/)).toBeNull();
  });

  test("the workspace menu, starting the demo and leaving it ask too", async () => {
    const { user, calls } = await openWindow();
    const title = await openNewTask(user);
    await user.type(title, "Llamar a Peña");

    await user.click(screen.getByRole("button", { name: /^Workspace: Acme/ }));
    await user.click(screen.getByRole("menuitemradio", { name: /Pérez y Cía/ }));
    expect(screen.getByRole("alertdialog", { name: "Discard what you typed in New task?" })).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Keep editing" }));
    expect(title).toHaveFocus();

    await user.click(screen.getByRole("button", { name: /^Workspace: Acme/ }));
    await user.click(screen.getByRole("menuitemradio", { name: /Demo workspace/ }));
    expect(screen.getByRole("alertdialog", { name: "Discard what you typed in New task?" })).toBeInTheDocument();
    expect(calls).toEqual([]);
    await user.click(screen.getByRole("button", { name: "Discard and continue" }));
    await vi.waitFor(() => expect(calls.map(([cmd]) => cmd)).toEqual(["start_demo"]));

    // Leaving the demo with a task half-typed asks as well.
    const again = await openNewTask(user);
    await user.type(again, "Revisar muestra");
    await user.click(screen.getByRole("button", { name: "Leave demo" }));
    expect(screen.getByRole("alertdialog", { name: "Discard what you typed in New task?" })).toBeInTheDocument();
    expect(calls.map(([cmd]) => cmd)).toEqual(["start_demo"]);
    await user.click(screen.getByRole("button", { name: "Discard and continue" }));
    await vi.waitFor(() => expect(calls.map(([cmd]) => cmd)).toEqual(["start_demo", "stop_demo"]));
  });

  test("Add workspace… asks first: the workspace added is shown at once and would replace the form", async () => {
    const { user } = await openWindow();
    const title = await openNewTask(user);
    await user.type(title, "Llamar a Peña");

    await user.click(screen.getByRole("button", { name: /^Workspace: Acme/ }));
    await user.click(screen.getByRole("menuitem", { name: /Add workspace/ }));
    expect(screen.getByRole("alertdialog", { name: "Discard what you typed in New task?" })).toBeInTheDocument();
    expect(screen.queryByRole("dialog", { name: "Add a workspace" })).toBeNull();
    await user.click(screen.getByRole("button", { name: "Keep editing" }));
    expect(title).toHaveFocus();
    expect(title.value).toBe("Llamar a Peña");

    await user.click(screen.getByRole("button", { name: /^Workspace: Acme/ }));
    await user.click(screen.getByRole("menuitem", { name: /Add workspace/ }));
    await user.click(screen.getByRole("button", { name: "Discard and continue" }));
    expect(await screen.findByRole("dialog", { name: "Add a workspace" })).toBeInTheDocument();
  });
});
