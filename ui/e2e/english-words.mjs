// Which words on a Spanish screen are English: the words of the English
// catalogues that no Spanish message uses. Built from the catalogues
// themselves, so a new English message adds its words to what a Spanish
// screen is checked for, with no list to keep by hand. Shared by the
// end-to-end test of the Spanish screens and the component tests.
import { parse, TYPE } from "@formatjs/icu-messageformat-parser";
import { catalogue } from "./catalogue.mjs";

/** Every message of `language`. */
const messagesOf = (language) => Object.values(catalogue(language));

/** The literal text of an ICU message, placeholders left out, every branch included. */
function literalText(message) {
  const parts = [];
  const walk = (elements) => {
    for (const element of elements) {
      if (element.type === TYPE.literal) parts.push(element.value);
      if ("options" in element) for (const option of Object.values(element.options)) walk(option.value);
      if (element.type === TYPE.tag) walk(element.children);
    }
  };
  walk(parse(message, { ignoreTag: true }));
  return parts.join(" ");
}

/**
 * The words of `text`, lower case: letters only (accents kept), apostrophes
 * inside kept. Addresses are not words ("https://api.example.com",
 * "ventas@example.co").
 */
export function words(text) {
  const prose = text.replace(/\S+:\/\/\S+|\S+@\S+|\b[\w-]+(\.[\w-]+){2,}\b/g, " ");
  return (prose.toLowerCase().match(/\p{L}+(?:'\p{L}+)*/gu) ?? []).filter((word) => word.length > 1);
}

/**
 * Words that are not English though the English catalogue has them, or
 * that a Spanish screen may show as they are: names and acronyms.
 */
const SHARED = new Set(["workdesk", "api", "id", "nit", "url", "https", "http", "mb", "gb", "kb", "ok", "csv", "xlsx"]);

/**
 * Common English words of any interface, checked for even when no English
 * message has them yet (a text still written inline in a component).
 */
const COMMON = `the and or of to for with your this that is are was not from by on in yes all new save
  cancel delete close open edit create page next previous first last loading search filter filters sort
  columns name date amount add remove apply clear back done retry settings help`.split(/\s+/);

/** The words English messages (and [`COMMON`]) use and Spanish messages never do. */
export function englishOnlyWords() {
  const spanish = new Set(messagesOf("es").flatMap((message) => words(literalText(message))));
  return new Set(
    [...COMMON, ...messagesOf("en").flatMap((message) => words(literalText(message)))].filter(
      (word) => !spanish.has(word) && !SHARED.has(word),
    ),
  );
}

/**
 * The English words in `texts` (strings read off a screen), each with the
 * text it was found in: `[{ word, text }]`, empty when none.
 */
export function englishIn(texts, english = englishOnlyWords()) {
  return texts.flatMap((text) => words(text).filter((word) => english.has(word)).map((word) => ({ word, text })));
}

/**
 * The texts of the interface under `root`: text nodes and `title`,
 * `aria-label`, `placeholder` and `alt` attributes, leaving out record
 * values (table cells, detail values) and what is shown as it came
 * (`translate="no"`: the system's or the service's own words). Runs in a
 * page as it is (the end-to-end test sends its source to the webview), so
 * it uses nothing from outside itself.
 */
export function collectScreenTexts(root) {
  const data = "tbody td:not(.empty), tbody th[scope='row'], dd, [translate='no']";
  const texts = [];
  const walker = root.ownerDocument.createTreeWalker(root, 4 /* NodeFilter.SHOW_TEXT */);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const text = node.textContent.trim();
    const parent = node.parentElement;
    if (text && parent && !parent.closest(`${data}, script, style, textarea`)) texts.push(text);
  }
  for (const element of root.querySelectorAll("[title], [aria-label], [placeholder], [alt]")) {
    if (element.closest(data)) continue;
    for (const name of ["title", "aria-label", "placeholder", "alt"]) {
      const text = element.getAttribute(name)?.trim();
      if (text) texts.push(text);
    }
  }
  return texts;
}
