// What the status bar and the offline banner show about the workspace on
// screen: the connection state and the key's rate-limit budget, pushed by
// Rust whenever the workspace's client learns something about the service
// (the `service-state` event: every request, the UI's own and a download's
// or an export's alike; `apply`), and at once from the outcome of a call
// the UI made (`record`); "Work offline", and when the saved data on
// screen was saved. The budget is asked for once when a workspace is
// shown, never polled. A 401 asks the app to show the re-enter-key prompt.
// While the service cannot be reached, it is asked again now and then (a
// tiny read); when it answers, `reconnects` goes up so the screen on view
// refreshes by itself (a screen whose own call succeeded already has fresh
// data).
import { commands, type Density, type RateLimit, type ResourceName, type ServiceState } from "./bindings";
import type { UiError } from "./errors";

/** The connection as the last call to the service left it. */
export type Connection = "unknown" | "online" | "offline" | "key_refused" | "rate_limited" | "service_error";

/** Waits between tries to reach the service again, in ms (the last one repeats). */
export const RECONNECT_DELAYS_MS = [5_000, 10_000, 20_000, 40_000, 60_000];

class Session {
  connection = $state<Connection>("unknown");
  rateLimit = $state<RateLimit>({ limit: null, remaining: null, reset: null });
  /** Set by a 401: the app shows the re-enter-key prompt until cleared. */
  keyRefused = $state<UiError | null>(null);
  /** The last 429, kept until its reset time has passed. */
  limited = $state<{ error: UiError; until: number } | null>(null);
  /** "Work offline" is on: nothing is sent, saved data is shown. */
  workingOffline = $state(false);
  /** The records table's row spacing (settings `density`). */
  density = $state<Density>("normal");
  /** When the saved data on screen was saved (RFC 3339), while it is shown instead of the service's. */
  savedAt = $state<string | null>(null);
  /** Bumped each time the service answers again after being unreachable. */
  reconnects = $state(0);
  /** The list a reconnect try reads (one record, the id only). */
  probeResource: ResourceName = "task";

  #retry: ReturnType<typeof setTimeout> | null = null;
  #tries = 0;

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
    const wasOffline = this.connection === "offline";
    switch (state.connection) {
      case "unknown":
        return;
      case "online":
        this.connection = "online";
        this.#stopRetrying();
        // The service answers again: the screen on view refreshes itself.
        if (wasOffline) this.reconnects += 1;
        return;
      case "offline":
        this.connection = "offline";
        this.#retryLater();
        return;
      default:
        this.connection = state.connection;
    }
  }

  /** Updates the state after a call to the service (`error` null on success). */
  record(error: UiError | null) {
    if (error === null) {
      this.connection = "online";
      this.keyRefused = null;
      this.#stopRetrying();
    } else {
      switch (error.kind) {
        case "network":
        case "unknown_outcome":
          this.connection = "offline";
          this.#retryLater();
          break;
        case "unauthorized":
          this.connection = "key_refused";
          this.keyRefused = error;
          break;
        case "rate_limited":
          this.connection = "rate_limited";
          this.limited = { error, until: Date.now() + (error.retry_after_s ?? 60) * 1000 };
          break;
        case "service":
          this.connection = "service_error";
          break;
        case "offline":
          // "Work offline" is on: nothing was sent, nothing learnt.
          break;
        default:
          // invalid input, not found, forbidden: the service answered.
          if (error.kind !== "not_configured" && error.kind !== "internal" && error.kind !== "cancelled") {
            this.connection = "online";
            this.#stopRetrying();
          }
      }
    }
  }

  /** Notes that saved data from `savedAt` is on screen (null: the service's). */
  showing(savedAt: string | null) {
    this.savedAt = savedAt;
  }

  /** Asks for the budget once (a workspace was shown); later changes are pushed (`apply`). */
  async refreshRateLimit() {
    try {
      const outcome = await commands.rateLimit();
      if (outcome.status === "ok") this.rateLimit = outcome.data;
    } catch {
      // The status bar keeps what it had.
    }
  }

  /** Turns "Work offline" on or off as the settings say. */
  setWorkingOffline(on: boolean) {
    this.workingOffline = on;
    if (on) this.#stopRetrying();
    else if (this.connection === "offline") this.#retryLater();
  }

  /** Asks the service again at once (a tiny read); its outcome updates the state. */
  async probe() {
    if (this.workingOffline) return;
    let error: UiError | null = null;
    try {
      const outcome = await commands.listRecords(
        this.probeResource,
        { page: 1, take: 1, fields: ["id"], sort: [], filters: [] },
        false,
      );
      if (outcome.status === "error") error = outcome.error;
    } catch {
      return;
    }
    const wasOffline = this.connection === "offline";
    this.record(error);
    // The service answers again: the screen on view refreshes itself.
    if (wasOffline && this.connection === "online") this.reconnects += 1;
  }

  #retryLater() {
    if (this.#retry !== null || this.workingOffline) return;
    const delay = RECONNECT_DELAYS_MS[Math.min(this.#tries, RECONNECT_DELAYS_MS.length - 1)];
    this.#tries += 1;
    this.#retry = setTimeout(() => {
      this.#retry = null;
      if (this.connection === "offline") void this.probe();
    }, delay);
  }

  #stopRetrying() {
    if (this.#retry !== null) clearTimeout(this.#retry);
    this.#retry = null;
    this.#tries = 0;
  }

  /** Forgets everything (another workspace is on screen). */
  reset() {
    this.connection = "unknown";
    this.rateLimit = { limit: null, remaining: null, reset: null };
    this.keyRefused = null;
    this.limited = null;
    this.savedAt = null;
    this.#stopRetrying();
  }
}

/** The one session of the window. */
export const session = new Session();
