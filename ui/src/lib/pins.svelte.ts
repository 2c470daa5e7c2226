// What is pinned to the navigation in the workspace on screen: records and
// saved views, in the user's order, as Rust keeps them (sealed with the
// workspace's saved data: `workdesk_core::reading::pins`, which decides
// how many, what a record's pin is titled and which pins go when). The
// navigation's "Pinned" group shows `list`; the details' and the saved
// views' Pin toggles change it, and every one of them shows the change.
import type { Pin, PinTarget } from "./bindings";
import { ipc } from "./ipc";

/** The record or saved view `pin` stands for (what `unpin` takes). */
export function targetOf(pin: Pin): PinTarget {
  return pin.kind === "record" ? { kind: "record", resource: pin.resource, id: pin.result.id } : { kind: "view", resource: pin.resource, name: pin.name };
}

/** Whether `a` and `b` name the same record (ids compare in any case) or view. */
export function sameTarget(a: PinTarget, b: PinTarget): boolean {
  if (a.resource !== b.resource) return false;
  if (a.kind === "record" && b.kind === "record") return a.id.toLowerCase() === b.id.toLowerCase();
  return a.kind === "view" && b.kind === "view" && a.name === b.name;
}

class PinsStore {
  /** The pins of the workspace on screen, in order; empty until known. */
  list = $state<Pin[]>([]);
  /** The workspace shown (`demo` for the demo): an answer for another is dropped. */
  #workspace: string | null = null;
  /** Counts every change asked for: an answer older than the last one is dropped. */
  #asked = 0;

  /** The shown workspace is now `workspace`: its pins are asked for. */
  async show(workspace: string | null) {
    this.#workspace = workspace;
    this.list = [];
    if (workspace !== null) await this.load();
  }

  /** Asks Rust for the pins again (the saved data was cleared, a view deleted). */
  async load() {
    await this.#take(() => ipc.pinned()).catch(() => {
      // No pins shown: the navigation has no "Pinned" group.
    });
  }

  /** Whether `target` is pinned. */
  has(target: PinTarget): boolean {
    return this.list.some((pin) => sameTarget(targetOf(pin), target));
  }

  /** Pins `target` (last), or unpins it; throws Rust's refusal (too many pinned, gone). */
  async toggle(target: PinTarget) {
    await this.#take(() => (this.has(target) ? ipc.unpin(target) : ipc.pin(target)));
  }

  /** Unpins `target`. */
  async unpin(target: PinTarget) {
    await this.#take(() => ipc.unpin(target));
  }

  /** Shows what `ask` answers, unless the workspace changed or a later change was asked for meanwhile. */
  async #take(ask: () => Promise<Pin[]>) {
    const workspace = this.#workspace;
    const asked = ++this.#asked;
    const pins = await ask();
    // Anything but a list (no answer) shows nothing pinned.
    if (workspace === this.#workspace && asked === this.#asked) this.list = Array.isArray(pins) ? pins : [];
  }
}

/** The pins of the workspace on screen. */
export const pins = new PinsStore();
