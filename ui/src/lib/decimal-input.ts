// Decimals as the user types them, in their locale's way ("1.234,5" in
// es-CO, "1,234.5" in en-US, "1 234,5" in fr-FR): read into the service's
// form ("1234.5"), or refused with the reason, saying how the locale writes
// one. Filters (filters.ts) and Storage read numbers with it.
import { formatDecimal, userLocale } from "./format";
import { t } from "./i18n.svelte";

/** The decimal and group (thousands) separators of a locale: `{ decimal: ",", group: "." }` in de-DE. */
export type Separators = { decimal: string; group: string };

const separatorCache = new Map<string, Separators>();

/** The separators the user's locale writes numbers with (read from Intl, once per locale). */
export function numberSeparators(locale: string | undefined = userLocale()): Separators {
  const key = locale ?? "";
  let found = separatorCache.get(key);
  if (!found) {
    let parts: Intl.NumberFormatPart[] = [];
    try {
      parts = new Intl.NumberFormat(locale).formatToParts(12345.6);
    } catch {
      // An unusable locale: the plain forms below.
    }
    found = {
      decimal: parts.find((p) => p.type === "decimal")?.value ?? ".",
      group: parts.find((p) => p.type === "group")?.value ?? "",
    };
    separatorCache.set(key, found);
  }
  return found;
}

/**
 * A number read from what the user typed, or why it could not be read:
 * `separators` when it is digits and marks the locale does not write a
 * number with (its message says how it does).
 */
export type ReadNumber = { ok: true; value: string } | { ok: false; message: string; separators: boolean };

/** A space-like character: how fr-FR groups thousands (a narrow no-break space), or as typed. */
const SPACE = /[\s\u00a0\u202f]/;

/**
 * A decimal as the user typed it, in their locale's way, in the service's
 * form ("1234.5"), or why not. The locale's separators decide, and nothing
 * is guessed:
 *
 * - the decimal separator is the locale's ("1234,5" in es-CO and de-DE,
 *   "1234.5" in en-US and es-MX);
 * - the group separator is optional, and where present it groups the whole
 *   part in threes ("1.234.567,89" in es-CO, "1,234,567.89" in en-US,
 *   "1 234,5" in fr-FR, with any space);
 * - anything else is refused with the reason: the other convention's
 *   decimal point ("1234.5" in es-CO, where "." groups thousands; "1,5" in
 *   en-US), a group separator out of place ("1.23" in es-CO), apostrophes.
 *
 * How many digits a decimal may have is the engine's rule
 * (`decimal_bounds`), not checked here.
 */
export function readDecimal(text: string, separators: Separators = numberSeparators()): ReadNumber {
  const typed = text.trim().replace(/^[\u2212\u2013]/, "-");
  if (typed === "") return { ok: false, message: messages.empty, separators: false };
  const { decimal, group } = separators;
  const sign = typed.startsWith("-") ? "-" : "";
  const body = typed.slice(sign.length);
  const marksOnly = /^[\d.,'’\s\u00a0\u202f]+$/.test(body);
  const refuse = (): ReadNumber =>
    marksOnly
      ? { ok: false, message: separatorsMessage(separators), separators: true }
      : { ok: false, message: messages.decimal, separators: false };
  // The decimal separator once at most, digits after it.
  const [whole, frac, extra] = body.split(decimal);
  if (extra !== undefined || (frac !== undefined && !/^\d+$/.test(frac))) return refuse();
  let int = whole;
  if (!/^\d+$/.test(whole)) {
    const groups = SPACE.test(group) ? whole.split(new RegExp(SPACE.source)) : group ? whole.split(group) : [whole];
    const inThrees = groups.length > 1 && /^\d{1,3}$/.test(groups[0]) && groups.slice(1).every((g) => /^\d{3}$/.test(g));
    if (!inThrees) return refuse();
    int = groups.join("");
  }
  return { ok: true, value: `${sign}${int}${frac === undefined ? "" : `.${frac}`}` };
}

/** Why a number's marks can't be read, saying how the locale of `separators` writes one. */
function separatorsMessage({ decimal, group }: Separators): string {
  const spaced = SPACE.test(group);
  const mark = spaced ? "\u202f" : group;
  return t("filters.check.separators", {
    decimal,
    group: spaced ? t("filters.check.space") : group,
    example: `1${mark}234${mark}567${decimal}89`,
  });
}

/** A decimal as typed (see `readDecimal`) in the service's form ("1234.5"), or null. */
export function normaliseDecimal(text: string, separators: Separators = numberSeparators()): string | null {
  const read = readDecimal(text, separators);
  return read.ok ? read.value : null;
}

/** The reasons the UI itself gives, as the user reads them in the language in use. */
export const messages = {
  get empty() {
    return t("filters.check.empty");
  },
  get decimal() {
    return t("filters.check.decimal", { example: formatDecimal("1234.50") });
  },
  /** Separators out of place: how numbers are written with `separators` (the user's locale's unless given). */
  separators(separators: Separators = numberSeparators()) {
    return separatorsMessage(separators);
  },
};
