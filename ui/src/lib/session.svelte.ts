// What the status bar shows about the workspace on screen: the connection
// state (from the outcome of the last call to the service) and the key's
// rate-limit budget (from the `rate_limit` command, refreshed after every
// call to the service). A 401 asks the app to show the re-enter-key prompt.
import { commands, type RateLimit, type UiError } from "./bindings";

/** The connection as the last call to the service left it. */
export type Connection = "unknown" | "online" | "offline" | "key_refused" | "rate_limited" | "service_error";

class Session {
  connection = $state<Connection>("unknown");
  rateLimit = $state<RateLimit>({ limit: null, remaining: null, reset: null });
  /** Set by a 401: the app shows the re-enter-key prompt until cleared. */
  keyRefused = $state<UiError | null>(null);
  /** The last 429, kept until its reset time has passed. */
  limited = $state<{ error: UiError; until: number } | null>(null);

  /** Updates the state after a call to the service (`error` null on success). */
  record(error: UiError | null) {
    if (error === null) {
      this.connection = "online";
      this.keyRefused = null;
    } else {
      switch (error.kind) {
        case "network":
        case "unknown_outcome":
          this.connection = "offline";
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
        default:
          // invalid input, not found, forbidden: the service answered.
          if (error.kind !== "not_configured" && error.kind !== "internal") this.connection = "online";
      }
    }
    void this.refreshRateLimit();
  }

  async refreshRateLimit() {
    try {
      const outcome = await commands.rateLimit();
      if (outcome.status === "ok") this.rateLimit = outcome.data;
    } catch {
      // The status bar keeps what it had.
    }
  }

  /** Forgets everything (another workspace is on screen). */
  reset() {
    this.connection = "unknown";
    this.rateLimit = { limit: null, remaining: null, reset: null };
    this.keyRefused = null;
    this.limited = null;
  }
}

/** The one session of the window. */
export const session = new Session();
