// The window's sections, in one list: the overview, one list per resource,
// the forms, the outbox, and this computer's (Storage, Preferences,
// Workspaces), in the order the navigation shows them, in its groups, each
// with the id the menu bar's View menu names it by. The navigation's
// buttons (AppNav.svelte) and the menu bar are drawn from it.
import type { DrillDown, ResourceName, ResourceSchema } from "./bindings";
import { resourceLabel } from "./fields";
import { t, type MessageKey } from "./i18n.svelte";

/** What the window's content shows. */
export type Screen =
  | { kind: "overview" }
  | { kind: "list"; resource: ResourceName; drillDown?: DrillDown; link?: LinkTarget }
  | { kind: "task"; about?: TaskAbout }
  | { kind: "lead"; id?: string }
  | { kind: "stakeholder" }
  | { kind: "customer"; id?: string }
  | { kind: "outbox" }
  | { kind: "board" }
  | { kind: "storage" }
  | { kind: "preferences" }
  | { kind: "workspaces" };

/** The record a new task is about, chosen on its details ("New task about this…"): its ID and the party it concerns. */
export type TaskAbout = { resource: ResourceName; id: string; entity: string | null };

/** What a `workdesk://` link opens in its list (lib/links.ts): a record's details, by its ID, or a saved view, by its name. */
export type LinkTarget = { record: string } | { view: string };

/** A group of the navigation, under its heading (the first has none). */
export type SectionGroup = "start" | "lists" | "do" | "computer";

/** Each group's heading, in order. */
export const GROUPS: { group: SectionGroup; title: MessageKey | null }[] = [
  { group: "start", title: null },
  { group: "lists", title: "app.nav_lists" },
  { group: "do", title: "app.nav_do" },
  { group: "computer", title: "app.nav_this_computer" },
];

/** A section: its id (the menu bar's), the screen it shows, its label and its group. */
export type Section = { id: string; screen: Screen; label: string; group: SectionGroup };

/** The forms, under "Do". */
const FORMS: { screen: Screen; label: MessageKey }[] = [
  { screen: { kind: "task" }, label: "app.nav_new_task" },
  { screen: { kind: "lead" }, label: "app.nav_edit_lead" },
  { screen: { kind: "stakeholder" }, label: "app.nav_new_stakeholder" },
  { screen: { kind: "customer" }, label: "app.nav_open_customer" },
];

/** Every section, with a list for each of `schemas`, in the language on screen. */
export function sectionsOf(schemas: ResourceSchema[]): Section[] {
  return [
    { id: "overview", screen: { kind: "overview" }, label: t("overview.nav"), group: "start" },
    ...schemas.map((s): Section => ({ id: `list:${s.resource}`, screen: { kind: "list", resource: s.resource }, label: resourceLabel[s.resource].plural, group: "lists" })),
    ...FORMS.map((f): Section => ({ id: f.screen.kind, screen: f.screen, label: t(f.label), group: "do" })),
    { id: "outbox", screen: { kind: "outbox" }, label: t("outbox.nav"), group: "do" },
    { id: "storage", screen: { kind: "storage" }, label: t("app.nav_storage"), group: "computer" },
    { id: "preferences", screen: { kind: "preferences" }, label: t("app.nav_preferences"), group: "computer" },
    { id: "workspaces", screen: { kind: "workspaces" }, label: t("app.nav_workspaces"), group: "computer" },
  ];
}

/** Whether section `s` is the one `screen` shows (a lead or customer opened by id counts as its form; the leads board, as the leads' list). */
export function isCurrent(s: Screen, screen: Screen): boolean {
  if (screen.kind === "board") return s.kind === "list" && s.resource === "lead";
  return s.kind === screen.kind && (s.kind !== "list" || (screen.kind === "list" && s.resource === screen.resource));
}
