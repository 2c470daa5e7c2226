// The forms' fields, apart from their screens: the lead editor's
// (lead-fields.ts), the task form's draft (task-fields.ts), the stakeholder
// form's draft (stakeholder-fields.ts) and the document types and
// locations in use it offers (related-pickers.ts). Their rules are Rust's
// (check_lead, check_task, check_stakeholder), tested there.
import { describe, expect, test } from "vitest";
import { KEYS, draftOf as leadDraft, emptyValues, patchKeys, sentValues, textOf, valuesOf, worded, wrongKeys } from "../src/components/forms/lead-fields";
import { draftOf as stakeholderDraft, worded as stakeholderWorded } from "../src/components/forms/stakeholder-fields";
import { EMPTY, GROUPS, draftOf, specOf } from "../src/components/forms/task-fields";
import { distinctIds, relatedSource } from "../src/components/forms/related-pickers";
import type { JsonRecord } from "../src/lib/ipc";
import { RUST_SCHEMAS } from "./fixtures/operators";
import { BOGOTA, CC, lead, MEDELLIN, NIT } from "./fixtures/forms";

describe("the lead's fields", () => {
  test("shown as text; read by check_lead as typed", () => {
    const l = lead({ status: "new", custom_fields: { a: 1 }, person: null });
    const values = valuesOf(l);
    expect(values.status).toBe("new");
    expect(values.person).toBe("");
    expect(textOf(l, "custom_fields")).toBe('{\n  "a": 1\n}');
    expect(emptyValues().status).toBe("");
    // Nothing is trimmed or judged here: that is Rust's.
    const typed = { ...values, status: "  won ", company: "ACME" };
    expect(leadDraft(typed)).toEqual(typed);
    expect(Object.keys(leadDraft(typed)).sort()).toEqual([...KEYS].sort());
  });

  test("the keys a patch sends (null clears) and those check_lead found wrong", () => {
    expect(patchKeys({})).toEqual([]);
    expect(patchKeys({ source: null, status: "won" })).toEqual(["status", "source"]);
    const problem = { source: "check" as const, code: "not_a_uuid", values: { value: "ACME" } };
    expect(wrongKeys({ sent: null, problems: { company: [problem], person: [] } })).toEqual(["company"]);
  });

  test("what was sent, as the form would show it on the lead read again", () => {
    const l = lead({ source: "Web", custom_fields: { b: 2 } });
    const shown = sentValues(l, { source: null, custom_fields: { c: [1] } });
    expect(shown.source).toBe("");
    expect(JSON.parse(shown.custom_fields)).toEqual({ c: [1] });
    expect(shown.status).toBe(l.status);
  });

  test("check_lead's reasons in the form's words", () => {
    const check = (code: string, values: Record<string, string> = {}) => ({ source: "check" as const, code, values });
    expect(worded(check("too_long", { max: "255", count: "256" }), "Status")).toBe(
      "Status can have at most 255 characters; it has 256. Shorten it by 1.",
    );
    expect(worded(check("not_a_uuid", { value: "ACME" }), "Company")).toMatch(/^Company: choose one of the matches, or paste its ID/);
    expect(worded(check("not_json"), "Custom fields (JSON)")).toMatch(/^Custom fields must be valid JSON/);
    expect(worded({ source: "service", message: "Not a member." }, "Assigned member")).toBe("The service said: “Not a member.”");
  });
});

describe("the stakeholder's draft", () => {
  const typed = { document_number: " 9001 ", document_type: NIT, verification_digit: "", geographic_location: BOGOTA };

  test("the document type its picker holds goes as an ID, which check_stakeholder checks", () => {
    expect(stakeholderDraft(typed)).toEqual({
      document_number: " 9001 ",
      document_type: "",
      other_type: true,
      document_type_id: NIT,
      verification_digit: "",
      geographic_location: BOGOTA,
    });
    // A name typed and not chosen reaches Rust as typed: it says it is no ID.
    expect(stakeholderDraft({ ...typed, document_type: "nit" })).toMatchObject({ other_type: true, document_type_id: "nit" });
  });

  test("check_stakeholder's reasons in the form's words: choose, never “type an ID”", () => {
    const check = (code: string) => ({ source: "check" as const, code, values: {} });
    expect(stakeholderWorded("document_number", check("required"))).toBe("Enter the document number.");
    expect(stakeholderWorded("document_type", check("required"))).toBe("Choose the document type.");
    expect(stakeholderWorded("document_type", check("not_a_uuid"))).toMatch(/^Document type: choose one of the matches/);
    expect(stakeholderWorded("geographic_location", check("required"))).toBe("Choose the geographic location.");
    expect(stakeholderWorded("geographic_location", check("not_a_uuid"))).toMatch(/^Geographic location: choose one of the matches/);
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

describe("the ids the stakeholders use", () => {
  test("each once (whatever its case), the most used first, named as the stakeholders name it", () => {
    const type = relatedSource(RUST_SCHEMAS, "stakeholder", "document_type")!;
    const location = relatedSource(RUST_SCHEMAS, "stakeholder", "geographic_location")!;
    const records: JsonRecord[] = [
      { document_type: NIT, document_type_name: "NIT", geographic_location: BOGOTA },
      { document_type: CC, document_type_name: "Cédula", geographic_location: MEDELLIN },
      { document_type: NIT.toUpperCase(), document_type_name: "NIT", geographic_location: MEDELLIN },
      { document_type: null, document_type_name: null, geographic_location: null },
    ];
    expect(distinctIds(type, records)).toEqual([
      { id: NIT, count: 2, name: "NIT" },
      { id: CC, count: 1, name: "Cédula" },
    ]);
    // The service names no location.
    expect(distinctIds(location, records)).toEqual([
      { id: MEDELLIN, count: 2, name: null },
      { id: BOGOTA, count: 1, name: null },
    ]);
  });
});
