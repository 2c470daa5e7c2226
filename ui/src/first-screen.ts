// A plain script (built as one, not a module, and written inline into the
// page by ui/prerender.mjs, so that the parser does not wait for a file)
// run while the page is parsed, right after the first-run forms
// prerendered at build time: on a first run (Rust's `window.__workdeskFirstScreen`) it puts the
// form in the window's language into `#app`, where it is painted at once,
// before the UI's scripts are read (lib/first-screen.ts). `data-prerendered`
// on `#app` names the language, for main.ts and app.ts, which take the form over.
// The mark `workdesk:first-screen-prerendered` (User Timing) says it did.
import { firstRunLanguage, templateId } from "./lib/first-screen";

const navigation = performance.getEntriesByType("navigation")[0] as PerformanceNavigationTiming | undefined;
const drawn = firstRunLanguage(window.__workdeskFirstScreen, navigation?.type === "reload");
const app = document.getElementById("app");
const form = drawn && document.getElementById(templateId(drawn.language));
if (drawn && app && form instanceof HTMLTemplateElement && app.childNodes.length === 0) {
  app.append(form.content.cloneNode(true));
  app.dataset.prerendered = drawn.language;
  document.documentElement.lang = drawn.locale;
  performance.mark("workdesk:first-screen-prerendered");
}
