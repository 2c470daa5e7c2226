// The menu bar: Rust draws it, the UI gives its words in the language on
// screen (sent again when it changes), and does what its items stand for
// when one is chosen (a shortcut of its own or a click): each section of
// the navigation (`section:<id>`), New task, Export (the list on screen),
// Print (what is on screen),
// the zoom, Work offline, Keyboard shortcuts, Diagnostics.
import type { MenuWords } from "./bindings";
import { t } from "./i18n.svelte";
import type { Section, Screen } from "./sections";
import type { ZoomChange } from "./shortcuts";

/** The menu bar's words, with the navigation's `sections`. */
export function menuWords(sections: Section[]): MenuWords {
  return {
    file: t("menu.file"),
    new_task: t("app.nav_new_task"),
    export: t("export.open"),
    print: t("print.open"),
    quit: t("menu.quit"),
    edit: t("menu.edit"),
    view: t("menu.view"),
    sections: sections.map(({ id, label }) => ({ id, label })),
    zoom_in: t("shortcuts.zoom_in"),
    zoom_out: t("shortcuts.zoom_out"),
    zoom_reset: t("shortcuts.zoom_reset"),
    work_offline: t("app.work_offline"),
    help: t("menu.help"),
    shortcuts: t("shortcuts.open"),
    diagnostics: t("menu.diagnostics"),
    about: t("menu.about"),
  };
}

/** What the window does for the menu bar's items. */
export type MenuActions = {
  go: (screen: Screen) => void;
  zoom: (change: ZoomChange) => Promise<void>;
  toggleOffline: () => Promise<void>;
  showShortcuts: () => void;
  /** Prints what is on screen (lib/print.svelte.ts). */
  print: () => void;
};

/** Does what the menu bar's item `id` stands for (`sections`: the navigation's). */
export async function fromMenu(id: string, sections: Section[], actions: MenuActions) {
  const section = id.startsWith("section:") ? sections.find((s) => s.id === id.slice("section:".length)) : undefined;
  if (section) return actions.go(section.screen);
  switch (id) {
    case "new_task":
      return actions.go({ kind: "task" });
    case "export":
      // The list on screen opens its Export dialog.
      window.dispatchEvent(new CustomEvent("workdesk:export"));
      return;
    case "print":
      actions.print();
      return;
    case "zoom_in":
    case "zoom_out":
    case "zoom_reset":
      return actions.zoom(id.slice("zoom_".length) as ZoomChange);
    case "work_offline":
      return actions.toggleOffline();
    case "shortcuts":
      actions.showShortcuts();
      return;
    case "diagnostics":
      return actions.go({ kind: "preferences" });
  }
}
