// Where Edit a lead's pickers look (LeadEditor.svelte): the lead itself,
// found by its source and shown by its company's or person's name (Rust's
// lead `Picker` and its `named_by`) and status, and the ID fields of the lead:
// company and person among the stakeholders, the follower among the
// members the saved records name (Rust's references of a lead).
import type { ResourceSchema } from "../../lib/bindings";
import { searchedFieldsText } from "../../lib/fields";
import { t } from "../../lib/i18n.svelte";
import { findMembers, findRecords, recordSource, referenceSource, titleOfRecord, type Choice, type Found } from "./pickers";
import type { Key } from "./lead-fields";

/** A picker's reading of one field: its matches, the title of a held ID, its hint. */
export type Source = {
  find: (words: string, show: (found: Found) => void) => Promise<void>;
  titleOf: (id: string) => Promise<Choice | null>;
  hint: string;
};

/** The pickers of a lead's ID fields, by field; `members` reads the members seen once. */
export function leadSources(schemas: ResourceSchema[], members: ReturnType<typeof findMembers>): Partial<Record<Key, Source>> {
  const out: Partial<Record<Key, Source>> = { user_member: { ...members, hint: t("forms.picker.hint_members") } };
  for (const key of ["company", "person"] as const) {
    const source = referenceSource(schemas, "lead", key);
    if (!source) continue;
    const searched = schemas.find((s) => s.resource === source.resource)?.search ?? [];
    out[key] = {
      find: findRecords(schemas, source),
      titleOf: titleOfRecord(schemas, source),
      hint: t("forms.picker.hint_search", { fields: searchedFieldsText(searched) }),
    };
  }
  return out;
}

/** The lead picker Edit a lead starts from (OpenById's `source`); null without the lead's schema. */
export function leadFinder(schemas: ResourceSchema[]) {
  const leads = recordSource(schemas, "lead");
  if (!leads) return null;
  return {
    find: findRecords(schemas, leads),
    titleOf: titleOfRecord(schemas, leads),
    fields: searchedFieldsText(schemas.find((s) => s.resource === "lead")?.search ?? []),
  };
}
