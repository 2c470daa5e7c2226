// A list's conditions read back in words, grouping made visible: "Shows
// records where (Total at least 1000) and (Name contains “acme”)". The
// filter builder shows it under the conditions (FilterBuilder.svelte).
import { choiceLabel, fieldLabel, yesNo } from "./fields";
import { t } from "./i18n.svelte";
import { operatorLabel, optionCodes, periodLabel, periodToken, splitItems, takesPeriod, type FilterDraft, type FilterField } from "./filters";

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
