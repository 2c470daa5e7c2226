// The UI, started by main.ts: the app mounted, or on a first run the
// prerendered first-run form taken over (hydrated) once it is painted.
import { hydrate, mount } from "svelte";
import App from "./App.svelte";
import { firstRunStatus } from "./lib/first-screen";
import { i18n } from "./lib/i18n.svelte";
import { afterPaint } from "./lib/start";

/** How long after the first-run form is live the lists' chunk and fonts are readied, in ms. */
const PREPARE_AFTER_MS = 500;

const target = document.getElementById("app")!;
const first = window.__workdeskFirstScreen;
if (target.dataset.prerendered && first) {
  // The first-run form is in the page, painted (ui/src/first-screen.ts,
  // main.ts): take it over in the language it was drawn in, rather than
  // draw it again (lib/first-screen.ts).
  {
    i18n.use(first.language);
    const status = firstRunStatus(first.language);
    hydrate(App, { target, props: { first: status } });
    // While the form waits for the user, what "Try the demo workspace"
    // opens next is readied: the lists' chunk (the largest screen) is read
    // and run, the table's fonts looked up for measuring its columns, and
    // the formatters of its dates and amounts made, and the parts of its
    // first screen that need no service run once off screen (all from the
    // lists' own chunk: the page's first scripts stay as they were).
    // Half a second after the form is live, so as not to hold up its first
    // moments (nobody clicks a form sooner).
    afterPaint(() => setTimeout(() => void import("./components/records/ListView.svelte").then((list) => list.prepare(status.last_resource)), PREPARE_AFTER_MS));
  }
} else {
  mount(App, { target });
}
// The prerendered forms are not needed again.
for (const template of document.querySelectorAll("template.first-run")) template.remove();
