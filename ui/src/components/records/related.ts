// Where a record's details lead: the list of the other invoices of the
// same supplier or customer (a drill-down, as an overview's figure opens
// its list), and a new task about the record (the New task form with its
// "About" filled). The window gives the way to open another screen (the
// router's `go`, with the schemas) to everything under it through
// Svelte's context: a record's details offer these only where it does.
import { getContext, setContext } from "svelte";
import type { DrillDown, FilterSpec, ResourceName, ResourceSchema } from "../../lib/bindings";
import type { JsonRecord } from "../../lib/ipc";
import type { Screen } from "../../lib/sections";
import { aboutSources, choiceOf } from "../forms/pickers";

/** What the window gives the records' details under it: the way to another screen, and every resource's schema. */
export type Related = {
  /** Opens another screen (asking first when a form holds unsent input). */
  go: (screen: Screen) => void;
  schemas: ResourceSchema[];
};

const RELATED = Symbol("related");

/** Gives `related` to the components under the caller (call while it is created). */
export function provideRelated(related: Related): void {
  setContext(RELATED, related);
}

/** What the window gave, if anything (call while the component is created). */
export function relatedGiven(): Related | undefined {
  return getContext<Related | undefined>(RELATED);
}

/** An invoice's party (the field naming it) and the date its lists are ordered by, newest first. */
export const PARTY_OF: Partial<Record<ResourceName, { field: "supplier" | "customer"; date: string }>> = {
  supplier_invoice: { field: "supplier", date: "issue_date" },
  customer_invoice: { field: "customer", date: "operation_date" },
};

/** `field` exactly `id`: the one condition of a related list. */
export function exactly(field: string, id: string): FilterSpec {
  return { or: false, not: false, field, operator: "exact", values: [id] };
}

/** The records whose `field` is exactly `id`, newest (by `date`) first. */
export function relatedList(field: string, id: string, date: string): DrillDown {
  return { filters: [exactly(field, id)], sort: [{ field: date, descending: true }] };
}

const idIn = (record: JsonRecord, field: string): string => {
  const value = record[field];
  return typeof value === "string" ? value : "";
};

/**
 * "Other invoices from this supplier/customer": the list of `resource`
 * (an invoice's) filtered by its party exactly; null for other resources
 * or a record without one.
 */
export function otherInvoices(resource: ResourceName, record: JsonRecord): Screen | null {
  const party = PARTY_OF[resource];
  const id = party ? idIn(record, party.field) : "";
  if (!party || id === "") return null;
  return { kind: "list", resource, drillDown: relatedList(party.field, id, party.date) };
}

/**
 * "New task about this…": the New task form about `record` (its ID, and
 * the party it concerns as the task's picker would fill it), for the
 * kinds of record a task may be about (Rust's `about_kinds`); null for
 * others.
 */
export function taskAbout(schemas: ResourceSchema[], resource: ResourceName, record: JsonRecord): Screen | null {
  const source = aboutSources(schemas).find((s) => s.resource === resource);
  const choice = source && choiceOf(schemas, source, record);
  if (!choice) return null;
  return { kind: "task", about: { resource, id: choice.value, entity: choice.entity ?? null } };
}
