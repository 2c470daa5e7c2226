// Display formatting in the user's locale. Decimals stay strings: they are
// handed to Intl.NumberFormat as exact decimal strings (ECMA-402
// "StringNumericLiteral"), never converted to a float.

/** Formats a decimal string such as "-1234.50" with locale grouping, keeping its scale. */
export function formatDecimal(value: string | null | undefined, locale = userLocale()): string {
  if (value == null || value === "") return "";
  if (!/^-?\d+(\.\d+)?$/.test(value)) return value;
  const scale = value.split(".")[1]?.length ?? 0;
  const format = new Intl.NumberFormat(locale, {
    minimumFractionDigits: scale,
    maximumFractionDigits: scale,
  });
  return format.format(value as Intl.StringNumericLiteral);
}

/**
 * Formats the calendar date of an ISO 8601 date or date-time in the user's
 * locale. Invoice dates are calendar dates: "2025-03-14T00:00:00+05:00" is
 * 14 March wherever the user is, so the date is read from the text as the
 * service wrote it, not shifted into the user's time zone.
 */
export function formatDate(iso: string | null | undefined, locale = userLocale()): string {
  if (!iso) return "";
  const date = /^(\d{4})-(\d{2})-(\d{2})/.exec(iso);
  if (!date) return iso;
  const [, y, m, d] = date.map(Number);
  const day = new Date(Date.UTC(y, m - 1, d));
  if (Number.isNaN(day.getTime())) return iso;
  return new Intl.DateTimeFormat(locale, { dateStyle: "medium", timeZone: "UTC" }).format(day);
}

/**
 * The user's locale as the webview reports it (the OS setting), or
 * `undefined` (the runtime's default) when that is not a valid language tag:
 * with `LANG=C` WebKit reports "c", which Intl would reject.
 */
export function userLocale(): string | undefined {
  if (typeof navigator === "undefined") return undefined;
  try {
    return Intl.getCanonicalLocales(navigator.language)[0];
  } catch {
    return undefined;
  }
}

/** Formats a count ("2,400") in the user's locale. */
export function formatCount(value: number, locale = userLocale()): string {
  return new Intl.NumberFormat(locale).format(value);
}
