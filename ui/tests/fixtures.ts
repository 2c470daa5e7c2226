// Shapes the Rust commands return, for mocked IPC.
import type { WorkspaceStatus } from "../src/lib/bindings";
import type { UiError } from "../src/lib/errors";
import { firstRunStatus } from "../src/lib/first-screen";

/** A first run: the status the prerendered first-run form is taken over with, before Rust's answer. */
export const setupStatus: WorkspaceStatus = firstRunStatus("system");

/** A workspace connected to a service, its key in the keychain, on supplier invoices. */
export const acme = { id: "0f3a9c1e2b7d4e6f8a1b2c3d4e5f6a7b", name: "Acme S.A.S.", base_url: "https://api.example.com/", proxy: null };

export const serviceStatus: WorkspaceStatus = {
  mode: "service",
  workspace: acme,
  workspaces: [acme],
  base_url: "https://api.example.com/",
  key: { hint: "service_…3f9a", storage: "keychain", needed: null, refusal: null },
  keychain: { available: true, reason: null },
  last_resource: "supplier_invoice",
  opens_overview: false,
  working_offline: false,
  language: "system",
  density: "normal",
  zoom_percent: 100,
  settings_notice: null,
};

export function uiError(kind: UiError["kind"], message: string, field: string | null = null): UiError {
  return { kind, code: "local", text: message, params: {}, service_message: null, field, field_errors: {}, retry_after_s: null };
}
