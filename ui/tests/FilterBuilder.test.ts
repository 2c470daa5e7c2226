import { afterEach, describe, expect, test, vi } from "vitest";
import { i18n } from "../src/lib/i18n.svelte";
import { fireEvent, screen, within } from "@testing-library/svelte";
import type { FilterSpec } from "../src/lib/bindings";
import type { FieldProblem, ListView } from "../src/lib/bindings";
import {
  byId,
  checkCalls,
  customerSchema,
  deferred,
  listCalls,
  problem,
  recordPage,
  renderList,
  rowIds,
  uiError,
} from "./fixtures/records";

afterEach(() => {
  vi.restoreAllMocks();
});

const optionTexts = (id: string) => Array.from(byId<HTMLSelectElement>(id).options).map((o) => o.textContent?.trim());

async function openFilters(user: Awaited<ReturnType<typeof renderList>>["user"]) {
  await user.click(screen.getByRole("button", { name: /^Filters/ }));
  await vi.waitFor(() => expect(document.getElementById("filter-0-field")).not.toBeNull());
}

describe("building filters", () => {
  test("Apply still applies when the check made as the typing pause ends starts after it", async () => {
    // The first check (Apply's) answers when the test says; the one made
    // as the typing pause ends is asked meanwhile and answers at once.
    const applied = deferred<Record<string, never>>();
    let checks = 0;
    const { calls, user } = await renderList({ check: () => (++checks === 1 ? applied.promise : {}) });
    await openFilters(user);
    await user.type(byId("filter-0-value"), "acme");
    await user.click(screen.getByRole("button", { name: "Apply filters" }));
    await vi.waitFor(() => expect(checkCalls(calls)).toHaveLength(2));
    applied.resolve({});
    await vi.waitFor(() => expect(listCalls(calls)).toHaveLength(2));
    expect(listCalls(calls)[1]).toMatchObject({ filters: [{ field: "name", operator: "icontains", values: ["acme"] }] });
  });

  test("or + not conditions are sent in order, folded left to right", async () => {
    const { calls, user } = await renderList();
    await openFilters(user);
    expect(byId("filter-0-field")).toHaveFocus();
    expect(document.getElementById("filter-0-join")).toBeNull(); // nothing before the first condition

    await user.type(byId("filter-0-value"), "acme");

    await user.click(screen.getByRole("button", { name: "Add filter" }));
    await user.selectOptions(byId("filter-1-join"), "or");
    await user.click(byId("filter-1-not"));
    await user.selectOptions(byId("filter-1-field"), "Total");
    await user.selectOptions(byId("filter-1-operator"), "at least");
    await user.type(byId("filter-1-value"), "1000.50");

    await user.click(screen.getByRole("button", { name: "Add filter" }));
    await user.selectOptions(byId("filter-2-field"), "Supplier name");
    await user.selectOptions(byId("filter-2-operator"), "starts with");
    await user.type(byId("filter-2-value"), "Nor");

    await user.click(screen.getByRole("button", { name: "Apply filters" }));
    await vi.waitFor(() => expect(listCalls(calls)).toHaveLength(2));
    const expected: FilterSpec[] = [
      { or: false, not: false, field: "name", operator: "icontains", values: ["acme"] },
      { or: true, not: true, field: "total", operator: "gte", values: ["1000.50"] },
      { or: false, not: false, field: "supplier__name", operator: "startswith", values: ["Nor"] },
    ];
    expect(listCalls(calls)[1]).toMatchObject({ page: 1, filters: expected });
    await vi.waitFor(() => expect(screen.getByRole("button", { name: /^Filters/ })).toHaveTextContent("Filters (3)"));
  });

  test("the operators and the value control follow the field's type", async () => {
    const { user } = await renderList();
    await openFilters(user);

    expect(optionTexts("filter-0-operator")).toEqual([
      "is",
      "is (any case)",
      "contains",
      "is one of",
      "greater than",
      "at least",
      "less than",
      "at most",
      "starts with",
      "between",
      "is empty",
    ]);
    expect(byId("filter-0-value")).toHaveAttribute("type", "text");

    await user.selectOptions(byId("filter-0-field"), "Payment authorized");
    expect(optionTexts("filter-0-operator")).toEqual(["is", "is one of", "is empty"]);
    expect(optionTexts("filter-0-value")).toEqual(["Yes", "No"]);

    await user.selectOptions(byId("filter-0-field"), "Custom fields");
    expect(optionTexts("filter-0-operator")).toEqual(["is empty"]);
    expect(optionTexts("filter-0-value")).toEqual(["is empty", "has a value"]);

    await user.selectOptions(byId("filter-0-field"), "Total");
    expect(optionTexts("filter-0-operator")).not.toContain("contains");
    expect(byId("filter-0-value")).toHaveAttribute("inputmode", "decimal");

    await user.selectOptions(byId("filter-0-field"), "Invoice number");
    expect(byId("filter-0-value")).toHaveAttribute("type", "number");
    expect(byId("filter-0-value")).toHaveAttribute("step", "1");

    await user.selectOptions(byId("filter-0-field"), "Issue date");
    expect(byId("filter-0-value")).toHaveAttribute("type", "datetime-local");

    await user.selectOptions(byId("filter-0-field"), "Operation status");
    expect(optionTexts("filter-0-value")).toEqual(["PR Provisional", "CO Complete", "ER Error"]);
  });

  test("a calendar date field gets a date input and sends the date as typed", async () => {
    const { calls, user } = await renderList({ schema: customerSchema });
    await openFilters(user);
    await user.selectOptions(byId("filter-0-field"), "Customer since");
    await user.selectOptions(byId("filter-0-operator"), "between");
    expect(byId("filter-0-from")).toHaveAttribute("type", "date");
    await fireEvent.input(byId("filter-0-from"), { target: { value: "2024-01-01" } });
    await fireEvent.input(byId("filter-0-to"), { target: { value: "2024-12-31" } });
    await user.click(screen.getByRole("button", { name: "Apply filters" }));
    await vi.waitFor(() => expect(listCalls(calls)).toHaveLength(2));
    expect(listCalls(calls)[1].filters).toEqual([
      { or: false, not: false, field: "customer_since", operator: "range", values: ["2024-01-01", "2024-12-31"] },
    ]);
  });

  test("a relative period is kept as a period, shows the dates Rust works out for it, and reads back", async () => {
    const dated = (view: ListView): ListView => ({
      ...view,
      filters: view.filters?.map((f) =>
        f.values[0] === "@this_month" ? { ...f, values: ["2026-11-01", "2026-11-30"] } : f.values[0] === "@last_7_days" ? { ...f, values: ["2026-11-20"] } : f,
      ),
    });
    const { calls, user } = await renderList({ schema: customerSchema, dated });
    await openFilters(user);
    await user.selectOptions(byId("filter-0-field"), "Customer since");
    await user.selectOptions(byId("filter-0-operator"), "between");
    expect(optionTexts("filter-0-period")).toEqual([
      "Dates",
      "today",
      "yesterday",
      "this week",
      "this month",
      "last month",
      "this year",
      "the last N days",
    ]);
    await user.selectOptions(byId("filter-0-period"), "this month");
    expect(document.getElementById("filter-0-from")).toBeNull();
    expect(await screen.findByText("Now: Nov 1, 2026 – Nov 30, 2026")).toBeInTheDocument();
    expect(screen.getByText(/Shows rows where \(Customer since this month\)/)).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Apply filters" }));
    await vi.waitFor(() => expect(listCalls(calls)).toHaveLength(2));
    // The view keeps the period: opened next month, it means next month.
    expect(listCalls(calls)[1].filters).toEqual([
      { or: false, not: false, field: "customer_since", operator: "range", values: ["@this_month"] },
    ]);

    await user.selectOptions(byId("filter-0-operator"), "at least");
    await user.selectOptions(byId("filter-0-period"), "the last N days");
    await user.clear(byId("filter-0-days"));
    await user.type(byId("filter-0-days"), "7");
    expect(await screen.findByText("Now: Nov 20, 2026")).toBeInTheDocument();
    expect(screen.getByText(/Customer since at least the last 7 days/)).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Apply filters" }));
    await vi.waitFor(() => expect(listCalls(calls)).toHaveLength(3));
    expect(listCalls(calls)[2].filters?.[0].values).toEqual(["@last_7_days"]);
  });

  test("on a text field a value starting with @ is a value like any other", async () => {
    const { calls, user } = await renderList();
    await openFilters(user);
    expect(document.getElementById("filter-0-period")).toBeNull();
    await user.type(byId("filter-0-value"), "@today");
    await user.click(screen.getByRole("button", { name: "Apply filters" }));
    await vi.waitFor(() => expect(listCalls(calls)).toHaveLength(2));
    expect(listCalls(calls)[1].filters).toEqual([{ or: false, not: false, field: "name", operator: "icontains", values: ["@today"] }]);
    // Reopened, it reads back as the value typed.
    await user.click(screen.getByRole("button", { name: /^Filters/ }));
    await user.click(screen.getByRole("button", { name: /^Filters/ }));
    expect(await vi.waitFor(() => byId("filter-0-value"))).toHaveValue("@today");
  });

  test("'is one of' on a choice field uses one chip per code", async () => {
    const { calls, user } = await renderList();
    await openFilters(user);
    await user.selectOptions(byId("filter-0-field"), "Operation status");
    await user.selectOptions(byId("filter-0-operator"), "is one of");
    expect(screen.getByLabelText("PR Provisional")).toHaveAttribute("id", "filter-0-choice-PR");
    // The code chosen before carries over.
    expect(screen.getByLabelText("PR Provisional")).toBeChecked();
    await user.click(screen.getByLabelText("ER Error"));
    await user.click(screen.getByRole("button", { name: "Apply filters" }));
    await vi.waitFor(() => expect(listCalls(calls)).toHaveLength(2));
    expect(listCalls(calls)[1].filters).toEqual([
      { or: false, not: false, field: "operation_status", operator: "in", values: ["PR", "ER"] },
    ]);
  });

  test("'is one of' on text takes one value per line or ';', and says so", async () => {
    const { calls, user } = await renderList();
    await openFilters(user);
    await user.selectOptions(byId("filter-0-operator"), "is one of");
    const list = byId("filter-0-value");
    expect(list).toHaveAccessibleDescription(/One value per line, or separate them with “;”/);
    await user.type(list, "FP-1{Enter}FP-2; FP-3");
    await user.click(screen.getByRole("button", { name: "Apply filters" }));
    await vi.waitFor(() => expect(listCalls(calls)).toHaveLength(2));
    expect(listCalls(calls)[1].filters?.[0].values).toEqual(["FP-1", "FP-2", "FP-3"]);
  });
});

describe("checks before sending", () => {
  test("the engine's reasons are shown beside the condition on Apply, focus goes there, and nothing is sent", async () => {
    const { calls, user } = await renderList({
      check: (view) => {
        const [low, high] = view.filters?.[0]?.values ?? [];
        if (!high) return { "filters.0": [problem("range_ends")] };
        if (high === "12x.5") return { "filters.0": [problem("not_a_number", { value: high })] };
        if (low === "100" && high === "99") return { "filters.0": [problem("range_order")] };
        return {};
      },
    });
    await openFilters(user);
    await user.selectOptions(byId("filter-0-field"), "Total");
    await user.selectOptions(byId("filter-0-operator"), "between");
    expect(screen.getByLabelText("From")).toHaveAttribute("id", "filter-0-from");
    expect(screen.getByLabelText("To")).toHaveAttribute("id", "filter-0-to");
    await user.type(byId("filter-0-from"), "100");
    await user.click(screen.getByRole("button", { name: "Apply filters" }));
    await vi.waitFor(() => expect(document.getElementById("filter-0-error")).not.toBeNull());
    expect(byId("filter-0-error")).toHaveTextContent("Enter both ends of the range: from and to.");
    expect(byId("filter-0-to")).toHaveAttribute("aria-invalid", "true");
    expect(byId("filter-0-to")).toHaveAccessibleDescription(/Enter both ends of the range/);
    // The engine was asked about the view as it would be sent.
    expect(checkCalls(calls).at(-1)?.filters).toEqual([
      { or: false, not: false, field: "total", operator: "range", values: ["100", ""] },
    ]);

    await user.type(byId("filter-0-to"), "12x.5");
    await user.click(screen.getByRole("button", { name: "Apply filters" }));
    await vi.waitFor(() => expect(byId("filter-0-error")).toHaveTextContent("Enter a number (“12x.5” is not one)."));

    await user.clear(byId("filter-0-to"));
    await user.type(byId("filter-0-to"), "99");
    await user.click(screen.getByRole("button", { name: "Apply filters" }));
    await vi.waitFor(() =>
      expect(byId("filter-0-error")).toHaveTextContent("The range starts after it ends: “from” must not be later than “to”."),
    );

    expect(listCalls(calls)).toHaveLength(1); // only the first page
    expect(byId<HTMLInputElement>("filter-0-from").value).toBe("100");
    expect(byId<HTMLInputElement>("filter-0-to").value).toBe("99");

    await user.clear(byId("filter-0-to"));
    await user.type(byId("filter-0-to"), "2500.75");
    await user.click(screen.getByRole("button", { name: "Apply filters" }));
    await vi.waitFor(() => expect(listCalls(calls)).toHaveLength(2));
    expect(listCalls(calls)[1].filters?.[0].values).toEqual(["100", "2500.75"]);
    expect(document.getElementById("filter-0-error")).toBeNull();
  });

  test("a number written another way than the locale's is refused beside the condition, with how to write it", async () => {
    const { calls, user } = await renderList({
      check: (view) => {
        const value = view.filters?.[0]?.values[0] ?? "";
        return value === "123456789012345"
          ? { "filters.0": [problem("decimal_bounds", { value, before: "14", after: "6" })] }
          : {};
      },
    });
    await openFilters(user);
    await user.selectOptions(byId("filter-0-field"), "Total");
    await user.selectOptions(byId("filter-0-operator"), "at least");
    await user.type(byId("filter-0-value"), "1234,5"); // en-US: the comma groups thousands, in threes
    await user.click(screen.getByRole("button", { name: "Apply filters" }));
    await vi.waitFor(() =>
      expect(byId("filter-0-error")).toHaveTextContent(
        "Write numbers as 1,234,567.89: “,” separates thousands, in groups of three, and “.” the decimals.",
      ),
    );
    expect(byId("filter-0-value")).toHaveAccessibleDescription(/Write numbers as 1,234,567\.89/);
    expect(byId("filter-0-value")).toHaveFocus();

    await user.clear(byId("filter-0-value"));
    await user.type(byId("filter-0-value"), "123,456,789,012,345");
    await user.click(screen.getByRole("button", { name: "Apply filters" }));
    await vi.waitFor(() =>
      expect(byId("filter-0-error")).toHaveTextContent(
        "Enter at most 14 digits before the decimal point and 6 after it (“123456789012345” has more).",
      ),
    );
    expect(listCalls(calls)).toHaveLength(1);

    await user.clear(byId("filter-0-value"));
    await user.type(byId("filter-0-value"), "1,234.50");
    await user.click(screen.getByRole("button", { name: "Apply filters" }));
    await vi.waitFor(() => expect(listCalls(calls)).toHaveLength(2));
    expect(listCalls(calls)[1].filters?.[0].values).toEqual(["1234.50"]);
  });

  test("where the locale writes 1.234,5 the comma is the decimal separator and the dot groups thousands", async () => {
    i18n.use("system", ["de-DE"]);
    const { calls, user } = await renderList();
    await openFilters(user);
    await user.selectOptions(byId("filter-0-field"), "Total");
    await user.selectOptions(byId("filter-0-operator"), "between");
    await user.type(byId("filter-0-from"), "1000.5"); // de-DE: the dot groups thousands, so this is no number
    await user.type(byId("filter-0-to"), "2.500,75");
    await user.click(screen.getByRole("button", { name: "Apply filters" }));
    expect(byId("filter-0-error")).toHaveTextContent("From: Write numbers as 1.234.567,89");
    await user.clear(byId("filter-0-from"));
    await user.type(byId("filter-0-from"), "1.000"); // one thousand, grouped
    await user.click(screen.getByRole("button", { name: "Apply filters" }));
    await vi.waitFor(() => expect(listCalls(calls)).toHaveLength(2));
    expect(listCalls(calls)[1].filters?.[0].values).toEqual(["1000", "2500.75"]);
  });

  test("as the user types, the engine's reasons appear after a pause; “not finished yet” waits for Apply", async () => {
    const { calls, user } = await renderList({
      check: (view) => {
        const value = view.filters?.[0]?.values[0] ?? "";
        if (value === "") return { "filters.0": [problem("no_value")] };
        if (value.includes(".")) return { "filters.0": [problem("not_an_integer", { value })] };
        return {};
      },
    });
    await openFilters(user);
    await user.selectOptions(byId("filter-0-field"), "Invoice number");
    await user.type(byId("filter-0-value"), "1.5");
    // No Apply: the reason comes once typing pauses.
    await vi.waitFor(() => expect(byId("filter-0-error")).toHaveTextContent("Enter a whole number (“1.5” is not one)."));
    expect(byId("filter-0-value")).toHaveFocus(); // the user's caret stays where it is
    // An empty value is not finished yet, not wrong: the reason goes away.
    await user.clear(byId("filter-0-value"));
    await vi.waitFor(() => expect(document.getElementById("filter-0-error")).toBeNull());
    expect(checkCalls(calls).at(-1)?.filters?.[0].values).toEqual([""]);
    // Apply says it.
    await user.click(screen.getByRole("button", { name: "Apply filters" }));
    await vi.waitFor(() => expect(byId("filter-0-error")).toHaveTextContent("Enter a value."));
    expect(byId("filter-0-value")).toHaveFocus();
    expect(listCalls(calls)).toHaveLength(1);
  });

  test("an answer about conditions since edited is dropped", async () => {
    const answers: { view: ListView; reply: (problems: Record<string, FieldProblem[]>) => void }[] = [];
    const { user } = await renderList({
      check: (view) => {
        const answer = deferred<Record<string, FieldProblem[]>>();
        answers.push({ view, reply: answer.resolve });
        return answer.promise;
      },
    });
    await openFilters(user);
    await user.selectOptions(byId("filter-0-field"), "Invoice number");
    await user.type(byId("filter-0-value"), "1.5");
    await vi.waitFor(() => expect(answers.at(-1)?.view.filters?.[0].values).toEqual(["1.5"]));
    const slow = answers.length - 1;
    await user.clear(byId("filter-0-value"));
    await user.type(byId("filter-0-value"), "15");
    await vi.waitFor(() => expect(answers.at(-1)?.view.filters?.[0].values).toEqual(["15"]));
    answers.at(-1)?.reply({});
    // The answer about "1.5" comes last: it no longer describes the condition.
    answers[slow].reply({ "filters.0": [problem("not_an_integer", { value: "1.5" })] });
    await user.click(screen.getByRole("button", { name: "Apply filters" }));
    await vi.waitFor(() => expect(answers.at(-1)?.view.filters?.[0].values).toEqual(["15"]));
    expect(document.getElementById("filter-0-error")).toBeNull();
    answers.at(-1)?.reply({});
  });

  test("backend errors for filters.1 appear beside condition 2, and what was typed stays", async () => {
    const { calls, user, container } = await renderList({
      list: (view) => {
        if ((view.filters ?? []).length > 0) {
          throw uiError("invalid_input", "Some conditions can't be used.", {
            field_errors: {
              "filters.1": [{ source: "check", code: "not_a_uuid", values: { value: "not-a-uuid" } }],
            },
          });
        }
        return recordPage(view.page, 45);
      },
    });
    await openFilters(user);
    await user.type(byId("filter-0-value"), "acme");
    await user.click(screen.getByRole("button", { name: "Add filter" }));
    await user.selectOptions(byId("filter-1-field"), "Supplier");
    await user.selectOptions(byId("filter-1-operator"), "is");
    await user.type(byId("filter-1-value"), "not-a-uuid");
    await user.click(screen.getByRole("button", { name: "Apply filters" }));

    expect(await screen.findByRole("alert")).toHaveTextContent("Some conditions can't be used.");
    expect(byId("filter-1-error")).toHaveTextContent("“not-a-uuid” is not a valid record ID.");
    expect(document.getElementById("filter-0-error")).toBeNull();
    expect(byId("filter-1-value")).toHaveAttribute("aria-invalid", "true");
    expect(byId<HTMLInputElement>("filter-1-value").value).toBe("not-a-uuid");
    expect(byId<HTMLInputElement>("filter-0-value").value).toBe("acme");
    expect(rowIds(container)).toHaveLength(20); // the last good page stays
    expect(listCalls(calls)).toHaveLength(2);
  });

  test("the service's own reason for a condition is shown beside it as it came, marked as the service's, in each language", async () => {
    for (const [language, locale, apply, said] of [
      ["en", "en-US", "Apply filters", "The service said:"],
      ["es", "es-CO", "Aplicar filtros", "El servicio respondió:"],
    ] as const) {
      i18n.use(language, [locale]);
      const { user, unmount } = await renderList({
        list: (view) => {
          if ((view.filters ?? []).length > 0) {
            throw uiError("invalid_input", "The service refused the request.", {
              field_errors: { "filters.0": [{ source: "service", message: "Select a valid choice" }] },
            });
          }
          return recordPage(view.page, 45);
        },
      });
      await user.click(screen.getByRole("button", { name: language === "en" ? /^Filters/ : /^Filtros/ }));
      await vi.waitFor(() => expect(document.getElementById("filter-0-value")).not.toBeNull());
      await user.type(byId("filter-0-value"), "acme");
      await user.click(screen.getByRole("button", { name: apply }));
      await vi.waitFor(() => expect(document.getElementById("filter-0-error")).not.toBeNull());
      // Its words once, quoted, with the full stop the sentence needs (none doubled).
      expect(byId("filter-0-error")).toHaveTextContent(new RegExp(`^⚠\\s*${said} “Select a valid choice”\\.$`));
      expect(byId("filter-0-value")).toHaveAccessibleDescription(`${said} “Select a valid choice”.`);
      unmount();
    }
  });

  test("the service's reason stays beside its condition until that condition is edited", async () => {
    const { user } = await renderList({
      check: (view) => {
        const value = view.filters?.[0]?.values[0] ?? "";
        return value.includes(",") ? { "filters.0": [problem("comma_in_item", { value })] } : {};
      },
      list: (view) => {
        if ((view.filters ?? []).length > 0) {
          throw uiError("invalid_input", "The service refused the request.", {
            field_errors: { "filters.1": [{ source: "service", message: "Unknown supplier" }] },
          });
        }
        return recordPage(view.page, 45);
      },
    });
    await openFilters(user);
    await user.type(byId("filter-0-value"), "acme");
    await user.click(screen.getByRole("button", { name: "Add filter" }));
    await user.type(byId("filter-1-value"), "nor");
    await user.click(screen.getByRole("button", { name: "Apply filters" }));
    await vi.waitFor(() => expect(byId("filter-1-error")).toHaveTextContent("Unknown supplier"));
    // Another condition changes: the engine's reason comes beside it, the service's stays.
    await user.clear(byId("filter-0-value"));
    await user.type(byId("filter-0-value"), "acme, inc");
    await vi.waitFor(() => expect(document.getElementById("filter-0-error")).not.toBeNull());
    expect(byId("filter-0-error")).toHaveTextContent("contains a comma");
    expect(byId("filter-1-error")).toHaveTextContent("The service said: “Unknown supplier”.");
    // Its own condition changes: the service has not judged that one.
    await user.type(byId("filter-1-value"), "d");
    await vi.waitFor(() => expect(document.getElementById("filter-1-error")).toBeNull());
    expect(byId("filter-0-error")).toHaveTextContent("contains a comma");
  });

  test("removing a condition keeps the others and their errors in place", async () => {
    const { user } = await renderList({
      check: (view) =>
        Object.fromEntries(
          (view.filters ?? []).flatMap((f, i) => (f.values[0] === "" ? [[`filters.${i}`, [problem("no_value")]]] : [])),
        ),
    });
    await openFilters(user);
    await user.type(byId("filter-0-value"), "first");
    await user.click(screen.getByRole("button", { name: "Add filter" }));
    await user.click(screen.getByRole("button", { name: "Add filter" }));
    await user.type(byId("filter-2-value"), "third");
    await user.click(screen.getByRole("button", { name: "Apply filters" }));
    await vi.waitFor(() => expect(byId("filter-1-error")).toHaveTextContent("Enter a value."));
    await user.click(screen.getByRole("button", { name: "Remove condition 1" }));
    expect(byId<HTMLInputElement>("filter-0-value").value).toBe("");
    expect(byId("filter-0-error")).toHaveTextContent("Enter a value.");
    expect(byId<HTMLInputElement>("filter-1-value").value).toBe("third");
  });
});

describe("reading the conditions back", () => {
  test("the grouping of and/or is spelled out under the conditions as they are edited", async () => {
    const { user, container } = await renderList();
    await openFilters(user);
    const readback = () => container.querySelector("p.filter-readback");
    expect(readback()).toHaveTextContent("Shows rows where (Name contains …)");

    await user.selectOptions(byId("filter-0-field"), "Operation status");
    await user.selectOptions(byId("filter-0-operator"), "is one of");
    await user.click(screen.getByLabelText("PR Provisional")); // carried over: untick
    await user.click(screen.getByLabelText("ER Error"));
    await user.click(screen.getByRole("button", { name: "Add filter" }));
    await user.selectOptions(byId("filter-1-join"), "or");
    await user.click(byId("filter-1-not"));
    await user.selectOptions(byId("filter-1-field"), "Total");
    await user.selectOptions(byId("filter-1-operator"), "at least");
    await user.type(byId("filter-1-value"), "1000");
    expect(readback()?.textContent).toBe(
      "Shows rows where ((Operation status is one of Error) or not (Total at least 1000))",
    );

    await user.click(screen.getByRole("button", { name: "Add filter" }));
    await user.selectOptions(byId("filter-2-field"), "Payment authorized");
    expect(readback()?.textContent).toBe(
      "Shows rows where (((Operation status is one of Error) or not (Total at least 1000)) and (Payment authorized is Yes))",
    );
    // It sits under the conditions, before the buttons.
    const form = container.querySelector("form.filter-builder")!;
    const conditions = form.querySelectorAll("fieldset.condition");
    expect(conditions[conditions.length - 1].compareDocumentPosition(readback()!)).toBe(Node.DOCUMENT_POSITION_FOLLOWING);
    expect(
      readback()!.compareDocumentPosition(within(form as HTMLElement).getByRole("button", { name: "Apply filters" })),
    ).toBe(Node.DOCUMENT_POSITION_FOLLOWING);

    await user.click(screen.getByRole("button", { name: "Remove condition 1" }));
    expect(readback()?.textContent).toBe("Shows rows where (not (Total at least 1000) and (Payment authorized is Yes))");
  });
});

describe("opening and clearing", () => {
  test("Ctrl+Shift+F and '/' open the builder with a first condition and focus it", async () => {
    const { user } = await renderList();
    await user.keyboard("{Control>}{Shift>}F{/Shift}{/Control}");
    await vi.waitFor(() => expect(byId("filter-0-field")).toHaveFocus());
    await user.click(screen.getByRole("button", { name: /^Filters/ })); // close
    expect(document.getElementById("filter-0-field")).toBeNull();
    (document.activeElement as HTMLElement | null)?.blur();
    await user.keyboard("/");
    await vi.waitFor(() => expect(byId("filter-0-field")).toHaveFocus());
    // The condition was kept while closed, not added twice.
    expect(document.getElementById("filter-1-field")).toBeNull();
  });

  test("'/' typed in a text field is just a character", async () => {
    const { user } = await renderList();
    await user.click(screen.getByRole("button", { name: "Save view…" }));
    await user.type(screen.getByLabelText("View name"), "a/b");
    expect(screen.getByLabelText("View name")).toHaveValue("a/b");
    expect(document.getElementById("filter-0-field")).toBeNull();
  });

  test("Clear filters drops every condition and reloads without them", async () => {
    const { calls, user } = await renderList({
      current: {
        page: 3,
        take: 20,
        fields: null,
        sort: [],
        filters: [{ field: "name", operator: "icontains", values: ["acme"] }],
      },
    });
    const toggle = screen.getByRole("button", { name: /^Filters/ });
    expect(toggle).toHaveTextContent("Filters (1)");
    await user.click(toggle);
    expect(byId<HTMLInputElement>("filter-0-value").value).toBe("acme");
    await user.click(screen.getByRole("button", { name: "Clear filters" }));
    await vi.waitFor(() => expect(listCalls(calls)).toHaveLength(2));
    expect(listCalls(calls)[1]).toMatchObject({ page: 1, filters: [] });
    expect(document.getElementById("filter-0-field")).toBeNull();
    await vi.waitFor(() => expect(toggle).toHaveTextContent(/^Filters$/));
    expect(within(toggle).queryByText(/\(/)).toBeNull();
  });
});
