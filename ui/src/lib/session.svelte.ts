// What the status bar and the offline banner show about the workspace on
// screen: the connection state and the key's rate-limit budget, as Rust
// pushes them whenever the workspace's client learns something about the
// service (the `service-state` event: every request, the UI's own and a
// download's or an export's alike; `apply`). Whether the service can be
// reached is Rust's verdict (the same one every read ends with): nothing
// here decides it from an error. Also "Work offline", and when the saved
// data on screen was saved. The budget is asked for once when a workspace
// is shown, never polled. A refused key (pushed `key_refused`, with the
// service's words) opens the re-enter-key prompt. While the service cannot
// be reached, Rust asks it again by itself (workdesk_core::offline::reconnect);
// when it answers, Rust says the records changed and the screen on view
// reads again (lib/records-changed.ts).
import type { Connection, Density, RateLimit, ServiceState } from "./bindings";
import type { UiError } from "./errors";
import { ipc } from "./ipc";

/** How long a 429 without a reset time is shown as such, in ms. */
const RATE_LIMIT_FALLBACK_MS = 60_000;

/** The prompt's words when Rust pushed a refusal without its own (it always sends one). */
const REFUSED: UiError = {
  kind: "unauthorized",
  code: "key_refused",
  params: {},
  service_message: null,
  field: "api_key",
  field_errors: {},
  retry_after_s: null,
};

class Session {
  connection = $state<Connection>("unknown");
  rateLimit = $state<RateLimit>({ limit: null, remaining: null, reset: null });
  /** Set when the key was refused: the app shows the re-enter-key prompt until cleared. */
  keyRefused = $state<UiError | null>(null);
  /** A 429's end (ms since the epoch), kept until it has passed. */
  limited = $state<{ until: number } | null>(null);
  /** "Work offline" is on (as Rust last said): nothing is sent, saved data is shown. */
  workingOffline = $state(false);
  /** The records table's row spacing (settings `density`). */
  density = $state<Density>("normal");
  /** The window's zoom in percent (settings `zoom_percent`). */
  zoom = $state(100);
  /** When the saved data on screen was saved (RFC 3339), while it is shown instead of the service's. */
  savedAt = $state<string | null>(null);

  /** Whether the screen shows saved data instead of the service's (no service, or working offline). */
  get offline(): boolean {
    return this.workingOffline || this.connection === "offline";
  }

  /**
   * The service's state Rust pushed (the `service-state` event) for the
   * workspace on screen: the connection and the budget.
   */
  apply(state: ServiceState) {
    this.rateLimit = state.budget;
    if (state.connection === "unknown") return;
    this.connection = state.connection;
    switch (state.connection) {
      case "key_refused":
        this.keyRefused = state.refusal ?? REFUSED;
        return;
      case "rate_limited": {
        const reset = state.budget.reset ? Date.parse(state.budget.reset) : NaN;
        this.limited = { until: Number.isNaN(reset) ? Date.now() + RATE_LIMIT_FALLBACK_MS : reset };
        return;
      }
      default:
    }
  }

  /** Notes that saved data from `savedAt` is on screen (null: the service's). */
  showing(savedAt: string | null) {
    this.savedAt = savedAt;
  }

  /** Asks for the budget once (a workspace was shown); later changes are pushed (`apply`). */
  async refreshRateLimit() {
    try {
      this.rateLimit = await ipc.rateLimit();
    } catch {
      // The status bar keeps what it had.
    }
  }

  /** Turns "Work offline" on or off as Rust said it is. */
  setWorkingOffline(on: boolean) {
    this.workingOffline = on;
  }

  /** "Try now": Rust asks the service at once; what it learns is pushed (`apply`). */
  async tryNow() {
    try {
      await ipc.tryServiceNow();
    } catch {
      // The pushed state says what happened.
    }
  }

  /** Forgets everything (another workspace is on screen). */
  reset() {
    this.connection = "unknown";
    this.rateLimit = { limit: null, remaining: null, reset: null };
    this.keyRefused = null;
    this.limited = null;
    this.savedAt = null;
  }
}

/** The one session of the window. */
export const session = new Session();
