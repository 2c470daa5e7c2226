// Where a RecordPicker finds its matches. What to read is Rust's
// (`ResourceSchema.picker` and `.references`, core/src/reading/pickers.rs): the
// view, the field a choice holds, the title and detail fields. This file
// only reads that view with the words typed as its `search`, through the
// one read path (the saved matches at once, then the service's), and
// words each record as a choice.
import type { ListView, ResourceName, ResourceSchema, SeenMember } from "../../lib/bindings";
import { errorText } from "../../lib/errors";
import { choiceLabel, fieldLabel, formatValue, resourceLabel } from "../../lib/fields";
import { formatDateTime } from "../../lib/format";
import { t } from "../../lib/i18n.svelte";
import { ipc, uiError, type JsonRecord } from "../../lib/ipc";

/** One option of a picker. */
export type Choice = {
  /** What the field holds once it is chosen (an ID). */
  value: string;
  /** What the input shows: the record's name, title or number. */
  title: string;
  /** Shown after the title: document number, status, counts. */
  detail: string[];
  /** For a task's "About": the `entity_id` the record gives (null: none). */
  entity?: string | null;
};

/** One answer of a picker's read. */
export type Found = {
  choices: Choice[];
  /** How many records match in all (null: not known). */
  count: number | null;
  /** Whether the choices come from the records saved on this computer. */
  saved: boolean;
  /** Why there are no choices (the read's error, worded). */
  problem?: string;
  /** Said under saved choices instead of "From the records saved on this computer". */
  note?: string;
};

/** Where a picker of records of `resource` reads, and what a choice holds. */
export type RecordSource = {
  resource: ResourceName;
  /** The field of a record a choice holds (`id`, `person_or_company_id`). */
  value: string;
  /** The view to read, without its search. */
  view: ListView;
  /** For a task's "About": the fields whose first non-null value is the `entity_id`. */
  entity?: string[];
};

function schemaOf(schemas: ResourceSchema[], resource: ResourceName): ResourceSchema | undefined {
  return schemas.find((s) => s.resource === resource);
}

/** The picker of `resource`'s own records, holding their `id`. */
export function recordSource(schemas: ResourceSchema[], resource: ResourceName): RecordSource | null {
  const schema = schemaOf(schemas, resource);
  return schema ? { resource, value: "id", view: schema.picker.view } : null;
}

/** The picker of field `field` of `resource`'s records (a lead's `company`), when it names a record. */
export function referenceSource(schemas: ResourceSchema[], resource: ResourceName, field: string): RecordSource | null {
  const to = schemaOf(schemas, resource)?.references.find((r) => r.field === field)?.to;
  return to?.kind === "record" ? { resource: to.resource, value: to.value, view: to.view } : null;
}

/** The kinds of record a task may be about, each with its picker. */
export function aboutSources(schemas: ResourceSchema[]): RecordSource[] {
  const to = schemaOf(schemas, "task")?.references.find((r) => r.field === "record_id")?.to;
  if (to?.kind !== "about") return [];
  return to.kinds.map((kind) => ({ resource: kind.resource, value: "id", view: kind.view, entity: kind.entity }));
}

/**
 * `record` as a choice of `source` (null without the value field). With
 * `names` (the titles of the records its picker's `named_by` fields name,
 * by value), the first one named titles the choice, and the record's own
 * title goes first in its detail: a lead as its company, else its person,
 * else its source.
 */
export function choiceOf(schemas: ResourceSchema[], source: RecordSource, record: JsonRecord, names?: Map<string, string>): Choice | null {
  const value = record[source.value];
  if (typeof value !== "string" || value === "") return null;
  const schema = schemaOf(schemas, source.resource);
  const picker = schema?.picker;
  const shown = (name: string) => {
    const field = schema?.fields.find((f) => f.name === name);
    const raw = record[name];
    if (field?.kind === "choice" && typeof raw === "string") return choiceLabel(name, raw);
    return formatValue(field, name, raw).text;
  };
  const title = picker ? shown(picker.title) : "";
  const detail = (picker?.detail ?? [])
    .map((name) => [name, shown(name)] as const)
    .filter(([, text]) => text !== "")
    .map(([name, text]) => `${fieldLabel(name)} ${text}`);
  const entity = source.entity?.map((f) => record[f]).find((v): v is string => typeof v === "string" && v !== "");
  const named = (picker?.named_by ?? [])
    .map((field) => [field, record[field]] as const)
    .map(([field, id]) => [field, typeof id === "string" ? names?.get(id.toLowerCase()) : undefined] as const)
    .filter((pair): pair is readonly [string, string] => pair[1] !== undefined);
  if (named.length > 0 && picker) {
    const [, first] = named[0];
    const others = named.slice(1).map(([field, name]) => `${fieldLabel(field)} ${name}`);
    return {
      value,
      title: first,
      detail: [...others, ...(title ? [`${fieldLabel(picker.title)} ${title}`] : []), ...detail],
      ...(source.entity ? { entity: entity ?? null } : {}),
    };
  }
  return {
    value,
    title: title || t("forms.picker.untitled", { one: resourceLabel[source.resource].singular }),
    detail,
    ...(source.entity ? { entity: entity ?? null } : {}),
  };
}

/**
 * Reads the matches of `words` from `source`: the saved ones at once (when
 * there are), then the service's. A refused search or a read with no
 * answer is shown as the list's `problem`.
 */
export function findRecords(schemas: ResourceSchema[], source: RecordSource) {
  return async (words: string, show: (found: Found) => void): Promise<void> => {
    const view: ListView = { ...source.view, search: words };
    const toFound = (page: { count: number; results: JsonRecord[] }, saved: boolean, names?: Map<string, string>): Found => ({
      choices: page.results.map((r) => choiceOf(schemas, source, r, names)).filter((c): c is Choice => c !== null),
      count: page.count,
      saved,
    });
    let answered = false;
    /** Bumped by every answer: names found for an older one are not shown. */
    let latest = 0;
    try {
      const end = await ipc.readList(source.resource, view, false, (answer) => {
        answered = true;
        const mine = ++latest;
        const saved = answer.kind === "saved";
        show(toFound(answer.value, saved));
        void nameRecords(schemas, source.resource, answer.value.results, (names) => {
          if (mine === latest) show(toFound(answer.value, saved, names));
        });
      });
      if (!answered && end.end !== "fresh") show({ choices: [], count: null, saved: true, problem: errorText(end.error) });
    } catch (e) {
      show({ choices: [], count: null, saved: false, problem: errorText(uiError(e)) });
    }
  };
}

/**
 * The titles the saved records give the records `records`' `named_by`
 * fields name (Rust's `Picker::named_by`: a lead's company and person), by
 * lower-case value: `reference_names`, which reads saved data only (no
 * request). `show` gets them when there are any; nothing when the
 * resource names none or saved data cannot tell: the choices keep their
 * own titles.
 */
async function nameRecords(
  schemas: ResourceSchema[],
  resource: ResourceName,
  records: JsonRecord[],
  show: (names: Map<string, string>) => void,
): Promise<void> {
  const references = (schemaOf(schemas, resource)?.picker.named_by ?? [])
    .map((field) => ({ field, ids: [...new Set(records.map((r) => r[field]).filter((v): v is string => typeof v === "string" && v !== ""))] }))
    .filter((r) => r.ids.length > 0);
  if (references.length === 0) return;
  try {
    const named = await ipc.referenceNames(resource, references);
    if (named.length > 0) show(new Map(named.map((n) => [n.id.toLowerCase(), n.name])));
  } catch {
    // Not named: the records keep their own titles.
  }
}

/** The choice of `source` whose value is `value`, from the saved records or the service; null when none. */
export function titleOfRecord(schemas: ResourceSchema[], source: RecordSource) {
  return async (value: string): Promise<Choice | null> => {
    const view: ListView = {
      ...source.view,
      search: "",
      filters: [...(source.view.filters ?? []), { or: false, not: false, field: source.value, operator: "exact", values: [value] }],
    };
    let choice: Choice | null = null;
    await ipc.readList(source.resource, view, false, (answer) => {
      const record = answer.value.results[0];
      choice = record ? choiceOf(schemas, source, record) : choice;
    });
    return choice;
  };
}

/** "Member 3f2b6c1e": how a member is named (the service gives members no names). */
export function memberTitle(id: string): string {
  return t("forms.picker.member", { short: id.slice(0, 8) });
}

function memberChoice(member: SeenMember): Choice {
  const newest = member.newest;
  const kind = resourceLabel[newest.resource].singular;
  const date = formatDateTime(newest.at).text;
  return {
    value: member.id,
    title: memberTitle(member.id),
    detail: [
      t("forms.picker.member_records", { count: member.records }),
      newest.title
        ? t("forms.picker.member_newest", { what: newest.title, kind, date })
        : t("forms.picker.member_newest_untitled", { kind, date }),
    ],
  };
}

/**
 * The members the saved records of the workspace name (`members_seen`,
 * read once per picker), those whose ID contains the words typed (hyphens
 * and case ignored), most named first.
 */
export function findMembers() {
  let members: Promise<SeenMember[]> | null = null;
  const all = () => (members ??= ipc.membersSeen());
  const bare = (text: string) => text.replace(/-/g, "").toLowerCase();
  const find = async (words: string, show: (found: Found) => void): Promise<void> => {
    try {
      const wanted = bare(words.trim());
      const matching = (await all()).filter((m) => bare(m.id).includes(wanted));
      show({
        choices: matching.slice(0, 50).map(memberChoice),
        count: matching.length,
        saved: true,
        note: t("forms.picker.members_note"),
      });
    } catch (e) {
      members = null;
      show({ choices: [], count: null, saved: true, problem: errorText(uiError(e)) });
    }
  };
  const titleOf = async (id: string): Promise<Choice | null> => {
    const member = (await all()).find((m) => m.id === id.toLowerCase());
    return member ? memberChoice(member) : { value: id, title: memberTitle(id), detail: [] };
  };
  return { find, titleOf };
}
