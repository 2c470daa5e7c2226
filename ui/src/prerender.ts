// The first-run form as HTML, rendered at build time (ui/prerender.mjs,
// on Node, through Svelte's server renderer): the window, as App draws it
// on a first run in `language` (lib/first-screen.ts). Never in the app's
// own bundle.
import { render } from "svelte/server";
import App from "./App.svelte";
import { firstRunStatus } from "./lib/first-screen";
import { i18n } from "./lib/i18n.svelte";
import type { Language } from "./lib/language";

export { LANGUAGES } from "./lib/language";

/** App's markup on a first run in `language`, with Svelte's hydration markers. */
export function firstRunMarkup(language: Language): string {
  i18n.use(language, []);
  return render(App, { props: { first: firstRunStatus(language) } }).body;
}
