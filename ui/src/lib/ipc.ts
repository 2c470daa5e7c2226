// The UI's one door to the Rust side: every command goes through `call`,
// which unwraps tauri-specta's Result and throws a CommandError carrying the
// typed UiError. Components switch on `error.kind`, never on message text.
// Whether the service is reachable is Rust's verdict, pushed as the
// service's state (lib/session.svelte.ts) and given as the end of every
// read (`readList`, `readRecord`): nothing here decides it.
import { Channel } from "@tauri-apps/api/core";
import {
  commands,
  type Answer,
  type ExportColumn,
  type ExportLayout,
  type ListMessage,
  type ListViews,
  type DrillDown,
  type DoneNotice,
  type ListView,
  type Page,
  type Progress,
  type ReadDone,
  type ReadEnd as CommandReadEnd,
  type ReadyView,
  type ResourceName,
  type SaveDialog,
  type Value,
} from "./bindings";
import type { UiError } from "./errors";
import { t, type MessageKey } from "./i18n.svelte";

export type { UiError };

/** A record as list and detail commands return it: field name → JSON value. */
export type JsonRecord = { [key in string]: Value };

/** How a read ended (`{end: "fresh"}`, or the saved answer kept / nothing saved, `because` and `error`). */
export type ReadEnd = CommandReadEnd<UiError>;

/** A command failed; `error` is the typed error from Rust. */
export class CommandError extends Error {
  readonly error: UiError;
  constructor(error: UiError) {
    super(error.code);
    this.error = error;
  }
}

type Outcome<T> = { status: "ok"; data: T } | { status: "error"; error: UiError };

/** A UiError made on this side (no command behind it), its words already chosen (`text`). */
export function localError(kind: UiError["kind"], text: string, field: string | null = null): UiError {
  return { kind, code: "local", text, params: {}, service_message: null, field, field_errors: {}, retry_after_s: null };
}

/** A failure of the IPC layer itself (`detail`: what it threw). */
function internalError(detail: string): UiError {
  return { kind: "internal", code: "internal", params: { detail }, service_message: null, field: null, field_errors: {}, retry_after_s: null };
}

/** Awaits a command and returns its data, or throws a CommandError. */
export async function call<T>(pending: Promise<Outcome<T>>): Promise<T> {
  let outcome: Outcome<T>;
  try {
    outcome = await pending;
  } catch (e) {
    // A failure of the IPC layer itself (unknown command, denied permission).
    throw new CommandError(internalError(String(e)));
  }
  if (outcome.status === "error" && !isUiError(outcome.error)) {
    // Not the command's answer: Tauri's own refusal (a command missing,
    // arguments it could not read), which arrives as a bare string.
    throw new CommandError(internalError(String(outcome.error)));
  }
  if (outcome.status === "ok") return outcome.data;
  throw new CommandError(outcome.error);
}

/**
 * A read over a channel: `onmessage` gets each message as Rust sends it
 * (for a list, the views it opens with; then the saved answer, then the
 * service's: those another may follow over the channel, the last with the
 * command's reply), the promise how the read ended.
 */
function read<M>(
  onmessage: (message: M) => void,
  start: (channel: Channel<M>) => Promise<Outcome<ReadDone<M>>>,
): Promise<ReadEnd> {
  let delivered = 0;
  let done: { answers: number; arrived: () => void } | null = null;
  const channel = new Channel<M>();
  channel.onmessage = (message) => {
    delivered += 1;
    onmessage(message);
    if (done && delivered >= done.answers) done.arrived();
  };
  return call(start(channel)).then(
    ({ answers, last, end }) =>
      // A large message over the channel can arrive after the command's
      // own reply: the last answer and the end apply once every message
      // sent before them is shown.
      new Promise<ReadEnd>((resolve) => {
        const finish = () => {
          if (last) onmessage(last);
          resolve(end);
        };
        if (delivered >= answers) finish();
        else done = { answers, arrived: finish };
      }),
  );
}

/** Whether `value` is a UiError as Rust sends it (an object with a `kind` and a `code`). */
function isUiError(value: unknown): value is UiError {
  return typeof value === "object" && value !== null && typeof (value as UiError).kind === "string" && typeof (value as UiError).code === "string";
}

/** The UiError of anything caught from `call`. */
export function uiError(e: unknown): UiError {
  if (e instanceof CommandError) return e.error;
  return internalError(String(e));
}

/**
 * Reads a list the one way every list is read: `onanswer` gets the saved
 * answer (if any), then the service's; resolves with how the read ended.
 * `remember` only for the list on screen (it becomes the resource's
 * current view).
 */
function readList(
  resource: ResourceName,
  view: ListView,
  remember: boolean,
  onanswer: (answer: Answer<Page<JsonRecord>>) => void,
): Promise<ReadEnd> {
  return read(onanswer, (channel) => commands.readList(resource, view, remember, channel));
}

/**
 * Opens the list of `resource` with one read: `onopened` gets its views as
 * Rust fitted them (`current` is the view read: the one shown last, or the
 * default) before any answer; `onanswer` then gets the answers as
 * `readList` sends them; resolves with how the read ended.
 */
function openList(
  resource: ResourceName,
  onopened: (views: ListViews) => void,
  onanswer: (answer: Answer<Page<JsonRecord>>) => void,
  drillDown: DrillDown | null = null,
): Promise<ReadEnd> {
  const onmessage = (message: ListMessage) => {
    if ("opened" in message) onopened(message.opened);
    else onanswer(message);
  };
  // Ready-made views added the first time are named in the window's language.
  return read(onmessage, (channel) => commands.openList(resource, readyNames(), drillDown, channel));
}

/** The catalogue key of each ready-made view's name (every key Rust has: the compiler checks it). */
const READY_VIEW_NAMES: Record<ReadyView, MessageKey> = {
  issued_this_month: "views.ready.issued_this_month",
  in_error: "views.ready.in_error",
  drafts: "views.ready.drafts",
  due_this_week: "views.ready.due_this_week",
  overdue: "views.ready.overdue",
  new_this_month: "views.ready.new_this_month",
  added_this_month: "views.ready.added_this_month",
  active: "views.ready.active",
};

/** The ready-made views' names in the window's language, as `open_list` takes them. */
export function readyNames(): Partial<Record<ReadyView, string>> {
  return Object.fromEntries(
    Object.entries(READY_VIEW_NAMES).map(([ready, key]) => [ready, t(key)]),
  ) as Partial<Record<ReadyView, string>>;
}

/** A generated command: its arguments, and the outcome its promise resolves with. */
type Command = (...args: never[]) => Promise<Outcome<unknown>>;

/** A command's wrapper: the command's own parameters, resolving with its data (the error thrown as a CommandError). */
type Wrapper<F> = F extends (...args: infer A) => Promise<{ status: "ok"; data: infer T } | { status: "error"; error: unknown }>
  ? (...args: A) => Promise<T>
  : never;

/** Every generated command, wrapped by `call` (doc comments and parameter names are the bindings'). */
type Wrappers = { [Name in keyof typeof commands]: Wrapper<(typeof commands)[Name]> };

/**
 * `call(commands.<name>(...args))` for every command the bindings have,
 * built from them: a command added in Rust needs no edit here.
 */
function wrappers(): Wrappers {
  const wrapped: Record<string, (...args: never[]) => Promise<unknown>> = {};
  for (const name of Object.keys(commands) as (keyof typeof commands)[]) {
    // Looked up at each call, not once here.
    wrapped[name] = (...args) => call((commands[name] as Command)(...args));
  }
  return wrapped as Wrappers;
}

/**
 * Typed wrappers of every command: `ipc.<command>(...)` resolves with the
 * command's data or throws a CommandError. Those below take a callback
 * (or bytes) instead of what the command itself takes (a channel, an
 * array) and replace the plain wrapper of the same name.
 */
export const ipc = {
  ...wrappers(),
  /**
   * Reads a list the one way every list is read: `onanswer` gets the saved
   * answer (if any), then the service's; resolves with how the read ended.
   * `remember` only for the list on screen (it becomes the resource's
   * current view).
   */
  readList,
  openList,
  /** Reads one record as `readList` reads a list (a customer from its own endpoint). */
  readRecord: (resource: ResourceName, id: string, onanswer: (answer: Answer<JsonRecord>) => void) =>
    read(onanswer, (channel) => commands.readRecord(resource, id, channel)),
  /**
   * A page of `resource` from the service for a form's lookup (the view is
   * not remembered); rejects with the read's error when the service did
   * not answer (saved data is no answer to a lookup).
   */
  lookUp: async (resource: ResourceName, view: ListView): Promise<Page<JsonRecord>> => {
    let page: Page<JsonRecord> | null = null;
    const end = await readList(resource, view, false, (answer) => {
      if (answer.kind === "fresh") page = answer.value;
    });
    if (end.end !== "fresh" || page === null) throw new CommandError(end.end === "fresh" ? internalError("no answer") : end.error);
    return page;
  },
  /**
   * Takes a whole list offline; `onprogress` gets every step (over a Tauri
   * channel); `notice` words the system notification Rust shows when it
   * took long and ends while Workdesk is not the focused window.
   */
  makeAvailableOffline: (resource: ResourceName, onprogress: (step: Progress) => void, notice: DoneNotice) => {
    const channel = new Channel<Progress>();
    channel.onmessage = onprogress;
    return call(commands.makeAvailableOffline(resource, channel, notice));
  },
  /** The overview's amounts of one kind of invoice, added up from the service's records; `onprogress` gets every page. */
  overviewAmounts: (resource: ResourceName, onprogress: (step: Progress) => void) => {
    const channel = new Channel<Progress>();
    channel.onmessage = onprogress;
    return call(commands.overviewAmounts(resource, channel));
  },
  /**
   * Exports a whole list: Rust opens the save dialog, then writes the file;
   * `onprogress` gets every page (over a Tauri channel). Null when the
   * dialog was closed.
   */
  exportList: (
    resource: ResourceName,
    view: ListView,
    columns: ExportColumn[],
    layout: ExportLayout,
    dialog: SaveDialog,
    onprogress: (step: Progress) => void,
  ) => {
    const channel = new Channel<Progress>();
    channel.onmessage = onprogress;
    return call(commands.exportList(resource, view, columns, layout, dialog, channel));
  },
  /**
   * Every row of a list for printing, read the way an export reads them;
   * `onprogress` gets every page (over a Tauri channel).
   */
  printRows: (resource: ResourceName, view: ListView, columns: ExportColumn[], onprogress: (step: Progress) => void) => {
    const channel = new Channel<Progress>();
    channel.onmessage = onprogress;
    return call(commands.printRows(resource, view, columns, channel));
  },
  /** "Save as PNG": asks where (the system's save dialog) and writes `png`; null when the dialog was closed. */
  saveImage: (dialog: SaveDialog, png: Uint8Array) => call(commands.saveImage(dialog, Array.from(png))),
};
