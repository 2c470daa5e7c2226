// How the UI names and shows the resources and their fields: labels for
// resources, fields and choice codes (docs/service.md, "Enumerations"), and
// one formatter per field kind. Values stay as the service sent them;
// decimals never pass through a float.
import type { FieldSchema, ResourceName, ResourceSchema, Value } from "./bindings";
import { formatAmount, formatDate, formatDateTime, formatDecimal, userLocale } from "./format";
import { hasMessage, t, type MessageKey } from "./i18n.svelte";

const RESOURCES: ResourceName[] = [
  "supplier_invoice",
  "customer_invoice",
  "sales_quote",
  "product",
  "task",
  "lead",
  "stakeholder",
  "customer",
];

/**
 * Plural and singular names of each resource, in the language in use (the
 * glossary's `resource.<name>.plural` / `.one`): "Supplier invoices",
 * "supplier invoice"; "Facturas de proveedor", "factura de proveedor".
 */
export const resourceLabel = Object.fromEntries(
  RESOURCES.map((resource) => [
    resource,
    {
      get plural() {
        return t(`resource.${resource}.plural` as MessageKey);
      },
      get singular() {
        return t(`resource.${resource}.one` as MessageKey);
      },
    },
  ]),
) as Record<ResourceName, { readonly plural: string; readonly singular: string }>;

/** The grammatical gender of `resource`'s name where the language has one (`f`, `m`), else `other`. */
export function resourceGender(resource: ResourceName): string {
  return t(`resource.${resource}.gender` as MessageKey);
}

/**
 * What a message about `resource` needs to name it: `{plural, one,
 * gender}` ("supplier invoices", "supplier invoice", "other"; Spanish
 * agrees articles with `gender`: "la tarea", "el tercero").
 */
export function resourceNamed(resource: ResourceName): { plural: string; one: string; gender: string } {
  const labels = resourceLabel[resource];
  return { plural: labels.plural.toLowerCase(), one: labels.singular, gender: resourceGender(resource) };
}

/** "2,437 supplier invoices", "1 factura de proveedor": a count of `resource`'s records. */
export function resourceCount(resource: ResourceName, count: number): string {
  return t(`resource.${resource}.count` as MessageKey, { count });
}

/**
 * A field's label in the language in use (the glossary's `field.<name>`),
 * or one made from its name for a field the glossary lacks: "issue_date"
 * → "Issue date", "supplier__name" → "Supplier name".
 */
export function fieldLabel(name: string): string {
  const key = `field.${name}`;
  if (hasMessage(key)) return t(key);
  const words = name.split("__").join("_").split("_").filter(Boolean).join(" ");
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** The label of `code` in field `field` ("PR" → "Provisional", "Completa"), or the code itself. */
export function choiceLabel(field: string, code: string): string {
  const key = `choice.${field}.${code}`;
  return hasMessage(key) ? t(key) : code;
}

/** "Yes" / "No" ("Sí" / "No") for a boolean. */
export function yesNo(value: boolean): string {
  return value ? t("app.yes") : t("app.no");
}

/**
 * The most characters of one value a cell, a tooltip or the details show
 * at first: a value of tens of megabytes must not stall the window. The
 * rest is behind "Show all" and "Copy" in the details.
 */
export const SHOWN_CHARS = 2000;

/**
 * A value ready to show: its text, a tooltip (UTC instant, full JSON) and
 * alignment; `full`, the whole text, when `text` is cut to
 * [`SHOWN_CHARS`] (it then ends in "…").
 */
/**
 * A value as shown: `text` on screen, `title` as its tooltip, `full` the
 * whole of a text cut on screen, `exact` an amount with every digit the
 * service sent (what copy and the details show) when `text` drops some zeros.
 */
export type Shown = { text: string; title: string; numeric: boolean; full?: string; exact?: string };

/** `shown` with its text and tooltip cut to `SHOWN_CHARS`, the whole text kept in `full`. */
function cutLong(shown: Shown): Shown {
  if (shown.text.length <= SHOWN_CHARS && shown.title.length <= SHOWN_CHARS) return shown;
  const cut = (text: string) => (text.length > SHOWN_CHARS ? `${text.slice(0, SHOWN_CHARS)}…` : text);
  return { ...shown, text: cut(shown.text), title: shown.title === shown.text ? "" : cut(shown.title), full: shown.text };
}

/**
 * Formats `value` of `field` (undefined for a field the schema does not
 * list): decimals in the locale with their scale, date-times in local time
 * (UTC instant as title), dates as calendar dates, booleans as Yes/No,
 * choices by label, JSON compact; `null` as empty. A text longer than
 * `SHOWN_CHARS` is cut (the whole in `full`).
 */
export function formatValue(field: FieldSchema | undefined, name: string, value: Value | undefined): Shown {
  return cutLong(formatWhole(field, name, value));
}

/** `formatValue` before long texts are cut. */
function formatWhole(field: FieldSchema | undefined, name: string, value: Value | undefined): Shown {
  if (value === null || value === undefined) return { text: "", title: "", numeric: false };
  const plain = (text: string, numeric = false): Shown => ({ text, title: "", numeric });
  switch (field?.kind) {
    case "decimal": {
      if (typeof value !== "string") return plain(String(value), true);
      // An accountant reads 45,942.96; the exact 45,942.960000 stays in
      // the tooltip, the details and what is copied.
      const text = formatAmount(value);
      const exact = formatDecimal(value);
      return exact === text ? plain(text, true) : { text, title: exact, numeric: true, exact };
    }
    case "integer":
      return plain(String(value), true);
    case "date_time": {
      if (typeof value !== "string") return plain(JSON.stringify(value));
      const { text, utc } = formatDateTime(value);
      return { text, title: utc, numeric: false };
    }
    case "date":
      return typeof value === "string" ? { text: formatDate(value), title: value, numeric: false } : plain(String(value));
    case "boolean":
      return plain(typeof value === "boolean" ? yesNo(value) : String(value));
    case "choice":
      return typeof value === "string" ? { text: choiceLabel(name, value), title: value, numeric: false } : plain(String(value));
    default:
      if (typeof value === "string") return plain(value);
      if (typeof value === "number") return plain(String(value), true);
      if (typeof value === "boolean") return plain(yesNo(value));
      {
        const json = JSON.stringify(value);
        return { text: json, title: json, numeric: false };
      }
  }
}

/**
 * The member a record carries when some of its values could not be read
 * (a number out of range, nesting too deep): field → reason, in English.
 * Those fields show as unreadable; the rest of the record as sent.
 */
export const UNREADABLE = "__unreadable";

/** Why `record`'s `field` could not be read, or null when it could. */
export function unreadableReason(record: { [key in string]: Value }, field: string): string | null {
  const marks = record[UNREADABLE];
  if (marks === null || typeof marks !== "object" || Array.isArray(marks)) return null;
  const reason = (marks as { [key in string]: Value })[field];
  return typeof reason === "string" ? reason : null;
}

/** The field called `name` in `schema`, if listed. */
export function fieldOf(schema: ResourceSchema, name: string): FieldSchema | undefined {
  return schema.fields.find((f) => f.name === name);
}

/** A record's display name: its `name`, `title` or document number, else its id. */
export function recordName(record: { [key in string]: Value }): string {
  for (const key of ["name", "title", "document_number", "source", "id"]) {
    const v = record[key];
    if (typeof v === "string" && v.trim()) return v;
  }
  return "";
}

/** The fields a search looks in (`ResourceSchema.search`), named as one phrase: "name, number or document number". */
export function searchedFieldsText(search: string[]): string {
  return new Intl.ListFormat(userLocale(), { type: "disjunction" }).format(search.map((name) => fieldLabel(name).toLowerCase()));
}
