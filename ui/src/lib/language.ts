// Which language the UI speaks, and which locale it formats in: the rule
// alone, without the catalogues, so that the page's first-screen script
// (ui/src/first-screen.ts, read before the UI's scripts) picks the
// prerendered first-run form in the same language the UI then speaks
// (lib/i18n.svelte.ts).
import type { LanguageChoice } from "./bindings";

/** The languages Workdesk speaks. */
export const LANGUAGES = ["en", "es"] as const;
/** One of [`LANGUAGES`]. */
export type Language = (typeof LANGUAGES)[number];

/** The locale each language formats in when the system's is another language. */
const DEFAULT_LOCALE: Record<Language, string> = { en: "en-US", es: "es-CO" };

/** Canonical BCP 47 tags of `tags`, leaving out what is not one ("c" from `LANG=C`). */
function canonical(tags: readonly string[]): string[] {
  return tags.flatMap((tag) => {
    try {
      return Intl.getCanonicalLocales(tag.replace(/_/g, "-").replace(/\..*$/, ""));
    } catch {
      return [];
    }
  });
}

/** The operating system's preferred languages, as the webview reports them. */
export function systemLanguages(): readonly string[] {
  if (typeof navigator === "undefined") return [];
  return navigator.languages?.length ? navigator.languages : [navigator.language];
}

const isLanguage = (tag: string): tag is Language => (LANGUAGES as readonly string[]).includes(tag);

/**
 * The language and formatting locale for `choice`, given the system's
 * preferred languages: the system's first language Workdesk speaks (else
 * English), formatted in the system's own locale for that language (its
 * region: `es-CO`, `es-ES`), else in `en-US` / `es-CO`.
 */
export function resolveLanguage(
  choice: LanguageChoice,
  system: readonly string[] = systemLanguages(),
): { language: Language; locale: string } {
  const tags = canonical(system);
  const base = (tag: string) => tag.split("-")[0].toLowerCase();
  const fromSystem = tags.map(base).find(isLanguage);
  const language: Language = choice !== "system" ? choice : (fromSystem ?? "en");
  // A system in a language Workdesk does not speak (de-DE) gets English
  // words with its own formats (1.234,5).
  if (choice === "system" && !fromSystem) return { language, locale: tags[0] ?? DEFAULT_LOCALE.en };
  const locale = tags.find((tag) => base(tag) === language && tag.includes("-")) ?? DEFAULT_LOCALE[language];
  return { language, locale };
}
