// What Workdesk tells the user about saved data, in their words: Rust
// sends codes (a file set aside and why, a failed write, why data is kept
// in memory only); these functions word them from the catalogues.
import type { Kept, Notice, SessionOnlyReason } from "./bindings";
import { t, type MessageKey } from "./i18n.svelte";

/** A notice about saved data as one or two sentences. */
export function noticeText(notice: Notice): string {
  switch (notice.code) {
    case "set_aside":
      return t("setup.notice.set_aside", {
        reason: t(`setup.set_aside.${notice.reason}` as MessageKey),
        moved_to: notice.moved_to,
      });
    case "write_failed":
      return t("setup.notice.write_failed", { detail: notice.detail });
    case "changes_held":
      return notice.written_for
        ? t("setup.notice.changes_held", { count: notice.count, origin: notice.written_for })
        : t("setup.notice.changes_held_unknown", { count: notice.count });
  }
}

/** Why data is kept in memory only, as a clause: "there is no working system keychain to keep its key". */
export function sessionOnlyText(reason: SessionOnlyReason): string {
  return t(`setup.session_only.${reason}` as MessageKey);
}

/** The clause of `kept` when it is in memory only, else null. */
export function keptInMemory(kept: Kept | null | undefined): string | null {
  return kept?.kind === "session_only" ? sessionOnlyText(kept.reason) : null;
}
