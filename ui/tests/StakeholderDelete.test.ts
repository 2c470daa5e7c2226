import { describe, expect, test, vi } from "vitest";
import { render, screen, within } from "@testing-library/svelte";
import userEvent from "@testing-library/user-event";
import { mockIPC } from "@tauri-apps/api/mocks";
import StakeholderDelete from "../src/components/forms/StakeholderDelete.svelte";
import { session } from "../src/lib/session.svelte";
import { ipcHandler, queued, notFound, sent, stakeholder, throws, uiError, unknownOutcome, type Handler } from "./fixtures/forms";

const record = stakeholder({ name: "Acme Distribuciones S.A.S." });

function renderDelete(r = record) {
  const ondeleted = vi.fn();
  render(StakeholderDelete, { props: { record: r, ondeleted } });
  return ondeleted;
}

const trigger = () => screen.getByRole("button", { name: "Delete stakeholder…" });

/** Opens the dialog and confirms, with the service answering as `handlers` say. */
async function confirmDelete(handlers: Record<string, Handler>) {
  const { handler, calls } = ipcHandler(handlers);
  mockIPC(handler);
  const ondeleted = renderDelete();
  const user = userEvent.setup();
  await user.click(trigger());
  await user.click(screen.getByRole("button", { name: "Delete" }));
  return { calls, ondeleted, user };
}

describe("deleting a stakeholder", () => {
  test("asks first, naming the stakeholder, with Cancel focused; Cancel sends nothing and returns focus", async () => {
    const { handler, calls } = ipcHandler({});
    mockIPC(handler);
    const ondeleted = renderDelete();
    const user = userEvent.setup();
    await user.click(trigger());

    const dialog = screen.getByRole("alertdialog");
    expect(dialog).toHaveTextContent("Delete the stakeholder “Acme Distribuciones S.A.S.”? This cannot be undone.");
    expect(dialog).toHaveAccessibleName("Delete stakeholder");
    expect(within(dialog).getByRole("button", { name: "Cancel" })).toHaveFocus();
    expect(within(dialog).getByRole("button", { name: "Delete" })).toHaveClass("danger");

    await user.click(within(dialog).getByRole("button", { name: "Cancel" }));
    expect(screen.queryByRole("alertdialog")).toBeNull();
    expect(trigger()).toHaveFocus();
    expect(calls).toEqual([]);
    expect(ondeleted).not.toHaveBeenCalled();
  });

  test("Escape cancels", async () => {
    const { handler, calls } = ipcHandler({});
    mockIPC(handler);
    renderDelete();
    const user = userEvent.setup();
    await user.click(trigger());
    await user.keyboard("{Escape}");
    expect(screen.queryByRole("alertdialog")).toBeNull();
    expect(trigger()).toHaveFocus();
    expect(calls).toEqual([]);
  });

  test("Tab stays inside the dialog", async () => {
    mockIPC(ipcHandler({}).handler);
    renderDelete();
    const user = userEvent.setup();
    await user.click(trigger());
    const dialog = screen.getByRole("alertdialog");
    await user.tab();
    expect(within(dialog).getByRole("button", { name: "Delete" })).toHaveFocus();
    await user.tab();
    expect(within(dialog).getByRole("button", { name: "Cancel" })).toHaveFocus();
    await user.tab({ shift: true });
    expect(within(dialog).getByRole("button", { name: "Delete" })).toHaveFocus();
    await user.tab({ shift: true });
    expect(within(dialog).getByRole("button", { name: "Cancel" })).toHaveFocus();
  });

  test("names the stakeholder by document number when it has no name", async () => {
    mockIPC(ipcHandler({}).handler);
    renderDelete(stakeholder({ name: null, document_number: "900123456" }));
    await userEvent.setup().click(trigger());
    expect(screen.getByRole("alertdialog")).toHaveTextContent("Delete the stakeholder “900123456”?");
  });

  test("Delete deletes it and then calls ondeleted", async () => {
    const { calls, ondeleted } = await confirmDelete({ delete_stakeholder: () => sent(null) });
    await vi.waitFor(() => expect(ondeleted).toHaveBeenCalledOnce());
    expect(calls).toEqual([["delete_stakeholder", { id: record.id }]]);
    expect(screen.getByRole("status")).toHaveTextContent("deleted");
  });

  test("one already deleted is said so and counts as deleted", async () => {
    const { ondeleted } = await confirmDelete({ delete_stakeholder: throws(notFound) });
    await vi.waitFor(() => expect(ondeleted).toHaveBeenCalledOnce());
    expect(screen.getByRole("status")).toHaveTextContent("was already deleted");
  });

  test("other errors stay in the dialog", async () => {
    const { ondeleted } = await confirmDelete({
      delete_stakeholder: throws(uiError("forbidden", "Your API key is not allowed to see this.")),
    });
    expect(await within(screen.getByRole("alertdialog")).findByRole("alert")).toHaveTextContent("not allowed");
    expect(ondeleted).not.toHaveBeenCalled();
  });

  test("an unknown outcome offers Check: gone means deleted", async () => {
    const { calls, ondeleted, user } = await confirmDelete({
      delete_stakeholder: throws(unknownOutcome),
      read_record: throws(notFound),
    });
    expect(await screen.findByText(/can't tell whether the stakeholder was deleted/)).toBeInTheDocument();
    expect(ondeleted).not.toHaveBeenCalled();
    await user.click(screen.getByRole("button", { name: "Check" }));
    await vi.waitFor(() => expect(ondeleted).toHaveBeenCalledOnce());
    expect(calls.at(-1)).toEqual(["read_record", { resource: "stakeholder", id: record.id, answers: expect.anything() }]);
  });

  test("Check says when the stakeholder is still there", async () => {
    const { ondeleted, user } = await confirmDelete({ delete_stakeholder: throws(unknownOutcome), read_record: () => record });
    await user.click(await screen.findByRole("button", { name: "Check" }));
    expect(await screen.findByRole("status")).toHaveTextContent("was not deleted");
    expect(screen.getByRole("alertdialog")).toBeInTheDocument();
    expect(ondeleted).not.toHaveBeenCalled();
  });

  test("offline, a deletion is kept to send later and the stakeholder stays listed", async () => {
    const { handler, calls } = ipcHandler({
      delete_stakeholder: ({ id }) => queued<null>({ kind: "delete_stakeholder", id: id as string, label: null }),
    });
    mockIPC(handler);
    const ondeleted = renderDelete();
    const user = userEvent.setup();
    session.workingOffline = true;
    await vi.waitFor(() =>
      expect(trigger()).toHaveAccessibleDescription(/work offline: what you save here is kept on this computer/),
    );
    await user.click(trigger());
    const dialog = screen.getByRole("alertdialog");
    await user.click(within(dialog).getByRole("button", { name: "Delete" }));
    expect(await screen.findByRole("status")).toHaveTextContent(
      "Deleting stakeholder “Acme Distribuciones S.A.S.” is kept to send later",
    );
    expect(ondeleted).not.toHaveBeenCalled();
    expect(calls).toEqual([["delete_stakeholder", { id: record.id }]]);
  });
});
