// The UI's one door to the Rust side: every command goes through `call`,
// which unwraps tauri-specta's Result and throws a CommandError carrying the
// typed UiError. Components switch on `error.kind`, never on message text.
import { commands, type UiError } from "./bindings";

export type { UiError };

/** A command failed; `error` is the typed error from Rust. */
export class CommandError extends Error {
  readonly error: UiError;
  constructor(error: UiError) {
    super(error.message);
    this.error = error;
  }
}

type Outcome<T> = { status: "ok"; data: T } | { status: "error"; error: UiError };

/** Awaits a command and returns its data, or throws a CommandError. */
export async function call<T>(pending: Promise<Outcome<T>>): Promise<T> {
  let outcome: Outcome<T>;
  try {
    outcome = await pending;
  } catch (e) {
    // A failure of the IPC layer itself (unknown command, denied permission).
    throw new CommandError({
      kind: "internal",
      message: `Workdesk hit an internal problem (${String(e)}). Please restart the app.`,
      field: null,
      retry_after_s: null,
    });
  }
  if (outcome.status === "ok") return outcome.data;
  throw new CommandError(outcome.error);
}

/** The UiError of anything caught from `call`. */
export function uiError(e: unknown): UiError {
  if (e instanceof CommandError) return e.error;
  return { kind: "internal", message: String(e), field: null, retry_after_s: null };
}

/** Typed wrappers of every command. */
export const ipc = {
  workspaceStatus: () => call(commands.workspaceStatus()),
  connect: (baseUrl: string, apiKey: string | null) => call(commands.connect(baseUrl, apiKey)),
  saveBaseUrl: (baseUrl: string) => call(commands.saveBaseUrl(baseUrl)),
  setApiKey: (apiKey: string) => call(commands.setApiKey(apiKey)),
  getApiKey: () => call(commands.getApiKey()),
  clearApiKey: () => call(commands.clearApiKey()),
  listSupplierInvoices: (query: Parameters<typeof commands.listSupplierInvoices>[0]) =>
    call(commands.listSupplierInvoices(query)),
  startDemo: () => call(commands.startDemo()),
  stopDemo: () => call(commands.stopDemo()),
};
