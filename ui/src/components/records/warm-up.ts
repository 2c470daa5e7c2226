// The first screen's code run once before it is needed. JavaScriptCore
// compiles a function when it is first called, and Svelte parses a
// template the first time it is used: a workspace's first screen, created
// for the first time, took about twice as long as the same screen created
// again (BENCHMARKS.md, "Issue 48: the first screen warmed up"). While
// the first-run form waits for the user, the parts of that screen that
// need no service (the navigation, the status bar, the list's tools,
// table, totals and pager) are rendered with sample records into an
// element off screen and removed, each part in a task of its own (so that
// a key typed meanwhile waits for one part at most): never painted, never
// seen by a screen reader (inert, hidden) or by anything else on the page.
// None of them asks Rust anything: the sample names no other record and
// is a whole list (its totals are its own).
import { flushSync, mount, unmount } from "svelte";
import type { FieldSchema, ResourceName, ResourceSchema, Value } from "../../lib/bindings";
import { defaultView } from "../../lib/columns";
import { prepareFormats } from "../../lib/format";
import { ipc, type JsonRecord } from "../../lib/ipc";
import { measure, nextTask } from "../../lib/marks";
import { sectionsOf } from "../../lib/sections";
import AppNav from "../app/AppNav.svelte";
import StatusBar from "../StatusBar.svelte";
import { prepareColumnWidths } from "./column-width";
import ColumnChooser from "./ColumnChooser.svelte";
import Pager from "./Pager.svelte";
import RecordTable from "./RecordTable.svelte";
import SavedViews from "./SavedViews.svelte";
import Totals from "./Totals.svelte";

/** Rows in the sample: more than a window shows, so every row the table renders has a record. */
const SAMPLE_ROWS = 60;

/**
 * A sample value for `field` in row `i`, as the service sends it: the
 * record's own id, and no reference to other records (naming them would
 * ask Rust).
 */
function sampleValue(field: FieldSchema, i: number): Value {
  switch (field.kind) {
    case "string":
      return `Sample ${i}`;
    case "uuid":
      return field.name === "id" ? `00000000-0000-4000-8000-${String(i).padStart(12, "0")}` : null;
    case "integer":
      return i;
    case "decimal":
      return `${1000 + i}.50`;
    case "date_time":
      return "2026-12-28T22:58:00Z";
    case "date":
      return "2026-12-28";
    case "boolean":
      return i % 2 === 0;
    case "choice":
      return field.choices[0] ?? null;
    case "json":
      return null;
  }
}

/** `SAMPLE_ROWS` sample records of `schema`. */
export function sampleRecords(schema: ResourceSchema): JsonRecord[] {
  return Array.from({ length: SAMPLE_ROWS }, (_, i) => Object.fromEntries(schema.fields.map((f) => [f.name, sampleValue(f, i)])));
}

/** One part of the first screen, mounted into `target`. */
type Part = (target: HTMLElement) => Record<string, unknown>;

/** The first screen's parts for `schema`'s list (one of `schemas`), in screen order. */
function parts(schemas: ResourceSchema[], schema: ResourceSchema): Part[] {
  const none = () => {};
  const view = defaultView(schema);
  const columns = schema.default_columns;
  const records = sampleRecords(schema);
  return [
    (target) => mount(AppNav, { target, props: { sections: sectionsOf(schemas), screen: { kind: "list", resource: schema.resource }, ongo: none } }),
    (target) => mount(StatusBar, { target, props: { onoutbox: none } }),
    (target) => mount(ColumnChooser, { target, props: { schema, columns, onchange: none } }),
    (target) => mount(SavedViews, { target, props: { resource: schema.resource, saved: [], current: () => view, onapply: none } }),
    (target) =>
      mount(RecordTable, {
        target,
        props: { schema, columns, records, sort: [], busy: false, caption: "", emptyText: "", onsort: none, onopen: none },
      }),
    (target) => mount(Totals, { target, props: { schema, view, columns, records, count: records.length } }),
    (target) => mount(Pager, { target, props: { page: 1, pageCount: 1, take: view.take, ongo: none, ontake: none } }),
  ];
}

/** Whether a list was created in this window: its code has run, and needs no warm-up. */
let created = false;

/** Called as each list is created (ListView.svelte): a warm-up under way stops. */
export function listCreated(): void {
  created = true;
}

/**
 * Renders the first screen's parts for `schema` (one of `schemas`) off
 * screen and removes them, each part in a task of its own (the measure
 * `workdesk:warm-up`, one per part); stops once a list is created.
 */
export async function warmUp(schemas: ResourceSchema[], schema: ResourceSchema): Promise<void> {
  for (const part of parts(schemas, schema)) {
    if (created) return;
    const started = performance.now();
    const host = document.createElement("div");
    host.className = "warm-up";
    host.inert = true;
    host.setAttribute("aria-hidden", "true");
    document.body.append(host);
    try {
      const rendered = part(host);
      flushSync();
      void unmount(rendered);
    } finally {
      host.remove();
      measure("workdesk:warm-up", started, performance.now());
    }
    await nextTask();
  }
}

/**
 * Readies what a list's first page needs before any list is created (its
 * fonts looked up, its formatters made) and, unless one was created in the
 * meantime, warms up the first screen of `resource`'s list (`warmUp`,
 * with the schemas Rust sends: `resource_schemas`). Called by app.ts while
 * the first-run form waits.
 */
export function prepare(resource: ResourceName): void {
  prepareColumnWidths();
  prepareFormats();
  ipc
    .resourceSchemas()
    .then((schemas) => {
      const schema = schemas.find((s) => s.resource === resource);
      return schema && warmUp(schemas, schema);
    })
    .catch(() => {
      // No schemas, no warm-up: the first screen is only slower to create.
    });
}
