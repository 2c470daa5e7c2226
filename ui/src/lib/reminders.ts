// Reminders (Rust's `workdesk_core::reminders` decides which tasks are
// due, whose, when to check and what was told): the words of their system
// notifications, in the language on screen, sent to Rust at start and
// whenever the language changes; the "Due today" item's words.
import type { DueTask, ReminderWords } from "./bindings";
import { formatDateTime } from "./format";
import { t } from "./i18n.svelte";

/** The notifications' words; `{count}` is left for Rust to fill in. */
export function reminderWords(): ReminderWords {
  return {
    due: t("overview.reminder_due"),
    overdue: t("overview.reminder_overdue"),
    many: t("overview.reminder_many", { count: "{count}" }),
    many_text: t("overview.reminder_many_text"),
    open: t("overview.reminder_open"),
  };
}

/** When `task` is due, in words: "Due 28 Nov 2026, 17:00" or "Overdue: due …". */
export function dueWhen(task: DueTask): string {
  const at = formatDateTime(task.expiry).text;
  return task.overdue ? t("overview.overdue_at", { at }) : t("overview.due_at", { at });
}
