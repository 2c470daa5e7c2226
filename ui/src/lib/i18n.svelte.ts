// The UI's language: English or Spanish, from the operating system unless
// the user chose one (settings `language`), and the locale numbers and
// dates are formatted in.
//
// Messages live in catalogues, one file per language and area
// (`ui/src/i18n/en/forms.json`, `ui/src/i18n/es/forms.json`; a key starts
// with its area's name, except `core`'s), and the domain terms in one
// glossary with both languages side by side (`ui/src/i18n/glossary.json`):
// resources, fields, choice codes. They are
// ICU MessageFormat, run by FormatJS's `intl-messageformat` (plurals by the
// locale's rules, `#` formatted in it). `t()` reads the language from a
// rune, so every text on screen follows a change of language at once,
// without re-creating components (a half-filled form keeps what was typed).
//
// Chosen over `@inlang/paraglide-js`, whose compiler loads its plugins from
// a CDN at build time (unreachable on our CI machines), and over
// `svelte-i18n`, whose store API predates Svelte 5's runes and re-renders
// through `$_` stores only.
import { IntlMessageFormat } from "intl-messageformat";
import enCore from "../i18n/en/core.json";
import enErrors from "../i18n/en/errors.json";
import enExport from "../i18n/en/export.json";
import enFilters from "../i18n/en/filters.json";
import enForms from "../i18n/en/forms.json";
import enOutbox from "../i18n/en/outbox.json";
import enOverview from "../i18n/en/overview.json";
import enPalette from "../i18n/en/palette.json";
import enPrint from "../i18n/en/print.json";
import enSetup from "../i18n/en/setup.json";
import esCore from "../i18n/es/core.json";
import esErrors from "../i18n/es/errors.json";
import esExport from "../i18n/es/export.json";
import esFilters from "../i18n/es/filters.json";
import esForms from "../i18n/es/forms.json";
import esOutbox from "../i18n/es/outbox.json";
import esOverview from "../i18n/es/overview.json";
import esPalette from "../i18n/es/palette.json";
import esPrint from "../i18n/es/print.json";
import esSetup from "../i18n/es/setup.json";
import glossary from "../i18n/glossary.json";
import type { LanguageChoice } from "./bindings";
import { resolveLanguage, systemLanguages, type Language } from "./language";

export { LANGUAGES, resolveLanguage, systemLanguages, type Language } from "./language";

/** Each language's catalogues, by area. */
export const CATALOGUES = {
  en: { core: enCore, errors: enErrors, export: enExport, filters: enFilters, forms: enForms, outbox: enOutbox, overview: enOverview, palette: enPalette, print: enPrint, setup: enSetup },
  es: { core: esCore, errors: esErrors, export: esExport, filters: esFilters, forms: esForms, outbox: esOutbox, overview: esOverview, palette: esPalette, print: esPrint, setup: esSetup },
} as const;

type English = (typeof CATALOGUES)["en"];
type Glossary = typeof glossary;
/** The key of a message: in the catalogues or the glossary. */
export type MessageKey = Exclude<
  { [Area in keyof English]: keyof English[Area] }[keyof English] | keyof Glossary,
  "$comment"
>;
/** Values a message's placeholders take. */
export type MessageValues = Record<string, string | number | Date | null | undefined>;

function catalogue(language: Language): Record<string, string> {
  const messages: Record<string, string> = Object.assign({}, ...Object.values(CATALOGUES[language]));
  for (const [key, entry] of Object.entries(glossary)) {
    if (typeof entry === "object" && entry !== null && language in entry) {
      messages[key] = (entry as Record<Language, string>)[language];
    }
  }
  delete messages.$comment;
  return messages;
}

const catalogues: Record<Language, Record<string, string>> = { en: catalogue("en"), es: catalogue("es") };

const current = $state<{ choice: LanguageChoice; language: Language; locale: string }>({
  choice: "system",
  ...resolveLanguage("system"),
});

/** The language in use, and how it was chosen. */
export const i18n = {
  /** `system`, `en` or `es`, as chosen in the settings. */
  get choice(): LanguageChoice {
    return current.choice;
  },
  /** The language the UI speaks. */
  get language(): Language {
    return current.language;
  },
  /** The BCP 47 locale numbers, money and dates are formatted in (`es-CO`). */
  get locale(): string {
    return current.locale;
  },
  /** Uses `choice` from now on (every text on screen follows). */
  use(choice: LanguageChoice, system: readonly string[] = systemLanguages()) {
    const next = resolveLanguage(choice, system);
    current.choice = choice;
    current.language = next.language;
    current.locale = next.locale;
    if (typeof document !== "undefined") document.documentElement.lang = next.locale;
  },
};

/** Each message as used: its text when it has nothing to fill, else its compiled format. */
const compiled = new Map<string, IntlMessageFormat | string>();

/**
 * The message `key` in the language in use, its placeholders filled from
 * `values` (ICU MessageFormat: `{count, plural, one {# factura} other {#
 * facturas}}`). A key missing from Spanish falls back to English; a key
 * missing from both shows as itself (the catalogue test keeps that from
 * happening).
 */
export function t(key: MessageKey, values?: MessageValues): string {
  const { language, locale } = current;
  const cacheKey = `${locale}\u0000${key}`;
  let format = compiled.get(cacheKey);
  if (!format) {
    const source = catalogues[language][key] ?? catalogues.en[key];
    if (source === undefined) return key;
    // Text without braces or apostrophes reads as itself in ICU
    // MessageFormat: most messages, shown without compiling a format
    // (parsing each one cost the first screen tens of milliseconds).
    format = /[{}']/.test(source) ? new IntlMessageFormat(source, locale) : source;
    compiled.set(cacheKey, format);
  }
  if (typeof format === "string") return format;
  return oneFullStop(String(format.format(values as Record<string, string | number | Date>)));
}

/**
 * `text` with a sentence's full stop dropped where a value before it ends
 * in one already ("a las 10:42 a. m.." → "a las 10:42 a. m."): an
 * abbreviation's point also ends the sentence, in Spanish as in English.
 */
export function oneFullStop(text: string): string {
  return text.replace(/(\p{L}\.)\.(?=\s|$)/gu, "$1");
}

/** Whether `key` is a message (for keys built from data: `field.${name}`). */
export function hasMessage(key: string): key is MessageKey {
  return key in catalogues.en;
}

/** Every message key of `language` (catalogue and glossary), for tests. */
export function messageKeys(language: Language): string[] {
  return Object.keys(catalogues[language]);
}
