// A column's width when the user set none (column-width.ts): its widest
// likely value on the page, found among the page's longest values.
import { describe, expect, test } from "vitest";
import { columnWidth } from "../src/components/records/column-width";
import type { FieldSchema } from "../src/lib/bindings";
import type { JsonRecord } from "../src/lib/ipc";

const field = { name: "name", kind: "string" } as unknown as FieldSchema;
const col = { name: "name", field, label: "Name" };
const page = (names: string[]) => names.map((name, i) => ({ id: String(i), name }));

describe("a column's width", () => {
  test("follows the longest value wherever it is on the page", () => {
    const names = Array.from({ length: 200 }, (_, i) => `Supplier ${i}`);
    const long = "Distribuciones Alimentarias del Mediterráneo";
    for (const at of [0, 57, 199]) {
      const withLong = names.with(at, long);
      expect(columnWidth(col, page(withLong), null)).toBe(columnWidth(col, page([long]), null));
    }
  });

  test("is the same whatever the page's order", () => {
    const names = ["Ana", "Distribuciones Norte", "Bo", "Consultoría Pérez e Hijos", "Eva", "Ferretería"];
    expect(columnWidth(col, page(names), null)).toBe(columnWidth(col, page([...names].reverse()), null));
  });

  test("ignores empty values", () => {
    const records: JsonRecord[] = [{ id: "1", name: null }, { id: "2", name: "Ana" }, { id: "3" }];
    expect(columnWidth(col, records, null)).toBe(columnWidth(col, page(["Ana"]), null));
  });
});
