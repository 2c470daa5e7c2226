// Pickers of records the service lists no endpoint for (a stakeholder's
// geographic location and document type), found through the records that
// reference them: Rust's `ReferenceTo::Related` (core/src/reading/pickers.rs)
// says which resource to list, which field holds the id, which field (if
// any) names it, and which related conditions find the ids of the words
// typed. This file reads that view through the one read path
// (`ipc.readList`: the saved answer, then the service's) and words the
// distinct ids as choices: the ids in use (read once), then, for words
// typed, those the service's related filters find. The service never
// returns a location's name, so such a choice is titled by the words that
// found it (remembered for this session, to title it again), honestly
// said so.
import type { FilterSpec, ListView, ResourceName, ResourceSchema } from "../../lib/bindings";
import { errorText } from "../../lib/errors";
import { t } from "../../lib/i18n.svelte";
import { ipc, uiError, type JsonRecord } from "../../lib/ipc";
import type { Choice, Found } from "./pickers";

/** Where a picker of ids found through other records reads (Rust's `ReferenceTo::Related`). */
export type RelatedSource = {
  resource: ResourceName;
  value: string;
  title: string | null;
  by: FilterSpec[];
  view: ListView;
};

/** The related reference of `field` of `resource`'s records (a stakeholder's `geographic_location`), if it is one. */
export function relatedSource(schemas: ResourceSchema[], resource: ResourceName, field: string): RelatedSource | null {
  const to = schemas.find((s) => s.resource === resource)?.references.find((r) => r.field === field)?.to;
  return to?.kind === "related" ? { resource: to.resource, value: to.value, title: to.title, by: to.by, view: to.view } : null;
}

/** Names learnt this session for ids with no name of their own, by source field then lower-case id. */
const learnt = new Map<string, Map<string, string>>();

/** One id in use: how many of the records read hold it, and the name they give it (if any). */
type Held = { id: string; count: number; name: string | null };

/** The distinct values of `source.value` among `records`, the most held first. */
export function distinctIds(source: RelatedSource, records: JsonRecord[]): Held[] {
  const byId = new Map<string, Held>();
  for (const record of records) {
    const id = record[source.value];
    if (typeof id !== "string" || id === "") continue;
    const name = source.title ? record[source.title] : null;
    const held = byId.get(id.toLowerCase()) ?? { id, count: 0, name: typeof name === "string" && name.trim() ? name.trim() : null };
    held.count += 1;
    byId.set(id.toLowerCase(), held);
  }
  return [...byId.values()].sort((a, b) => b.count - a.count);
}

/** Lower case, without accents: "Medellín" finds "medellin". */
const folded = (text: string) => text.normalize("NFD").replace(/\p{M}/gu, "").toLowerCase();

/**
 * The picker of `source`'s ids: `noun` names one ("location") when it has
 * no name ("Location 3f2b6c1e"). `find` shows the ids in use whose name
 * contains the words at once, then those the service finds by them;
 * `titleOf` names a held id.
 */
export function findRelated(source: RelatedSource, noun: string) {
  const names = learnt.get(source.value) ?? new Map<string, string>();
  learnt.set(source.value, names);
  /** The ids in use, and whether they come from only some of the records (more than one page). */
  let seen: Promise<{ held: Held[]; partial: boolean }> | null = null;

  /** The ids in use: the view as it is (the saved answer, then the service's). */
  const inUse = () =>
    (seen ??= (async () => {
      let held: Held[] = [];
      let partial = false;
      await ipc.readList(source.resource, { ...source.view, search: "" }, false, (answer) => {
        held = distinctIds(source, answer.value.results);
        partial = answer.value.results.length < answer.value.count;
      });
      return { held, partial };
    })().catch((e) => {
      seen = null;
      throw e;
    }));

  const nameOf = (held: Held) => held.name ?? names.get(held.id.toLowerCase()) ?? null;

  const usedBy = (held: Held, partial: boolean) =>
    partial ? t("forms.related.used_by_at_least", { count: held.count }) : t("forms.related.used_by", { count: held.count });

  const seenChoice = (held: Held, partial: boolean): Choice => {
    const name = nameOf(held);
    const learntName = held.name === null && name !== null;
    return {
      value: held.id,
      title: learntName ? t("forms.related.words_title", { words: name }) : (name ?? t("forms.related.untitled", { noun, short: held.id.slice(0, 8) })),
      detail: [...(learntName ? [t("forms.related.named_by_words", { words: name })] : []), usedBy(held, partial)],
    };
  };

  const foundChoice = (held: Held, words: string, partial: boolean): Choice => {
    if (held.name) return seenChoice(held, partial);
    return {
      value: held.id,
      title: t("forms.related.words_title", { words }),
      detail: [t("forms.related.named_by_words", { words }), t("forms.related.short_id", { short: held.id.slice(0, 8) }), usedBy(held, partial)],
    };
  };

  const find = async (words: string, show: (found: Found) => void): Promise<void> => {
    const wanted = folded(words.trim());
    let inUseChoices: Choice[] = [];
    let inUseProblem: string | undefined;
    try {
      const { held, partial } = await inUse();
      const matching = held.filter((h) => {
        const name = nameOf(h);
        return wanted === "" || (name !== null && folded(name).includes(wanted)) || h.id.toLowerCase().startsWith(wanted);
      });
      inUseChoices = matching.map((h) => seenChoice(h, partial));
      show({ choices: inUseChoices, count: inUseChoices.length, saved: true, note: t("forms.related.in_use_note") });
    } catch (e) {
      inUseProblem = errorText(uiError(e));
    }
    if (wanted === "") {
      if (inUseProblem) show({ choices: [], count: null, saved: true, problem: inUseProblem });
      return;
    }
    /** Without the service: the ids in use the words find, and that names are searched when connected. */
    const showInUse = () =>
      show(
        inUseChoices.length > 0
          ? { choices: inUseChoices, count: inUseChoices.length, saved: true, note: t("forms.related.names_when_connected") }
          : { choices: [], count: null, saved: true, problem: t("forms.related.names_when_connected_none") },
      );
    const view: ListView = {
      ...source.view,
      search: "",
      filters: [...(source.view.filters ?? []), ...source.by.map((f) => ({ ...f, values: [words.trim()] }))],
    };
    try {
      let choices: Choice[] = [];
      let fresh = false;
      const end = await ipc.readList(source.resource, view, false, (answer) => {
        const held = distinctIds(source, answer.value.results);
        const partial = answer.value.results.length < answer.value.count;
        // A location so found is named by the words that found it, unless it has a name already.
        if (answer.kind === "fresh") for (const h of held) if (!h.name && !names.has(h.id.toLowerCase())) names.set(h.id.toLowerCase(), words.trim());
        choices = held.map((h) => foundChoice(h, words.trim(), partial));
        fresh ||= answer.kind === "fresh";
      });
      const others = inUseChoices.filter((c) => !choices.some((f) => f.value.toLowerCase() === c.value.toLowerCase()));
      const all = [...choices, ...others];
      if (end.end === "fresh" || choices.length > 0) show({ choices: all, count: all.length, saved: !fresh });
      else showInUse();
    } catch (e) {
      // Offline the saved records cannot search the related names: the ids in use stay.
      if (inUseProblem === undefined) showInUse();
      else show({ choices: [], count: null, saved: false, problem: errorText(uiError(e)) });
    }
  };

  const titleOf = async (id: string): Promise<Choice | null> => {
    const seenIds = await inUse().catch(() => ({ held: [] as Held[], partial: false }));
    const held = seenIds.held.find((h) => h.id.toLowerCase() === id.toLowerCase());
    if (held) return seenChoice(held, seenIds.partial);
    const name = names.get(id.toLowerCase());
    return name ? { value: id, title: t("forms.related.words_title", { words: name }), detail: [t("forms.related.named_by_words", { words: name })] } : null;
  };

  return { find, titleOf };
}
