// One bad value loses that value, never the page: a field the backend
// could not read (marked under `__unreadable`) shows as unreadable in its
// cell and in the details, the rest of the record as sent; a service's
// absurd count never makes the pager ask for a page past what a request
// can carry.
import { expect, test, vi } from "vitest";
import { screen } from "@testing-library/svelte";
import { MAX_PAGE } from "../src/lib/columns";
import { invoiceRecord, listCalls, recordPage, renderList } from "./fixtures/records";

test("an unreadable value is marked in its cell and in the details; the record still shows", async () => {
  const bad = invoiceRecord(1, { total: null, __unreadable: { total: "number out of range" } });
  const { user, container } = await renderList({
    list: (view) => recordPage(view.page, 45, 20, (n) => (n === 1 ? bad : invoiceRecord(n))),
    get: () => bad,
  });
  const first = container.querySelector<HTMLElement>("tbody tr[data-id]")!;
  expect(first.querySelector("th")).toHaveTextContent("FP-2025-000001");
  const marked = [...first.querySelectorAll("td")].find((cell) => cell.textContent === "Unreadable value")!;
  expect(marked).toHaveClass("unreadable");
  expect(marked).toHaveAttribute("title", "number out of range");
  // The other rows read as always.
  expect(container.querySelectorAll("tbody .unreadable")).toHaveLength(1);

  await user.click(first.querySelector("th")!);
  const panel = await screen.findByRole("dialog");
  await vi.waitFor(() => expect(panel.querySelector("[data-field='total'] .unreadable")).not.toBeNull());
  expect(panel.querySelector("[data-field='name'] dd")).toHaveTextContent("FP-2025-000001");
  // The mark itself is not one of the record's fields.
  expect(panel.querySelector("[data-field='__unreadable']")).toBeNull();
});

test("a count of 2^53 - 1 keeps the pager within the largest page a request can carry", async () => {
  const count = Number.MAX_SAFE_INTEGER;
  const { user, calls } = await renderList({ list: (view) => ({ ...recordPage(1, 20), count, next: null, page: view.page }) });
  await user.click(screen.getByRole("button", { name: "Last page" }));
  await vi.waitFor(() => expect(listCalls(calls)).toHaveLength(2));
  expect(listCalls(calls)[1].page).toBe(MAX_PAGE);
});
