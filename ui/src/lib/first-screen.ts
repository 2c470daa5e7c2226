// The window's first screen on a first run, drawn before the UI's scripts
// are read. Rust tells the page, before any of its scripts run, whether this
// start opens on the first-run form (`window.__workdeskFirstScreen`,
// src-tauri/crates/core/src/first_screen.rs). The page holds the form
// prerendered at build time, once per language (ui/prerender.mjs renders
// App with `firstRunStatus`); ui/src/first-screen.ts, a plain script
// inline right after that markup, puts the form in the window's language into
// `#app`; app.ts then takes it over (Svelte's hydration) instead of
// drawing it again. What was typed meanwhile stays (Svelte keeps an
// input's value that changed before hydration). Rust's first
// `workspace_status` answer then replaces the status assumed here, as on
// every start.
import type { FirstScreen, LanguageChoice, WorkspaceStatus } from "./bindings";
import { resolveLanguage, systemLanguages, type Language } from "./language";

declare global {
  interface Window {
    /** Set by Rust's initialization script before the page's scripts run. */
    __workdeskFirstScreen?: FirstScreen;
  }
}

/** The id of the `<template>` holding the first-run form prerendered in `language`. */
export const templateId = (language: Language): string => `first-run-${language}`;

/**
 * The status the first-run form is prerendered and taken over with: no
 * workspace, a working keychain, the settings' defaults and `language`.
 * Only until Rust's first answer, which replaces it (a keychain that does
 * not work then shows its notice).
 */
export function firstRunStatus(language: LanguageChoice): WorkspaceStatus {
  return {
    mode: "setup",
    workspace: null,
    workspaces: [],
    base_url: null,
    key: { hint: null, storage: null, needed: null, refusal: null },
    keychain: { available: true, reason: null },
    last_resource: "supplier_invoice",
    opens_overview: false,
    working_offline: false,
    language,
    density: "normal",
    zoom_percent: 100,
    settings_notice: null,
  };
}

/**
 * The language (and locale) to draw the prerendered first-run form in,
 * when Rust said this start opens on it (`first`) and the page is not
 * reloaded (Rust told the window once, when it was created); null
 * otherwise: the first screen then waits for Rust's first answer, so a
 * returning user never sees the form.
 */
export function firstRunLanguage(
  first: FirstScreen | undefined,
  reloaded: boolean,
  system: readonly string[] = systemLanguages(),
): { language: Language; locale: string } | null {
  return first?.first_run && !reloaded ? resolveLanguage(first.language, system) : null;
}
