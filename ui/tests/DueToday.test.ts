// Reminders in the window over mocked IPC (which tasks are due, whose, and
// what is told is tested against the sandbox in Rust): the Overview's "Due
// today" list, each task opening its details, saying when Workdesk lists
// every task because it does not know the member yet, in English and
// Spanish; Preferences › Reminders turning them off and choosing "This is
// me"; the notifications' words sent to Rust leave `{count}` for it.
import { afterEach, describe, expect, test } from "vitest";
import { render, screen, within } from "@testing-library/svelte";
import userEvent from "@testing-library/user-event";
import { mockIPC } from "@tauri-apps/api/mocks";
import DueToday from "../src/components/overview/DueToday.svelte";
import RemindersPreference from "../src/components/RemindersPreference.svelte";
import type { DueToday as Due, MemberFrom } from "../src/lib/bindings";
import { i18n } from "../src/lib/i18n.svelte";
import { reminderWords } from "../src/lib/reminders";

afterEach(() => i18n.use("system", ["en-US"]));

function due(memberFrom: MemberFrom, count = 2): Due {
  return {
    member_from: memberFrom,
    due: {
      count,
      from: { kind: "service", at: "2026-11-28T15:00:00Z" },
      tasks: [
        { id: "0f1e2d3c-0000-4000-8000-000000000001", title: "Call Acme about the invoice", expiry: "2026-11-28T22:00:00Z", overdue: false },
        { id: "0f1e2d3c-0000-4000-8000-000000000002", title: "", expiry: "2026-11-20T14:00:00Z", overdue: true },
      ],
    },
  };
}

function serve(answer: Due | null) {
  const calls: string[] = [];
  mockIPC((cmd) => {
    calls.push(cmd);
    if (cmd === "due_today") return answer;
    return null;
  });
  return calls;
}

describe("Due today", () => {
  test("lists the tasks due, each opening its details; an overdue one says so", async () => {
    serve(due("learned"));
    const opened: string[] = [];
    const user = userEvent.setup();
    render(DueToday, { props: { onopen: (id: string) => opened.push(id) } });
    const card = await screen.findByRole("article", { name: "Due today" });
    const items = within(card).getAllByRole("listitem");
    expect(items).toHaveLength(2);
    expect(items[0].textContent).toContain("Call Acme about the invoice");
    expect(items[0].textContent).toMatch(/Due /);
    expect(items[1].textContent).toContain("(no title)");
    expect(items[1].textContent).toMatch(/Overdue: due /);
    await user.click(within(card).getByRole("button", { name: "Call Acme about the invoice" }));
    await user.click(within(card).getByRole("button", { name: "(no title)" }));
    expect(opened).toEqual(["0f1e2d3c-0000-4000-8000-000000000001", "0f1e2d3c-0000-4000-8000-000000000002"]);
    expect(within(card).queryByText(/does not know yet which member/)).toBeNull();
  });

  test("says every task due is listed while the member is not known, and how many are not listed", async () => {
    serve(due("unknown", 250));
    render(DueToday, { props: { onopen: () => {} } });
    const card = await screen.findByRole("article", { name: "Due today" });
    expect(within(card).getByText(/does not know yet which member you are/)).toBeTruthy();
    expect(within(card).getByText("The 2 due last of 250 are listed.")).toBeTruthy();
  });

  test("nothing due, in Spanish", async () => {
    i18n.use("es", ["es-CO"]);
    serve({ member_from: "chosen", due: { count: 0, from: { kind: "saved", complete: true }, tasks: [] } });
    render(DueToday, { props: { onopen: () => {} } });
    const card = await screen.findByRole("article", { name: "Vence hoy" });
    expect(within(card).getByText("Ninguna tarea vence hoy ni está vencida.")).toBeTruthy();
    expect(within(card).getByText("De las tareas guardadas.")).toBeTruthy();
  });

  test("the demo has no list", async () => {
    const calls = serve(null);
    render(DueToday, { props: { onopen: () => {} } });
    await expect.poll(() => calls).toContain("due_today");
    expect(screen.queryByRole("article")).toBeNull();
  });
});

describe("Preferences › Reminders", () => {
  test("turns reminders off and chooses This is me among the members seen", async () => {
    const calls: { cmd: string; args: unknown }[] = [];
    mockIPC((cmd, args) => {
      calls.push({ cmd, args });
      if (cmd === "reminder_settings") return { on: true, this_is_me: null, learned: null };
      if (cmd === "workspace_status") return { mode: "service" };
      if (cmd === "members_seen")
        return [{ id: "7a7a7a7a-0000-4000-8000-000000000007", records: 12, newest: { resource: "task", id: "x", title: "Call Acme", at: "2026-11-27T10:00:00Z" } }];
      return null;
    });
    const user = userEvent.setup();
    render(RemindersPreference);
    const box = await screen.findByRole("checkbox", { name: "Remind me of tasks due today or overdue" });
    expect((box as HTMLInputElement).checked).toBe(true);
    await user.click(box);
    expect(calls.find((c) => c.cmd === "set_reminders")?.args).toEqual({ on: false });
    const me = await screen.findByRole("combobox", { name: "This is me" });
    await within(me).findByRole("option", { name: /12 saved records, such as Call Acme/ });
    await user.selectOptions(me, "7a7a7a7a-0000-4000-8000-000000000007");
    expect(calls.find((c) => c.cmd === "set_this_is_me")?.args).toEqual({ member: "7a7a7a7a-0000-4000-8000-000000000007" });
    await user.selectOptions(me, "");
    expect(calls.filter((c) => c.cmd === "set_this_is_me").at(-1)?.args).toEqual({ member: null });
  });
});

test("the notifications' words leave {count} for Rust, in each language", () => {
  expect(reminderWords().many).toBe("{count} tasks due today or overdue");
  i18n.use("es", ["es-CO"]);
  expect(reminderWords()).toMatchObject({ many: "{count} tareas vencen hoy o están vencidas", open: "Abrir tarea" });
});
