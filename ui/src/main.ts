import { hydrate, mount } from "svelte";
import App from "./App.svelte";
import "./app.css";
import { firstRunStatus } from "./lib/first-screen";
import { i18n } from "./lib/i18n.svelte";
import { afterPaint } from "./lib/start";

const target = document.getElementById("app")!;
const first = window.__workdeskFirstScreen;
if (target.dataset.prerendered && first) {
  // The first-run form is in the page already (ui/src/first-screen.ts):
  // once it is painted, take it over in the language it was drawn in,
  // rather than draw it again (lib/first-screen.ts).
  afterPaint(() => {
    i18n.use(first.language);
    hydrate(App, { target, props: { first: firstRunStatus(first.language) } });
    // While the form waits for the user, what "Try the demo workspace"
    // opens next is readied: the lists' chunk (the largest screen) is read
    // and run, and the table's fonts looked up for measuring its columns.
    // (Both from the lists' own chunk: the page's first scripts stay as
    // they were.)
    afterPaint(() => void import("./components/records/ListView.svelte").then((list) => list.prepare()));
  });
} else {
  mount(App, { target });
}
// The prerendered forms are not needed again.
for (const template of document.querySelectorAll("template.first-run")) template.remove();
