// The first screen's code run once before it is needed: JavaScriptCore
// compiles a function when it is first called, and Svelte parses a
// template the first time it is used, so a workspace's first screen,
// created for the first time, took about twice as long as the same screen
// created again (BENCHMARKS.md, issue 48, eighth sitting). While the
// first-run form waits for the user, WarmUp.svelte renders the parts of
// that screen that need no service, with sample records, into an element
// off screen, and removes them in the same task: never painted, never
// seen by a screen reader (inert, hidden) or by anything else on the page.
import { flushSync, mount, unmount } from "svelte";
import type { FieldSchema, ResourceName, ResourceSchema, Value } from "../../lib/bindings";
import { prepareFormats } from "../../lib/format";
import { ipc, type JsonRecord } from "../../lib/ipc";
import { prepareColumnWidths } from "./column-width";
import WarmUp from "./WarmUp.svelte";

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

/**
 * Renders the first screen's parts for `schema` (one of `schemas`) off
 * screen and removes them, all in one task.
 */
export function warmUp(schemas: ResourceSchema[], schema: ResourceSchema): void {
  const host = document.createElement("div");
  host.className = "warm-up";
  host.inert = true;
  host.setAttribute("aria-hidden", "true");
  document.body.append(host);
  try {
    const rendered = mount(WarmUp, { target: host, props: { schemas, schema, records: sampleRecords(schema) } });
    flushSync();
    void unmount(rendered);
  } finally {
    host.remove();
  }
}

/** Whether a list was created in this window: its code has run, and needs no warm-up. */
let created = false;

/** Called as each list is created (ListView.svelte). */
export function listCreated(): void {
  created = true;
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
      if (schema && !created) warmUp(schemas, schema);
    })
    .catch(() => {
      // No schemas, no warm-up: the first screen is only slower to create.
    });
}
