// Names where IDs were. Which fields hold a reference, and where its name
// comes from, is Rust's (`ResourceSchema.named`, core/src/reading/names.rs):
// a customer's or stakeholder's name from the saved records
// (`reference_names`, read once per page shown), "Member 3f2b6c1e" for a
// member (the service names no member), and for a supplier a note that the
// service gives no name. This file reads the names of a page and says how
// one reference shows: its name, else its ID shortened, the whole ID
// always in the tooltip (and Copy ID in the details).
import type { JsonRecord } from "./ipc";
import { ipc } from "./ipc";
import type { NamedField, ReferenceIds, ResourceSchema } from "./bindings";
import type { Screen } from "./sections";
import { t } from "./i18n.svelte";

/** The names a page's references have: by `field` and ID (lower case). */
export type Names = ReadonlyMap<string, string>;

/** No names known. */
export const NO_NAMES: Names = new Map();

const keyOf = (field: string, id: string) => `${field}\u0000${id.toLowerCase()}`;

/** "3f2b6c1e…": an ID shortened to its first eight characters. */
export function shortId(id: string): string {
  return id.length > 9 ? `${id.slice(0, 8)}…` : id;
}

/** The named field `field` of `schema`, if it is one. */
export function namedField(schema: ResourceSchema, field: string): NamedField | undefined {
  return schema.named.find((n) => n.field === field);
}

/**
 * The names the saved records give the references of `records` (the
 * fields Rust names from records); no names when none is asked or the read
 * fails (the IDs then show, shortened).
 */
export async function readNames(schema: ResourceSchema, records: JsonRecord[]): Promise<Names> {
  const references: ReferenceIds[] = schema.named
    .filter((n) => n.name.kind === "record")
    .map((n) => ({
      field: n.field,
      ids: [...new Set(records.map((r) => r[n.field]).filter((v): v is string => typeof v === "string" && v !== ""))],
    }))
    .filter((r) => r.ids.length > 0);
  if (references.length === 0) return NO_NAMES;
  try {
    const names = await ipc.referenceNames(schema.resource, references);
    return new Map(names.map((n) => [keyOf(n.field, n.id), n.name]));
  } catch {
    return NO_NAMES;
  }
}

/**
 * Where to look up a reference nothing saved names: the list of the
 * record it names, narrowed to that one (read from the service, it is then
 * saved, and named from then on); null for members and suppliers.
 */
export function lookUpScreen(schema: ResourceSchema, field: string, id: string): Screen | null {
  const named = namedField(schema, field);
  if (named?.name.kind !== "record" || id === "") return null;
  const only = { or: false, not: false, field: named.name.key, operator: "exact" as const, values: [id] };
  return { kind: "list", resource: named.name.resource, drillDown: { filters: [only], sort: [] } };
}

/** How a reference shows: its text, the tooltip, and whether it is named. */
export type ReferenceShown = { text: string; title: string; named: boolean };

/**
 * How `value` of field `field` shows, when `field` holds a reference Rust
 * names (null otherwise, or for no value): the name with the ID in the
 * tooltip; a member as "Member 3f2b6c1e"; else the ID shortened, the
 * tooltip saying why there is no name.
 */
export function referenceShown(schema: ResourceSchema, field: string, value: unknown, names: Names): ReferenceShown | null {
  const named = namedField(schema, field);
  if (!named || typeof value !== "string" || value === "") return null;
  switch (named.name.kind) {
    case "member":
      return { text: t("forms.picker.member", { short: value.slice(0, 8) }), title: t("names.id", { id: value }), named: true };
    case "unnamed":
      return { text: shortId(value), title: t("names.no_name_given", { id: value }), named: false };
    case "record": {
      const name = names.get(keyOf(field, value));
      return name
        ? { text: name, title: t("names.named", { name, id: value }), named: true }
        : { text: shortId(value), title: t("names.not_saved", { id: value }), named: false };
    }
  }
}
