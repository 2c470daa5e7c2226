// Pins (lib/pins.svelte.ts): the Pin toggle (aria-pressed) in a record's
// details and beside the saved views asks Rust to pin or unpin, and says
// why not (too many pinned); the navigation's "Pinned" group lists what
// Rust keeps, in its order, opens a record's details or applies a view in
// its list, and unpins from its own button, all from the keyboard; every
// change shows in the navigation at once.
import { afterEach, describe, expect, test } from "vitest";
import { render, screen, waitFor, within } from "@testing-library/svelte";
import userEvent from "@testing-library/user-event";
import { mockIPC } from "@tauri-apps/api/mocks";
import AppNav from "../src/components/app/AppNav.svelte";
import DetailPanel from "../src/components/records/DetailPanel.svelte";
import SavedViews from "../src/components/records/SavedViews.svelte";
import type { ListView, Pin, PinTarget, SavedView, UiError } from "../src/lib/bindings";
import { pins, sameTarget, targetOf } from "../src/lib/pins.svelte";
import { sectionsOf, type Screen } from "../src/lib/sections";
import { customer, CUSTOMER_ID, customerSchema, ipcHandler, schemas } from "./fixtures/forms";

const OVERDUE: SavedView = { name: "Overdue", view: {} as ListView, left_out: false };

const TOO_MANY: UiError = {
  kind: "invalid_input",
  code: "too_many_pins",
  params: { max: "30" },
  service_message: null,
  field: null,
  field_errors: {},
  retry_after_s: null,
};

/** Rust's pins, kept here: `pinned`, `pin` (titled as Rust would; refused when `full`), `unpin`; every call in `calls`. */
function rust(kept: Pin[] = [], full = false) {
  const { handler, calls } = ipcHandler({
    pinned: () => kept,
    pin: ({ target }) => {
      if (full) throw TOO_MANY;
      const pin = target as PinTarget;
      if (!kept.some((p) => sameTarget(targetOf(p), pin))) {
        kept.push(pin.kind === "record" ? { kind: "record", resource: pin.resource, result: { id: pin.id, title: "Acme Distribuciones S.A.S.", detail: [] } } : pin);
      }
      return [...kept];
    },
    unpin: ({ target }) => {
      kept = kept.filter((p) => !sameTarget(targetOf(p), target as PinTarget));
      return [...kept];
    },
    delete_view: ({ name }) => {
      kept = kept.filter((p) => !(p.kind === "view" && p.name === name));
      return { current: {}, left_out: false, saved: [] };
    },
    read_record: () => customer(),
  });
  mockIPC(handler);
  return { calls, kept: () => kept };
}

const acme: Pin = { kind: "record", resource: "customer", result: { id: CUSTOMER_ID, title: "Acme Distribuciones S.A.S.", detail: [] } };
const overdue: Pin = { kind: "view", resource: "task", name: "Overdue" };

afterEach(async () => {
  mockIPC(() => []);
  await pins.show(null);
});

function nav() {
  const went: Screen[] = [];
  render(AppNav, { props: { sections: sectionsOf(schemas), screen: { kind: "overview" }, ongo: (s: Screen) => went.push(s) } });
  return { went, user: userEvent.setup() };
}

const pinnedGroup = () => screen.queryByRole("list", { name: "Pinned" });

describe("the navigation's Pinned group", () => {
  test("is not there with nothing pinned", async () => {
    rust();
    nav();
    await pins.load();
    expect(pinnedGroup()).toBeNull();
    expect(screen.getByRole("button", { name: "Overview" })).toBeInTheDocument();
  });

  test("lists the pins first, in Rust's order; each opens its record or applies its view in its list, from the keyboard", async () => {
    rust([acme, overdue]);
    const { went, user } = nav();
    await pins.load();
    const group = await waitFor(() => pinnedGroup() as HTMLElement);
    const navigation = screen.getByRole("navigation");
    // At the top of the navigation.
    expect(within(navigation).getAllByRole("heading")[0]).toHaveTextContent("Pinned");
    const items = within(group).getAllByRole("listitem");
    expect(items.map((item) => within(item).getAllByRole("button")[0].textContent?.replace(/\s+/g, " ").trim())).toEqual([
      "Acme Distribuciones S.A.S. customer",
      "Overdue View of Tasks",
    ]);
    // Tab reaches the first pin, then its Unpin button, then the next pin.
    await user.tab();
    expect(within(items[0]).getAllByRole("button")[0]).toHaveFocus();
    await user.keyboard("{Enter}");
    await user.tab();
    expect(within(items[0]).getByRole("button", { name: "Unpin Acme Distribuciones S.A.S." })).toHaveFocus();
    await user.tab();
    await user.keyboard("{Enter}");
    expect(went).toEqual([
      { kind: "list", resource: "customer", link: { record: CUSTOMER_ID } },
      { kind: "list", resource: "task", link: { view: "Overdue" } },
    ]);
  });

  test("unpins from its own button, the focus staying in the group; the last one unpinned, the group goes", async () => {
    const { calls } = rust([acme, overdue]);
    const { user } = nav();
    await pins.load();
    const group = await waitFor(() => pinnedGroup() as HTMLElement);
    await user.click(within(group).getByRole("button", { name: "Unpin Acme Distribuciones S.A.S." }));
    expect(calls.filter(([cmd]) => cmd === "unpin")).toEqual([["unpin", { target: { kind: "record", resource: "customer", id: CUSTOMER_ID } }]]);
    await waitFor(() => expect(within(group).getAllByRole("listitem")).toHaveLength(1));
    expect(within(group).getByRole("button", { name: /^Overdue/ })).toHaveFocus();
    await user.click(within(group).getByRole("button", { name: "Unpin Overdue" }));
    await waitFor(() => expect(pinnedGroup()).toBeNull());
    // The last one gone, the focus is on the navigation's first button.
    expect(screen.getByRole("button", { name: "Overview" })).toHaveFocus();
  });
});

describe("the Pin toggle", () => {
  test("in a record's details: pressed once pinned, and the navigation shows it at once; pressed again, it unpins", async () => {
    const { calls } = rust();
    nav();
    render(DetailPanel, { props: { schema: customerSchema, row: customer(), onclose: () => {}, ondone: () => {} } });
    const user = userEvent.setup();
    const toggle = screen.getByRole("button", { name: "Pin" });
    expect(toggle).toHaveAttribute("aria-pressed", "false");
    await user.click(toggle);
    await waitFor(() => expect(toggle).toHaveAttribute("aria-pressed", "true"));
    expect(calls.filter(([cmd]) => cmd === "pin")).toEqual([["pin", { target: { kind: "record", resource: "customer", id: CUSTOMER_ID } }]]);
    const group = await waitFor(() => pinnedGroup() as HTMLElement);
    expect(within(group).getByRole("button", { name: /^Acme Distribuciones S\.A\.S\./ })).toBeInTheDocument();
    // Its name is the same pressed or not.
    expect(screen.getByRole("button", { name: "Pin" })).toBe(toggle);
    await user.click(toggle);
    await waitFor(() => expect(toggle).toHaveAttribute("aria-pressed", "false"));
    expect(calls.filter(([cmd]) => cmd === "unpin")).toHaveLength(1);
    await waitFor(() => expect(pinnedGroup()).toBeNull());
  });

  test("says why Rust refused (too many pinned), and stays unpressed", async () => {
    rust([], true);
    render(DetailPanel, { props: { schema: customerSchema, row: customer(), onclose: () => {}, ondone: () => {} } });
    const user = userEvent.setup();
    const toggle = screen.getByRole("button", { name: "Pin" });
    await user.click(toggle);
    expect(await screen.findByRole("alert")).toHaveTextContent("At most 30 records and views can be pinned. Unpin one first.");
    expect(toggle).toHaveAttribute("aria-pressed", "false");
  });

  test("beside the saved views: for the view chosen only; a view deleted leaves the navigation", async () => {
    const { calls } = rust();
    nav();
    render(SavedViews, { props: { resource: "task", saved: [OVERDUE], current: () => ({}) as ListView, onapply: () => {} } });
    const user = userEvent.setup();
    const toggle = screen.getByRole("button", { name: "Pin view" });
    expect(toggle).toBeDisabled();
    await user.selectOptions(screen.getByLabelText("Saved views"), "Overdue");
    expect(toggle).toBeEnabled();
    expect(toggle).toHaveAttribute("aria-pressed", "false");
    await user.click(toggle);
    await waitFor(() => expect(toggle).toHaveAttribute("aria-pressed", "true"));
    expect(calls.filter(([cmd]) => cmd === "pin")).toEqual([["pin", { target: { kind: "view", resource: "task", name: "Overdue" } }]]);
    const group = await waitFor(() => pinnedGroup() as HTMLElement);
    expect(within(group).getByRole("button", { name: /^Overdue/ })).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Delete view" }));
    await waitFor(() => expect(pinnedGroup()).toBeNull());
  });
});
