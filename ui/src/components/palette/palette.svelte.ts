// The command palette's state (CommandPalette.svelte): the text typed, the
// records Rust found for it (`palette_search`, one call a moment after the
// typing stops), and what the palette offers, in groups. What to search,
// how many, where from and the shortest text searched are Rust's
// (core/src/reading/palette.rs); this file shows the newest answer only:
// an answer with a lower sequence than one shown, or one Rust says was
// superseded, is dropped. Sections, saved views and commands are the
// window's own, matched here by the words typed.
import {
  LIMITS,
  type DetailValue,
  type PaletteAnswer,
  type PaletteGroup,
  type PaletteResult,
  type RecentRecord,
  type ResourceName,
  type ResourceSchema,
  type SavedBecause,
} from "../../lib/bindings";
import { errorText } from "../../lib/errors";
import { choiceLabel, formatValue, resourceLabel } from "../../lib/fields";
import { t, type MessageKey } from "../../lib/i18n.svelte";
import { uiError } from "../../lib/ipc";

/** One option of the palette. */
export type PaletteItem = {
  /** Unique in the palette: its kind and what it opens. */
  key: string;
  /** What the option says first: a record's name, a section, a command. */
  label: string;
  /** Said after it, dimmer: a document number, a status, the list, a shortcut. */
  detail: string[];
  /** Opens it (the palette is closed first). */
  run: () => void;
};

/** A group of options under its heading. */
export type ItemGroup = {
  key: string;
  /** Its heading. */
  heading: string;
  /** Its name for a screen reader (the heading, and where records come from). */
  label: string;
  /** "service" or "saved", beside a list's heading. */
  tag?: string;
  /** Why saved, in the tag's tooltip. */
  why?: string;
  /** "5 of 24", when more match than are shown. */
  more?: string;
  /** Why a list found nothing (its error, worded). */
  error?: string;
  items: PaletteItem[];
};

/** Lower case, without accents: "Óptica" is found by "optica". */
function folded(text: string): string {
  return text.normalize("NFD").replace(/\p{Diacritic}/gu, "").toLowerCase();
}

/** Whether every word of `text` is in `label` (case and accents aside); an empty text matches all. */
export function matchesText(label: string, text: string): boolean {
  const haystack = folded(label);
  return folded(text)
    .split(/\s+/)
    .filter((w) => w !== "")
    .every((word) => haystack.includes(word));
}

/** Why a group comes from the saved records, worded. */
const WHY: Record<SavedBecause, MessageKey> = {
  saved_whole: "palette.saved.saved_whole",
  keep_reserve: "palette.saved.keep_reserve",
  working_offline: "palette.saved.working_offline",
  offline: "palette.saved.offline",
  service_error: "palette.saved.service_error",
  rate_limited: "palette.saved.rate_limited",
};

/** A detail value of a match, as its field shows it (a status by its label). */
function detailText(schema: ResourceSchema | undefined, detail: DetailValue): string {
  const field = schema?.fields.find((f) => f.name === detail.field);
  if (field?.kind === "choice" && typeof detail.value === "string") return choiceLabel(detail.field, detail.value);
  return formatValue(field, detail.field, detail.value).text;
}

/** Match `result` of `resource` as an option opening with `open` (`kind` tells options of the same record apart). */
function resultItem(kind: string, resource: ResourceName, result: PaletteResult, schema: ResourceSchema | undefined, open: () => void, more: string[] = []): PaletteItem {
  return {
    key: `${kind}:${resource}:${result.id}`,
    label: result.title || t("forms.picker.untitled", { one: resourceLabel[resource].singular }),
    detail: [...more, ...result.detail.map((d) => detailText(schema, d)).filter((text) => text !== "")],
    run: open,
  };
}

/** The records opened last (Rust's `recent_records`, newest first), each saying its list, opening with `open`. */
export function recentGroup(
  recent: RecentRecord[],
  schemas: ResourceSchema[],
  open: (resource: ResourceName, id: string) => void,
): ItemGroup {
  const heading = t("palette.group_recent");
  return {
    key: "recent",
    heading,
    label: heading,
    items: recent.map((r) =>
      resultItem(
        "recent",
        r.resource,
        r.result,
        schemas.find((s) => s.resource === r.resource),
        () => open(r.resource, r.result.id),
        [resourceLabel[r.resource].singular],
      ),
    ),
  };
}

/** The groups of records in `answer`: each list that found something (or failed), its matches opening with `open`. */
export function recordGroups(
  answer: PaletteAnswer | null,
  schemas: ResourceSchema[],
  open: (group: PaletteGroup, id: string) => void,
): ItemGroup[] {
  if (answer === null) return [];
  return answer.groups
    .filter((g) => g.results.length > 0 || g.error !== null)
    .map((group) => {
      const schema = schemas.find((s) => s.resource === group.resource);
      const list = resourceLabel[group.resource].plural;
      const saved = group.source.kind === "saved";
      return {
        key: `records:${group.resource}`,
        heading: list,
        label: t(saved ? "palette.group_saved" : "palette.group_service", { list }),
        tag: t(saved ? "palette.from_saved" : "palette.from_service"),
        why: group.source.kind === "saved" ? t(WHY[group.source.because]) : undefined,
        more: group.count > group.results.length ? t("palette.shown_of", { shown: group.results.length, count: group.count }) : undefined,
        error: group.error ? errorText(group.error) : undefined,
        items: group.results.map((result) => resultItem("record", group.resource, result, schema, () => open(group, result.id))),
      };
    });
}

/** Whether some list of `answer` kept the key's reserve (said once under the results). */
export function keptReserve(answer: PaletteAnswer | null): boolean {
  return answer?.groups.some((g) => g.source.kind === "saved" && g.source.because === "keep_reserve") ?? false;
}

/**
 * The records found for the text typed: one `palette_search` a moment
 * after the typing stops (`pause` ms, LIMITS.typing_pause_ms), the newest
 * answer shown.
 */
export class RecordSearch {
  /** The answer shown (null before the first, or with nothing typed). */
  answer = $state<PaletteAnswer | null>(null);
  /** A search is under way for the text typed. */
  searching = $state(false);
  /** Why the last search failed as a whole (no workspace), worded. */
  problem = $state<string | null>(null);
  /** The highest sequence taken: an older answer is never shown after it. */
  #shown = 0;
  #timer: ReturnType<typeof setTimeout> | undefined;
  readonly #search: (text: string) => Promise<PaletteAnswer>;
  readonly #pause: number;

  constructor(search: (text: string) => Promise<PaletteAnswer>, pause: number = LIMITS.typing_pause_ms) {
    this.#search = search;
    this.#pause = pause;
  }

  /** The text typed is now `text`: searched after the pause (nothing typed: nothing shown). */
  typed(text: string) {
    clearTimeout(this.#timer);
    if (text.trim() === "") {
      this.answer = null;
      this.searching = false;
      this.problem = null;
      return;
    }
    this.searching = true;
    this.#timer = setTimeout(() => void this.run(text), this.#pause);
  }

  /** Searches `text` now. */
  async run(text: string) {
    try {
      this.take(await this.#search(text));
    } catch (e) {
      this.problem = errorText(uiError(e));
      this.searching = false;
    }
  }

  /** Shows `answer` unless a newer one was shown or Rust superseded it. */
  take(answer: PaletteAnswer) {
    if (answer.superseded || answer.sequence <= this.#shown) return;
    this.#shown = answer.sequence;
    this.answer = answer;
    this.problem = null;
    this.searching = false;
  }

  /** Stops the search waiting for the pause (the palette closed). */
  stop() {
    clearTimeout(this.#timer);
  }
}
