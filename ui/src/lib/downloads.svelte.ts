// "Make available offline" of each list, kept here rather than in the list
// view so a download goes on (and its progress stays visible) while the
// user looks at other screens.
import type { OfflineList, Progress, ResourceName } from "./bindings";
import type { UiError } from "./errors";
import { ipc, uiError } from "./ipc";
import { resourceLabel } from "./fields";
import { t } from "./i18n.svelte";

export type Download = {
  /** The latest progress; null until the first page answered. */
  progress: Progress | null;
  /** Set once it ended: what is saved now, or why it stopped. */
  outcome: { done: OfflineList } | { error: UiError } | null;
};

class Downloads {
  /** The download of each list started this session, running or ended. */
  byResource = $state<Partial<Record<ResourceName, Download>>>({});

  running(resource: ResourceName): boolean {
    const download = this.byResource[resource];
    return download !== undefined && download.outcome === null;
  }

  /** Starts taking `resource` offline; resolves when it ends (never throws). */
  async start(resource: ResourceName): Promise<Download> {
    if (this.running(resource)) return this.byResource[resource]!;
    this.byResource[resource] = { progress: null, outcome: null };
    try {
      const plural = resourceLabel[resource].plural;
      const done = await ipc.makeAvailableOffline(
        resource,
        (step) => {
          const download = this.byResource[resource];
          if (download) download.progress = step;
        },
        {
          title: "Workdesk",
          done: t("offline_copy.notice_done", { plural }),
          failed: t("offline_copy.notice_failed", { plural }),
        },
      );
      this.byResource[resource]!.outcome = { done };
    } catch (e) {
      this.byResource[resource]!.outcome = { error: uiError(e) };
    }
    return this.byResource[resource]!;
  }

  async cancel(resource: ResourceName) {
    try {
      await ipc.cancelDownload(resource);
    } catch {
      // Nothing to cancel.
    }
  }

  /** Forgets an ended download's outcome (once shown). */
  dismiss(resource: ResourceName) {
    if (!this.running(resource)) delete this.byResource[resource];
  }

  /** Forgets everything (another workspace is on screen). */
  reset() {
    this.byResource = {};
  }
}

export const downloads = new Downloads();
