// The forms' rules, apart from their screens: the lead editor's fields
// (lead-fields.ts), the task form's draft (task-fields.ts) and the
// document types and locations the stakeholder form offers
// (used-choices.svelte.ts).
import { describe, expect, test } from "vitest";
import { checkField, emptyValues, holds, isChanged, patchValue, textOf, valuesOf } from "../src/components/forms/lead-fields";
import { EMPTY, GROUPS, draftOf, specOf } from "../src/components/forms/task-fields";
import { UsedChoices } from "../src/components/forms/used-choices.svelte";
import { BOGOTA, CC, lead, MEDELLIN, NIT, uuid } from "./fixtures/forms";

describe("the lead's fields", () => {
  test("shown as text, changed only when the value differs (IDs whatever their case, JSON by value)", () => {
    const l = lead({ status: "new", custom_fields: { a: 1 } });
    const values = valuesOf(l);
    expect(values.status).toBe("new");
    expect(textOf(l, "custom_fields")).toContain('"a"');
    expect(isChanged("status", " new ", l)).toBe(false);
    expect(isChanged("status", "won", l)).toBe(true);
    expect(isChanged("custom_fields", '{ "a": 1 }', l)).toBe(false);
    expect(isChanged("custom_fields", "{", l)).toBe(true);
    const company = l.company ?? "";
    expect(isChanged("company", company.toUpperCase(), l)).toBe(false);
    expect(emptyValues().status).toBe("");
  });

  test("an emptied field is sent as null; a lead holds what was sent", () => {
    expect(patchValue("source", "  ")).toBeNull();
    expect(patchValue("source", " Web ")).toBe("Web");
    expect(patchValue("custom_fields", '{"b":2}')).toEqual({ b: 2 });
    const l = lead({ source: "Web", custom_fields: { b: 2 } });
    expect(holds(l, "source", "Web ")).toBe(true);
    expect(holds(l, "custom_fields", { b: 2 })).toBe(true);
    expect(holds(l, "source", "Ads")).toBe(false);
  });

  test("each input's check", () => {
    expect(checkField("company", "")).toBeNull();
    expect(checkField("company", "not an id")).toMatch(/Company/);
    expect(checkField("custom_fields", "{")).not.toBeNull();
    expect(checkField("source", "x".repeat(5000))).toBeNull();
    expect(checkField("status", "x".repeat(5000))).not.toBeNull();
  });
});

describe("the task's draft", () => {
  test("every input once, in its group; local times as instants", () => {
    expect(GROUPS.flatMap((g) => g.fields).map((f) => f.key).sort()).toEqual(Object.keys(EMPTY).sort());
    expect(specOf("priority").kind).toBe("integer");
    const draft = draftOf({ ...EMPTY, title: "Call", start: "2026-01-02T10:00" });
    expect(draft.title).toBe("Call");
    expect(draft.start).toBe("2026-01-02T15:00:00.000Z");
    expect(draft.expiry).toBeNull();
  });
});

describe("what the stakeholders already use", () => {
  test("document types by name, twins told apart; locations, the most used first", () => {
    const used = new UsedChoices();
    const twin = uuid(9, "33333333-3333-4333-8333");
    used.remember([
      { document_type: NIT, document_type_name: "NIT", geographic_location: BOGOTA },
      { document_type: CC, document_type_name: "Cédula", geographic_location: MEDELLIN },
      { document_type: NIT.toUpperCase(), document_type_name: "NIT", geographic_location: MEDELLIN },
    ]);
    expect(used.types.map((t) => t.name)).toEqual(["Cédula", "NIT"]);
    expect(used.locations).toEqual([
      { id: MEDELLIN, count: 2 },
      { id: BOGOTA, count: 1 },
    ]);
    expect(used.typeLabel(used.types[1])).toBe("NIT");
    used.remember([{ document_type: twin, document_type_name: "NIT", geographic_location: null }]);
    expect(used.types.map((t) => used.typeLabel(t))).toEqual(["Cédula", `NIT (${NIT.slice(0, 8)}…)`, `NIT (${twin.slice(0, 8)}…)`]);
  });
});
