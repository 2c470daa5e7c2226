// The UI's message catalogues read from Node, for tests that look for the
// texts the app shows in a given language (ui/src/i18n/<language>/*.json
// and the glossary), formatted as the app formats them.
import { readFileSync, readdirSync } from "node:fs";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { IntlMessageFormat } from "intl-messageformat";

// Beside this file when Node runs it; from the repository's root when
// Vitest serves it (its URL is then the dev server's, not a file's).
const here = new URL("../src/i18n/", import.meta.url);
const I18N = here.protocol === "file:" ? fileURLToPath(here) : resolve("ui/src/i18n");

/** Every message of `language` by key: its catalogues and its side of the glossary. */
export function catalogue(language) {
  const dir = join(I18N, language);
  const messages = {};
  for (const name of readdirSync(dir).filter((file) => file.endsWith(".json"))) {
    Object.assign(messages, JSON.parse(readFileSync(join(dir, name), "utf8")));
  }
  const glossary = JSON.parse(readFileSync(join(I18N, "glossary.json"), "utf8"));
  for (const [key, entry] of Object.entries(glossary)) {
    if (typeof entry === "object") messages[key] = entry[language];
  }
  delete messages.$comment;
  return messages;
}

/** The message `key` of `language`, formatted in `locale` with `values` (as the app's `t()`). */
export function say(language, locale, key, values = {}) {
  const source = catalogue(language)[key];
  if (source === undefined) throw new Error(`no message ${key} in ${language}`);
  return String(new IntlMessageFormat(source, locale).format(values));
}
