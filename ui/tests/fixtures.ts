// Shapes the Rust commands return, for mocked IPC.
import type { UiError, WorkspaceStatus } from "../src/lib/bindings";

export const setupStatus: WorkspaceStatus = {
  mode: "setup",
  base_url: null,
  key: { hint: null, storage: null },
  keychain: { available: true, reason: null },
  last_resource: "supplier_invoice",
  working_offline: false,
  language: "system",
};

export function uiError(kind: UiError["kind"], message: string, field: string | null = null): UiError {
  return { kind, message, field, field_errors: {}, retry_after_s: null };
}
