// What a list opened from a `workdesk://` link (lib/links.ts) shows: the
// record's details at once (read whole by the panel), or the saved view
// applied once Rust's views for the list arrive, as if chosen.
import { untrack } from "svelte";
import type { LinkTarget } from "../../lib/sections";
import type { ListState } from "./list-state.svelte";

/** Shows what `link` opens in `list` (nothing when null). */
export function followLink(list: ListState, link: LinkTarget | null) {
  if (link === null) return;
  if ("record" in link) {
    list.opened = { id: link.record };
    return;
  }
  let done = false;
  const stop = $effect.root(() => {
    $effect(() => {
      if (done || !list.viewsArrived) return;
      done = true;
      queueMicrotask(() => stop());
      const chosen = untrack(() => list.saved.find((saved) => saved.name === link.view));
      if (chosen) untrack(() => list.applySaved(chosen));
    });
  });
}
