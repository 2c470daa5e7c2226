// Pure helpers of the filter builder: which fields and operators a condition
// may use (what shapes the controls), the condition as the user is editing
// it (a "draft", what was typed, never lost), and the shaping that turns a
// draft into the FilterSpec the backend takes. Whether a condition is valid
// is decided in Rust only (`ipc.checkView`, docs/service.md, "Filters").
// Numbers typed the locale's way are decimal-input.ts's; the conditions in
// words filter-words.ts's.
import { LIMITS, type FieldKind, type FieldSchema, type Operator, type FilterSpec, type ResourceSchema } from "./bindings";
import { choiceLabel, fieldLabel, yesNo } from "./fields";
import { localInputToRfc3339, rfc3339ToLocalInput } from "./format";
import { readDecimal } from "./decimal-input";
import { hasMessage, t, type MessageKey } from "./i18n.svelte";

/** How `operator` reads in a condition ("Total" "at least" "1000"), in the language in use. */
export function operatorLabel(operator: Operator): string {
  const key = `filters.operator.${operator}`;
  return hasMessage(key) ? t(key) : operator;
}

/** A field a condition may address: one of the resource's, or `relation__field`. */
export type FilterField = {
  /** The name filters use: `total`, `supplier__name`. */
  path: string;
  /** What the user reads: "Total", "Supplier name". */
  label: string;
  field: FieldSchema;
};

/** Orders labels as `localeCompare` does, with one collator (each `localeCompare` call sets one up). */
const labelOrder = new Intl.Collator();

/** Every field filters may address, by label: the resource's and its relations'. */
export function filterFields(schema: ResourceSchema): FilterField[] {
  const own = schema.fields
    .filter((f) => f.filterable && f.operators.length > 0)
    .map((f) => ({ path: f.name, label: fieldLabel(f.name), field: f }));
  const related = schema.relations.flatMap((relation) =>
    relation.fields
      .filter((f) => f.filterable && f.operators.length > 0)
      // `supplier__id` is the record's own `supplier` field again.
      .filter((f) => !(f.name === "id" && schema.fields.some((own) => own.name === relation.name)))
      .map((f) => {
        const path = `${relation.name}__${f.name}`;
        const label = f.name === "id" ? `${fieldLabel(relation.name)} ID` : fieldLabel(path);
        return { path, label, field: f };
      }),
  );
  return [...own, ...related].sort((a, b) => labelOrder.compare(a.label, b.label));
}

/** The condition row as typed. Values stay the text the controls hold. */
export type FilterDraft = {
  /** Stable identity of the row (for keyed lists); not sent. */
  key: number;
  or: boolean;
  not: boolean;
  /** A FilterField path. */
  field: string;
  operator: Operator;
  /** The single value (also the `in` list as typed, and isnull's "true"/"false"). */
  value: string;
  /** `in` on a choice or boolean field: the codes ticked. */
  items: string[];
  /** `range` ends. */
  from: string;
  to: string;
  /**
   * A relative period instead of dates, on a date field: a token of
   * `LIMITS.relative_dates` ("@this_month"), "@last_days" for the last
   * `days` days, or "" for dates typed.
   */
  relative: string;
  /** "The last N days": N as typed. */
  days: string;
};

/** The token of "the last N days" in a draft's `relative`. */
export const LAST_DAYS = "@last_days";

/** Whether `draft` on a field of `kind` may hold a relative period (a date field, an operator that takes one). */
export function takesPeriod(kind: FieldKind | undefined, operator: Operator): boolean {
  return (kind === "date" || kind === "date_time") && (LIMITS.relative_operators as readonly Operator[]).includes(operator);
}

/** The token a view holds for the draft's period ("@this_month", "@last_30_days"), or null for dates typed. */
export function periodToken(draft: FilterDraft): string | null {
  if (draft.relative === "") return null;
  if (draft.relative !== LAST_DAYS) return draft.relative;
  const days = draft.days.trim();
  // What cannot be a number of days goes as typed: Rust's check says why.
  return `@last_${/^\d+$/.test(days) ? String(Number(days)) : days || "0"}_days`;
}

/** A period in words: "this month", "the last 30 days". */
export function periodLabel(token: string): string {
  const last = /^@last_(\d+)_days$/.exec(token);
  if (last) return t("filters.period.last_days_text", { days: Number(last[1]) });
  return t(`filters.period.${token.slice(1)}` as MessageKey);
}

let lastKey = 0;
function nextKey(): number {
  lastKey += 1;
  return lastKey;
}

/** The codes a choice-like field offers: its choices, or true/false for booleans. */
export function optionCodes(field: FieldSchema): string[] {
  if (field.kind === "boolean") return ["true", "false"];
  return field.choices;
}

/** "PR Provisional" for a choice code, "Yes"/"No" for booleans. */
export function optionLabel(path: string, field: FieldSchema, code: string): string {
  if (field.kind === "boolean") return yesNo(code === "true");
  const leaf = path.split("__").pop() ?? path;
  const label = choiceLabel(leaf, code);
  return label === code ? code : `${code} ${label}`;
}

/** The operator a new condition on `field` starts with. */
export function defaultOperator(field: FieldSchema): Operator {
  const ops = field.operators;
  const prefer: Operator[] = field.kind === "string" ? ["icontains", "exact"] : ["exact", "gte"];
  return prefer.find((op) => ops.includes(op)) ?? ops[0] ?? "exact";
}

/** The value a single-value control starts with for `field` and `operator`. */
function defaultValue(field: FieldSchema, operator: Operator): string {
  if (operator === "isnull") return "true";
  if (operator === "in" || operator === "range") return "";
  if (field.kind === "boolean") return "true";
  if (field.kind === "choice") return field.choices[0] ?? "";
  return "";
}

/**
 * The part of a condition that follows its field: the field's path, its
 * default operator and value, and nothing typed yet.
 */
function onField(
  target: FilterField,
): Pick<FilterDraft, "field" | "operator" | "value" | "items" | "from" | "to" | "relative"> {
  const operator = defaultOperator(target.field);
  return {
    field: target.path,
    operator,
    value: defaultValue(target.field, operator),
    items: [],
    from: "",
    to: "",
    relative: "",
  };
}

/** A new condition on `target` (ANDed unless `or`). */
export function newDraft(target: FilterField, or = false): FilterDraft {
  return { key: nextKey(), or, not: false, ...onField(target), days: "30" };
}

/** `draft` moved to another field: operator and value reset to fit it. */
export function withField(draft: FilterDraft, target: FilterField): FilterDraft {
  return { ...draft, ...onField(target) };
}

/**
 * `draft` with another operator. What was typed carries over where it still
 * makes sense (a text value between single-value operators, the chosen code
 * into the `in` chips); isnull's true/false and boolean values do not.
 */
export function withOperator(draft: FilterDraft, target: FilterField, operator: Operator): FilterDraft {
  const field = target.field;
  const was = draft.operator;
  const next = { ...draft, operator };
  const choiceLike = field.kind === "choice" || field.kind === "boolean";
  if (operator === "isnull") {
    next.value = "true";
  } else if (was === "isnull") {
    next.value = defaultValue(field, operator);
  } else if (operator === "in" && choiceLike && draft.items.length === 0 && draft.value) {
    next.items = [draft.value];
  } else if (was === "in" && operator !== "range" && choiceLike) {
    next.value = draft.items[0] ?? defaultValue(field, operator);
  }
  if (operator === "range" && field.kind === "choice") {
    // Selects always show a code: start with the whole span.
    next.from = next.from || (was === "exact" ? draft.value : "") || (field.choices[0] ?? "");
    next.to = next.to || (field.choices[field.choices.length - 1] ?? "");
  } else if (operator === "range" && !next.from && was !== "in" && was !== "isnull" && !choiceLike) {
    next.from = draft.value;
  }
  return next;
}

/** The items of an `in` list typed as text: one per line, or separated by ";". */
export function splitItems(text: string): string[] {
  return text
    .split(/[\n;]/)
    .map((item) => item.trim())
    .filter((item) => item !== "");
}

/** One value as sent, and why what was typed could not be read the locale's way (else null). */
type Shaped = { value: string; message: string | null };

/**
 * One value of `kind` as typed → as sent (`in` items and range ends alike):
 * a number read the locale's way ("1.234,5" → "1234.5" in es-CO), a local
 * date and time as its RFC 3339 instant, anything else as typed (trimmed),
 * for the engine to judge.
 */
function shapedValue(kind: FieldKind, text: string): Shaped {
  const typed = text.trim();
  if (typed === "") return { value: "", message: null };
  switch (kind) {
    case "decimal":
    case "integer": {
      const read = readDecimal(typed);
      if (!read.ok) return { value: typed, message: read.separators ? read.message : null };
      // "1,5" for a whole number goes as typed, so that the engine's reason quotes what the user wrote.
      return { value: kind === "integer" && read.value.includes(".") ? typed : read.value, message: null };
    }
    case "date_time":
      // Controls give local "YYYY-MM-DDTHH:MM"; typed lists may hold RFC 3339 text as is.
      return { value: localInputToRfc3339(typed) ?? typed, message: null };
    default:
      return { value: typed, message: null };
  }
}

/**
 * A condition in the form the backend takes, shaped from what the user
 * typed, and why the UI could not read a number of it in the user's
 * locale (`message`, else null).
 *
 * Shaping is all the UI does: which values are valid (fields, operators,
 * types, the service's decimal bounds, both ends of a range and their
 * order, commas in items) is the query engine's rule, checked by
 * `ipc.checkView` as the user types and again by `listRecords`, and
 * answered keyed `filters.<index>` (docs/service.md, "Filters").
 */
export type ShapedCondition = { spec: FilterSpec; message: string | null };

/** The FilterSpec of `draft` (see ShapedCondition). `first` drops `or`: nothing comes before it. */
export function shapeDraft(draft: FilterDraft, target: FilterField | undefined, first: boolean): ShapedCondition {
  const kind = target?.field.kind ?? "string";
  const spec = (values: string[], message: string | null = null): ShapedCondition => ({
    spec: { or: !first && draft.or, not: draft.not, field: draft.field, operator: draft.operator, values },
    message,
  });
  const token = takesPeriod(target?.field.kind, draft.operator) ? periodToken(draft) : null;
  if (token) return spec([token]);
  switch (draft.operator) {
    case "isnull":
      return spec([draft.value === "false" ? "false" : "true"]);
    case "in": {
      if (target && (kind === "choice" || kind === "boolean")) {
        return spec(optionCodes(target.field).filter((code) => draft.items.includes(code)));
      }
      const items = splitItems(draft.value).map((item) => ({ item, ...shapedValue(kind, item) }));
      const bad = items.find((shaped) => shaped.message);
      return spec(
        items.map((shaped) => shaped.value),
        bad ? t("filters.check.item", { message: bad.message ?? "", item: bad.item }) : null,
      );
    }
    case "range": {
      const from = shapedValue(kind, draft.from);
      const to = shapedValue(kind, draft.to);
      const message = from.message
        ? t("filters.check.from", { message: from.message })
        : to.message
          ? t("filters.check.to", { message: to.message })
          : null;
      return spec([from.value, to.value], message);
    }
    default: {
      const one = shapedValue(kind, draft.value);
      return spec([one.value], one.message);
    }
  }
}

/** The drafts of saved conditions (a restored or saved view), ready to edit. */
export function draftFromSpec(spec: FilterSpec, fields: FilterField[]): FilterDraft {
  const target = fields.find((f) => f.path === spec.field);
  const kind = target?.field.kind;
  const show = (v: string) => (kind === "date_time" ? rfc3339ToLocalInput(v) || v : v);
  const draft: FilterDraft = {
    key: nextKey(),
    or: spec.or ?? false,
    not: spec.not ?? false,
    field: spec.field,
    operator: spec.operator,
    value: "",
    items: [],
    from: "",
    to: "",
    relative: "",
    days: "30",
  };
  const values = spec.values ?? [];
  // A period only on a date field: elsewhere "@…" is a value like any other.
  const token = takesPeriod(kind, spec.operator) && values.length === 1 && values[0].startsWith("@") ? values[0] : null;
  const last = token && /^@last_(\d+)_days$/.exec(token);
  if (token && last) {
    draft.relative = LAST_DAYS;
    draft.days = last[1];
  } else if (token) {
    draft.relative = token;
  } else if (spec.operator === "in") {
    if (kind === "choice" || kind === "boolean") draft.items = [...values];
    else draft.value = values.join("\n");
  } else if (spec.operator === "range") {
    draft.from = show(values[0] ?? "");
    draft.to = show(values[1] ?? "");
  } else {
    draft.value = show(values[0] ?? "");
  }
  return draft;
}
