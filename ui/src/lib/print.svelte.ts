// Printing what is on screen (Ctrl+P, ⌘P on macOS, and File › Print…):
// the screen that can print something of its own (a list: its rows,
// asked first whether all of them or the page) takes the request while it
// is shown (`printer.take`); any other screen (the overview with its
// charts, a customer card, a form) is printed as it is. Either way the
// page gets a heading naming the workspace, the view and the time printed,
// then Rust opens the system's print dialog (`print_window`: "Save as
// PDF" / "Print to File" there); the stylesheet's `@media print` leaves
// out the navigation, the header, the buttons and menus.
import { tick } from "svelte";
import type { FieldKind } from "./bindings";
import { formatAmount, formatDate, formatDateTime, userLocale } from "./format";
import { t } from "./i18n.svelte";
import { ipc } from "./ipc";

/** What a print's page heading says: the workspace, the view, when. */
export type PrintHeading = { workspace: string; view: string; at: string };

/** What a list prints: all its rows, the page on screen, or the details of the record open beside it. */
export type PrintChoice = "all" | "page" | "details";

/** A screen's own print: asked for instead of printing the screen as it is. */
type PrintAction = () => void | Promise<void>;

/**
 * "Printed 28 Nov 2026, 17:20": the time `at` in the language's format, in
 * the computer's time zone.
 */
export function printedAt(at: Date, locale = userLocale()): string {
  return t("print.printed_at", {
    at: new Intl.DateTimeFormat(locale, { dateStyle: "medium", timeStyle: "short" }).format(at),
  });
}

/**
 * The view on screen, by its title ("Overview", "Open a customer") and,
 * on a customer card, the customer's name.
 */
function screenTitle(): string {
  const titles = [document.querySelector("main h2"), document.querySelector("main .customer-card h3")];
  const text = titles.map((title) => title?.textContent?.trim() ?? "").filter(Boolean);
  return text.length > 0 ? text.join(" — ") : document.title;
}

class Printer {
  /** The workspace on screen, as the header names it (the window keeps it current). */
  workspace = $state("");
  /** The heading of the print under way (or about to open), else null. */
  heading = $state<PrintHeading | null>(null);
  /** What the page is printing: `screen` (as it is), or a screen's own (`list`, `details`). */
  printing = $state<string | null>(null);
  #actions: PrintAction[] = [];
  /** The print dialog is being asked for (Ctrl+P and the menu's item may both arrive). */
  #opening = false;

  /** `action` prints instead of the screen while it is taken (until the function returned is called). */
  take(action: PrintAction): () => void {
    this.#actions.push(action);
    return () => {
      this.#actions = this.#actions.filter((a) => a !== action);
    };
  }

  /** Ctrl+P or File › Print…: the screen's own print, or the screen as it is. */
  async request() {
    if (this.#opening) return;
    const own = this.#actions.at(-1);
    if (own) return own();
    await this.print("screen", screenTitle());
  }

  /**
   * Prints the page as `what` (`screen`, `list`, `details`) with a heading
   * naming `view`: the page is marked (`data-printing` on the root, which
   * the print stylesheet reads), the system's print dialog opens, and the
   * mark goes when printing ends (`afterprint`). A dialog closed without
   * printing sends no `afterprint`: the mark, which only print reads,
   * stays until the next print or `done()`.
   */
  async print(what: string, view: string) {
    this.#opening = true;
    this.heading = { workspace: this.workspace, view, at: printedAt(new Date()) };
    this.printing = what;
    document.documentElement.dataset.printing = what;
    window.addEventListener("afterprint", this.#ended, { once: true });
    await tick();
    try {
      await ipc.printWindow();
    } catch (e) {
      this.done();
      throw e;
    } finally {
      this.#opening = false;
    }
  }

  #ended = () => this.done();

  /** Printing ended: the page is as it was. */
  done() {
    window.removeEventListener("afterprint", this.#ended);
    this.heading = null;
    this.printing = null;
    delete document.documentElement.dataset.printing;
  }
}

/** The window's printer (one window, one print at a time). */
export const printer = new Printer();

/**
 * A cell as "Print" › "All rows" reads it from Rust (the export's CSV
 * text: amounts exact with a `.`, dates `YYYY-MM-DD`, date-times
 * `YYYY-MM-DD HH:MM:SS` in local time, choices and yes/no already
 * labelled) as the list shows it.
 */
export function printedCell(kind: FieldKind | undefined, text: string): string {
  if (text === "") return "";
  switch (kind) {
    case "decimal":
      return formatAmount(text);
    case "date":
      return formatDate(text);
    case "date_time": {
      const m = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2})$/.exec(text);
      if (!m) return text;
      const [y, mo, d, h, mi, s] = m.slice(1).map(Number);
      return formatDateTime(new Date(y, mo - 1, d, h, mi, s).toISOString()).text;
    }
    default:
      return text;
  }
}
