// The window's zoom: set with Ctrl + / - / 0 (⌘ on macOS) or the menu bar,
// kept by Rust for the next start, and said for a moment ("Zoom 150 %").
import { getCurrentWebview } from "@tauri-apps/api/webview";
import { LIMITS } from "./bindings";
import { t } from "./i18n.svelte";
import { uiError, ipc, type UiError } from "./ipc";
import { session } from "./session.svelte";
import { zoomShortcut, zoomStep, type ZoomChange } from "./shortcuts";

/** How long the zoom just set is said, in ms. */
const SAID_MS = 2000;

export class Zoom {
  /** The zoom just set, said for a moment. */
  said = $state<string | null>(null);
  #timer: ReturnType<typeof setTimeout> | undefined;
  readonly #onerror: (error: UiError) => void;

  /** `onerror`: why a zoom could not be set. */
  constructor(onerror: (error: UiError) => void) {
    this.#onerror = onerror;
  }

  /** Ctrl + / - / 0 (⌘ on macOS): zooms the window; whether `event` was one of them (with somewhere to go). */
  async key(event: KeyboardEvent): Promise<boolean> {
    const next = zoomShortcut(event, session.zoom, LIMITS.zoom_steps);
    if (next === null) return false;
    event.preventDefault();
    await this.to(next);
    return true;
  }

  /** A level up, down, or back to 100 % (the menu bar), unless already there. */
  async step(change: ZoomChange) {
    const next = zoomStep(change, session.zoom, LIMITS.zoom_steps);
    if (next !== null) await this.to(next);
  }

  /** Zooms the window to `next` percent (kept by Rust for the next start), said for a moment. */
  async to(next: number) {
    try {
      const level = await ipc.setZoom(next);
      await getCurrentWebview().setZoom(level / 100);
      session.zoom = level;
      this.said = t("app.zoom", { percent: session.zoom });
      clearTimeout(this.#timer);
      this.#timer = setTimeout(() => (this.said = null), SAID_MS);
    } catch (e) {
      this.#onerror(uiError(e));
    }
  }
}
