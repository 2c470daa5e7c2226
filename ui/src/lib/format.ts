// Display formatting in the user's locale. Decimals stay strings: they are
// handed to Intl.NumberFormat as exact decimal strings (ECMA-402
// "StringNumericLiteral"), never converted to a float.

/** Formats a decimal string such as "-1234.50" with locale grouping, keeping its scale. */
export function formatDecimal(value: string | null | undefined, locale?: string): string {
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
 * Formats the date part of an ISO 8601 date-time in the user's locale.
 * Invoice dates are calendar dates stored as midnight UTC, so they are shown
 * in UTC: an invoice of 14 March reads 14 March in every time zone.
 */
export function formatDate(iso: string | null | undefined, locale?: string): string {
  if (!iso) return "";
  const when = new Date(iso);
  if (Number.isNaN(when.getTime())) return iso;
  return new Intl.DateTimeFormat(locale, { dateStyle: "medium", timeZone: "UTC" }).format(when);
}

/** Formats a count ("2,400") in the user's locale. */
export function formatCount(value: number, locale?: string): string {
  return new Intl.NumberFormat(locale).format(value);
}
