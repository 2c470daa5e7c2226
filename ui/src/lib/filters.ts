// Pure helpers of the filter builder: which fields and operators a condition
// may use (what shapes the controls), the condition as the user is editing
// it (a "draft", what was typed, never lost), and the shaping that turns a
// draft into the FilterSpec the backend takes. Whether a condition is valid
// is decided in Rust only (`ipc.checkView`, docs/service.md, "Filters").
import { LIMITS, type FieldKind, type FieldSchema, type Operator, type FilterSpec, type ResourceSchema } from "./bindings";
import { choiceLabel, fieldLabel, yesNo } from "./fields";
import { formatDecimal, localInputToRfc3339, rfc3339ToLocalInput, userLocale } from "./format";
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
  return [...own, ...related].sort((a, b) => a.label.localeCompare(b.label));
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

/** A new condition on `target` (ANDed unless `or`). */
export function newDraft(target: FilterField, or = false): FilterDraft {
  const operator = defaultOperator(target.field);
  return {
    key: nextKey(),
    or,
    not: false,
    field: target.path,
    operator,
    value: defaultValue(target.field, operator),
    items: [],
    from: "",
    to: "",
    relative: "",
    days: "30",
  };
}

/** `draft` moved to another field: operator and value reset to fit it. */
export function withField(draft: FilterDraft, target: FilterField): FilterDraft {
  const operator = defaultOperator(target.field);
  return {
    ...draft,
    field: target.path,
    operator,
    value: defaultValue(target.field, operator),
    items: [],
    from: "",
    to: "",
    relative: "",
  };
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

/** The decimal and group (thousands) separators of a locale: `{ decimal: ",", group: "." }` in de-DE. */
export type Separators = { decimal: string; group: string };

const separatorCache = new Map<string, Separators>();

/** The separators the user's locale writes numbers with (read from Intl, once per locale). */
export function numberSeparators(locale: string | undefined = userLocale()): Separators {
  const key = locale ?? "";
  let found = separatorCache.get(key);
  if (!found) {
    let parts: Intl.NumberFormatPart[] = [];
    try {
      parts = new Intl.NumberFormat(locale).formatToParts(12345.6);
    } catch {
      // An unusable locale: the plain forms below.
    }
    found = {
      decimal: parts.find((p) => p.type === "decimal")?.value ?? ".",
      group: parts.find((p) => p.type === "group")?.value ?? "",
    };
    separatorCache.set(key, found);
  }
  return found;
}

/**
 * A number read from what the user typed, or why it could not be read:
 * `separators` when it is digits and marks the locale does not write a
 * number with (its message says how it does).
 */
export type ReadNumber = { ok: true; value: string } | { ok: false; message: string; separators: boolean };

/** A space-like character: how fr-FR groups thousands (a narrow no-break space), or as typed. */
const SPACE = /[\s\u00a0\u202f]/;

/**
 * A decimal as the user typed it, in their locale's way, in the service's
 * form ("1234.5"), or why not. The locale's separators decide, and nothing
 * is guessed:
 *
 * - the decimal separator is the locale's ("1234,5" in es-CO and de-DE,
 *   "1234.5" in en-US and es-MX);
 * - the group separator is optional, and where present it groups the whole
 *   part in threes ("1.234.567,89" in es-CO, "1,234,567.89" in en-US,
 *   "1 234,5" in fr-FR, with any space);
 * - anything else is refused with the reason: the other convention's
 *   decimal point ("1234.5" in es-CO, where "." groups thousands; "1,5" in
 *   en-US), a group separator out of place ("1.23" in es-CO), apostrophes.
 *
 * How many digits a decimal may have is the engine's rule
 * (`decimal_bounds`), not checked here.
 */
export function readDecimal(text: string, separators: Separators = numberSeparators()): ReadNumber {
  const typed = text.trim().replace(/^[\u2212\u2013]/, "-");
  if (typed === "") return { ok: false, message: messages.empty, separators: false };
  const { decimal, group } = separators;
  const sign = typed.startsWith("-") ? "-" : "";
  const body = typed.slice(sign.length);
  const marksOnly = /^[\d.,'’\s\u00a0\u202f]+$/.test(body);
  const refuse = (): ReadNumber =>
    marksOnly
      ? { ok: false, message: separatorsMessage(separators), separators: true }
      : { ok: false, message: messages.decimal, separators: false };
  // The decimal separator once at most, digits after it.
  const [whole, frac, extra] = body.split(decimal);
  if (extra !== undefined || (frac !== undefined && !/^\d+$/.test(frac))) return refuse();
  let int = whole;
  if (!/^\d+$/.test(whole)) {
    const groups = SPACE.test(group) ? whole.split(new RegExp(SPACE.source)) : group ? whole.split(group) : [whole];
    const inThrees = groups.length > 1 && /^\d{1,3}$/.test(groups[0]) && groups.slice(1).every((g) => /^\d{3}$/.test(g));
    if (!inThrees) return refuse();
    int = groups.join("");
  }
  return { ok: true, value: `${sign}${int}${frac === undefined ? "" : `.${frac}`}` };
}

/** Why a number's marks can't be read, saying how the locale of `separators` writes one. */
function separatorsMessage({ decimal, group }: Separators): string {
  const spaced = SPACE.test(group);
  const mark = spaced ? "\u202f" : group;
  return t("filters.check.separators", {
    decimal,
    group: spaced ? t("filters.check.space") : group,
    example: `1${mark}234${mark}567${decimal}89`,
  });
}

/** A decimal as typed (see `readDecimal`) in the service's form ("1234.5"), or null. */
export function normaliseDecimal(text: string, separators: Separators = numberSeparators()): string | null {
  const read = readDecimal(text, separators);
  return read.ok ? read.value : null;
}

/** The reasons the UI itself gives, as the user reads them in the language in use. */
export const messages = {
  get empty() {
    return t("filters.check.empty");
  },
  get decimal() {
    return t("filters.check.decimal", { example: formatDecimal("1234.50") });
  },
  /** Separators out of place: how numbers are written with `separators` (the user's locale's unless given). */
  separators(separators: Separators = numberSeparators()) {
    return separatorsMessage(separators);
  },
};

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

/** How a value reads in the read-back: a choice's label, Yes/No, a quoted text, a number as typed. */
function shownValue(target: FilterField | undefined, text: string): string {
  const t = text.trim();
  if (t === "") return "…";
  const field = target?.field;
  if (!field) return `“${t}”`;
  switch (field.kind) {
    case "boolean":
      return t === "true" || t === "false" ? yesNo(t === "true") : t;
    case "choice":
      return choiceLabel(target.path.split("__").pop() ?? target.path, t);
    case "decimal":
    case "integer":
    case "date":
      return t;
    case "date_time":
      return t.replace("T", " ");
    default:
      return `“${t}”`;
  }
}

/** One condition in words: "Total at least 1000", "Name contains “acme”", "Supplier name is empty". */
export function describeDraft(draft: FilterDraft, fields: FilterField[]): string {
  const target = fields.find((f) => f.path === draft.field);
  const label = target?.label ?? fieldLabel(draft.field);
  const token = takesPeriod(target?.field.kind, draft.operator) ? periodToken(draft) : null;
  if (token) {
    return t(draft.operator === "range" ? "filters.read.in_period" : "filters.read.condition", {
      label,
      operator: operatorLabel(draft.operator),
      value: periodLabel(token),
    });
  }
  switch (draft.operator) {
    case "isnull":
      return t(draft.value === "false" ? "filters.read.has_value" : "filters.read.is_empty", { label });
    case "range":
      return t("filters.read.range", { label, from: shownValue(target, draft.from), to: shownValue(target, draft.to) });
    case "in": {
      const kind = target?.field.kind;
      const items =
        target && (kind === "choice" || kind === "boolean")
          ? optionCodes(target.field).filter((code) => draft.items.includes(code))
          : splitItems(draft.value);
      const shown = items.length === 0 ? "…" : items.map((item) => shownValue(target, item)).join(", ");
      return t("filters.read.condition", { label, operator: operatorLabel("in"), value: shown });
    }
    default:
      return t("filters.read.condition", {
        label,
        operator: operatorLabel(draft.operator),
        value: shownValue(target, draft.value),
      });
  }
}

/**
 * The conditions as the service reads them, grouping made visible: they fold
 * left to right, so "A or B and C" is "(((A) or (B)) and (C))". "" when
 * there are none.
 */
export function describeFilters(drafts: FilterDraft[], fields: FilterField[]): string {
  if (drafts.length === 0) return "";
  const one = (draft: FilterDraft) => {
    const condition = describeDraft(draft, fields);
    return draft.not ? t("filters.read.not", { condition }) : `(${condition})`;
  };
  let text = one(drafts[0]);
  for (const draft of drafts.slice(1)) {
    text = t(draft.or ? "filters.read.or" : "filters.read.and", { left: text, right: one(draft) });
  }
  return t("filters.read.shows", { text });
}
