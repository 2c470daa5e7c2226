// The task form's inputs (TaskForm.svelte), in their groups, as Rust's
// `check_task` reads them (the draft: local times as instants), and its
// reasons in the form's words (the input's label in them).
import type { FieldProblem, TaskDraft } from "../../lib/bindings";
import { problemText } from "../../lib/errors";
import { localInputToRfc3339 } from "../../lib/format";
import { t, type MessageKey } from "../../lib/i18n.svelte";
import { EXAMPLE_ID, signed } from "../../lib/validate";

export const EMPTY = {
  title: "",
  description: "",
  status: "",
  priority: "",
  start: "",
  expiry: "",
  completed_at: "",
  recurrence_rule: "",
  assigned_to_user: "",
  entity_id: "",
  record_id: "",
  custom_fields: "",
};
export type Key = keyof typeof EMPTY;
export type Kind = "text" | "textarea" | "integer" | "datetime" | "uuid" | "member" | "about" | "party" | "json";
/** An input: its label and hint are message keys, worded in the language in use when shown. */
export type Spec = { key: Key; id: string; label: MessageKey; kind: Kind; hint: MessageKey | null; required?: boolean };

export const GROUPS: { legend: MessageKey; fields: Spec[] }[] = [
  {
    legend: "forms.task.group_task",
    fields: [
      { key: "title", id: "task-title", label: "forms.task.title", kind: "text", required: true, hint: "forms.task.title_hint" },
      { key: "description", id: "task-description", label: "forms.task.description", kind: "textarea", hint: null },
      { key: "status", id: "task-status", label: "forms.task.status", kind: "text", hint: "forms.task.status_hint" },
      { key: "priority", id: "task-priority", label: "forms.task.priority", kind: "integer", hint: "forms.task.priority_hint" },
    ],
  },
  {
    legend: "forms.task.group_dates",
    fields: [
      { key: "start", id: "task-start", label: "forms.task.start", kind: "datetime", hint: null },
      { key: "expiry", id: "task-expiry", label: "forms.task.expiry", kind: "datetime", hint: null },
      { key: "completed_at", id: "task-completed-at", label: "forms.task.completed_at", kind: "datetime", hint: null },
      {
        key: "recurrence_rule",
        id: "task-recurrence-rule",
        label: "forms.task.recurrence_rule",
        kind: "text",
        hint: "forms.task.recurrence_hint",
      },
    ],
  },
  {
    legend: "forms.task.group_links",
    fields: [
      {
        key: "assigned_to_user",
        id: "task-assigned-to-user",
        label: "forms.task.assigned_to_user",
        kind: "member",
        hint: "forms.picker.hint_members",
      },
      { key: "record_id", id: "task-record-id", label: "forms.task.record_id", kind: "about", hint: null },
      { key: "entity_id", id: "task-entity-id", label: "forms.task.entity_id", kind: "party", hint: "forms.task.entity_hint" },
      { key: "custom_fields", id: "task-custom-fields", label: "forms.task.custom_fields", kind: "json", hint: "forms.task.custom_hint" },
    ],
  },
];
export const SPECS = GROUPS.flatMap((g) => g.fields);
export const KEYS = SPECS.map((s) => s.key);

export function specOf(key: Key): Spec {
  return SPECS.find((s) => s.key === key)!;
}

/** The inputs as typed, as `check_task` reads them (the local times as instants). */
export function draftOf(v: Record<Key, string>): TaskDraft {
  const instant = (text: string) => (text === "" ? null : (localInputToRfc3339(text) ?? text));
  return {
    title: v.title,
    description: v.description,
    status: v.status,
    start: instant(v.start),
    expiry: instant(v.expiry),
    completed_at: instant(v.completed_at),
    priority: v.priority,
    recurrence_rule: v.recurrence_rule,
    assigned_to_user: v.assigned_to_user,
    entity_id: v.entity_id,
    record_id: v.record_id,
    custom_fields: v.custom_fields,
  };
}

/** A reason `check_task` gave for input `key`, in the form's words (the input's label in them). */
export function worded(key: Key, problem: FieldProblem, label: string): string {
  if (problem.source !== "check") return problemText(problem);
  const values = problem.values;
  switch (problem.code) {
    case "required":
      return t("forms.task.title_required");
    case "too_long": {
      const max = Number(values.max);
      const count = Number(values.count);
      return t("forms.check.too_long", { label, max, count, over: count - max });
    }
    case "not_an_integer":
    case "out_of_range":
      return t("forms.check.integer", { label, min: signed(Number(values.min)), max: signed(Number(values.max)) });
    case "not_a_uuid":
      return specOf(key).kind === "uuid"
        ? t("forms.check.uuid", { label, example: EXAMPLE_ID })
        : t("forms.picker.choose", { label, example: EXAMPLE_ID });
    case "not_json":
      return t("forms.check.json", { label: t("forms.task.custom_label"), example: t("forms.custom_example") });
    case "not_a_date_time":
      return t("forms.task.date_invalid", { label });
    default:
      return problemText(problem);
  }
}
