// The first screen run once off screen while the first-run form waits
// (components/records/warm-up.ts): it must leave the page as it was, ask
// Rust nothing, and give the table rows to render.
import { describe, expect, test } from "vitest";
import { mockIPC } from "@tauri-apps/api/mocks";
import { render } from "@testing-library/svelte";
import RecordTable from "../src/components/records/RecordTable.svelte";
import { listCreated, sampleRecords, warmUp } from "../src/components/records/warm-up";
import { RUST_SCHEMAS } from "./fixtures/operators";

describe("the first screen's warm-up", () => {
  test("renders each resource's first screen and leaves nothing behind, asking Rust nothing", async () => {
    const asked: string[] = [];
    mockIPC((cmd) => {
      asked.push(cmd);
      return undefined;
    });
    const before = document.body.innerHTML;
    performance.clearMeasures();
    for (const schema of RUST_SCHEMAS) await warmUp(RUST_SCHEMAS, schema);
    expect(document.body.innerHTML).toBe(before);
    expect(document.querySelector(".warm-up")).toBeNull();
    expect(asked).toEqual([]);
    // Each of its seven parts (navigation, status bar, columns, saved views, table, totals, pager) ran, in a task of its own.
    expect(performance.getEntriesByName("workdesk:warm-up")).toHaveLength(7 * RUST_SCHEMAS.length);
  });

  test("its sample records are the service's shapes: a value of each field's kind, an id per row, no references", () => {
    for (const schema of RUST_SCHEMAS) {
      const records = sampleRecords(schema);
      expect(new Set(records.map((r) => r.id)).size).toBe(records.length);
      for (const field of schema.fields) {
        const values = records.map((r) => r[field.name]);
        const expected: Record<string, (v: unknown) => boolean> = {
          string: (v) => typeof v === "string",
          uuid: (v) => (field.name === "id" ? typeof v === "string" && /^[0-9a-f-]{36}$/.test(v) : v === null),
          integer: (v) => Number.isInteger(v),
          decimal: (v) => typeof v === "string" && /^-?\d+\.\d+$/.test(v),
          date_time: (v) => typeof v === "string" && !Number.isNaN(Date.parse(v)),
          date: (v) => typeof v === "string" && /^\d{4}-\d{2}-\d{2}$/.test(v),
          boolean: (v) => typeof v === "boolean",
          choice: (v) => field.choices.includes(v as string),
          json: (v) => v === null,
        };
        expect(values.every(expected[field.kind]), `${schema.resource}.${field.name} (${field.kind})`).toBe(true);
      }
    }
  });

  test("the table renders the sample's rows, a window's worth, with a value in each default column but references", () => {
    for (const schema of RUST_SCHEMAS) {
      const records = sampleRecords(schema);
      const { container, unmount } = render(RecordTable, {
        schema,
        columns: schema.default_columns,
        records,
        sort: [],
        busy: false,
        caption: "",
        emptyText: "",
        onsort: () => {},
        onopen: () => {},
      });
      const rows = container.querySelectorAll("tbody tr[data-id]");
      expect(rows.length, schema.resource).toBeGreaterThan(10);
      const cells = [...rows[0].querySelectorAll("th, td")].map((cell) => cell.textContent?.trim() ?? "");
      expect(cells).toHaveLength(schema.default_columns.length);
      schema.default_columns.forEach((name, i) => {
        const kind = schema.fields.find((f) => f.name === name)?.kind;
        const empty = kind === "json" || (kind === "uuid" && name !== "id");
        expect(cells[i] !== "", `${schema.resource}.${name}`).toBe(!empty);
      });
      unmount();
    }
  });

  // Last: the module remembers that a list was created.
  test("stops once a list is created: that list's code has run", async () => {
    performance.clearMeasures();
    listCreated();
    await warmUp(RUST_SCHEMAS, RUST_SCHEMAS[0]);
    expect(performance.getEntriesByName("workdesk:warm-up")).toHaveLength(0);
  });
});
