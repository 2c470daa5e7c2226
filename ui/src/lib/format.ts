// Display formatting in the user's locale. Decimals stay strings: they are
// handed to Intl.NumberFormat as exact decimal strings (ECMA-402
// "StringNumericLiteral"), never converted to a float.

import type { Progress } from "./bindings";
import { i18n, t } from "./i18n.svelte";

// Intl formatters are costly to build and a 200-row page formats about a
// thousand values: keep one per locale and options.
const numberFormats = new Map<string, Intl.NumberFormat>();
const dateFormats = new Map<string, Intl.DateTimeFormat>();

function numberFormat(
  locale: string | undefined,
  options: { minimumFractionDigits?: number; maximumFractionDigits?: number } = {},
): Intl.NumberFormat {
  // Asked for every money cell of a table: a cheap key.
  const key = `${locale}|${options.minimumFractionDigits ?? ""}|${options.maximumFractionDigits ?? ""}`;
  let format = numberFormats.get(key);
  if (!format) numberFormats.set(key, (format = new Intl.NumberFormat(locale, options)));
  return format;
}

function dateFormat(locale: string | undefined, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = JSON.stringify([locale, options]);
  let format = dateFormats.get(key);
  if (!format) dateFormats.set(key, (format = new Intl.DateTimeFormat(locale, options)));
  return format;
}

/**
 * Readies the formatters a list's cells use in the user's locale (a date,
 * a date-time, an amount, a count): the first of each loads Intl's data
 * for the locale, milliseconds each (a date-time's the most), which a
 * screen idle until the user acts (the first-run form) can spend before
 * the list it opens next.
 */
export function prepareFormats(): void {
  formatDate("2026-12-28");
  formatDateTime("2026-12-28T22:58:00Z");
  fractionDigits(formatAmount("1.00"));
  formatCount(1);
}

/** Formats a decimal string such as "-1234.50" with locale grouping, keeping its scale. */
export function formatDecimal(value: string | null | undefined, locale = userLocale()): string {
  if (value == null || value === "") return "";
  if (!/^-?\d+(\.\d+)?$/.test(value)) return value;
  const scale = value.split(".")[1]?.length ?? 0;
  const format = numberFormat(locale, { minimumFractionDigits: scale, maximumFractionDigits: scale });
  return format.format(value as Intl.StringNumericLiteral);
}

/**
 * Formats a decimal string as an amount is read: the zeros past the second
 * decimal dropped, any other digit kept, so nothing is rounded
 * ("45942.960000" → "45,942.96", "0.125000" → "0.125", "100" → "100.00").
 * The exact value is `formatDecimal`'s.
 */
export function formatAmount(value: string | null | undefined, locale = userLocale()): string {
  if (value == null || value === "") return "";
  const scale = amountScale(value);
  if (scale === null) return value;
  const format = numberFormat(locale, { minimumFractionDigits: scale, maximumFractionDigits: scale });
  return format.format(value as Intl.StringNumericLiteral);
}

/**
 * How many fraction digits `formatAmount` shows of decimal string `value`
 * (at least 2; the zeros past them dropped); null when `value` is not a
 * plain decimal, which is shown as it is.
 */
export function amountScale(value: string): number | null {
  if (!/^-?\d+(\.\d+)?$/.test(value)) return null;
  const significant = (value.split(".")[1] ?? "").replace(/0+$/, "").length;
  return Math.max(2, significant);
}

const decimalPoints = new Map<string, string>();

/** The decimal point of `locale` ("." or ","), worked out once per locale (asked for every amount of a page). */
function decimalPoint(locale: string): string {
  let point = decimalPoints.get(locale);
  if (point === undefined) {
    point = numberFormat(locale, { minimumFractionDigits: 1 }).formatToParts(1.5).find((p) => p.type === "decimal")?.value ?? ".";
    decimalPoints.set(locale, point);
  }
  return point;
}

/** How many digits follow the decimal point in `text` (an amount formatted in `locale`); -1 without one. */
export function fractionDigits(text: string, locale = userLocale()): number {
  const at = text.lastIndexOf(decimalPoint(locale));
  return at < 0 ? -1 : text.length - at - 1;
}

/**
 * `text` (an amount formatted in `locale`) padded after its last digit
 * with figure spaces to `widest` fraction digits, so that right-aligned in a
 * column of such amounts the decimal points line up ("1,234.5" → "1,234.5  "
 * beside "7.125"). A figure space is as wide as a digit, a punctuation
 * space as the point.
 */
export function padFraction(text: string, widest: number, locale = userLocale()): string {
  if (text === "" || widest < 0) return text;
  const after = fractionDigits(text, locale);
  return after < 0 ? text + "\u2008" + "\u2007".repeat(widest) : text + "\u2007".repeat(Math.max(0, widest - after));
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
  return dateFormat(locale, { dateStyle: "medium", timeZone: "UTC" }).format(day);
}

/**
 * The locale values are formatted in: the one of the language in use
 * (`i18n.locale`: the system's own, `es-CO`, `en-US`).
 */
export function userLocale(): string {
  return i18n.locale;
}

/** Formats a count ("2,400") in the user's locale. */
export function formatCount(value: number, locale = userLocale()): string {
  return numberFormat(locale).format(value);
}

const SERVICE_DATE_TIME =
  /^(\d{4})-(\d{2})-(\d{2})(?:[Tt ](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d+))?)?([Zz]|[+-]\d{2}(?::?\d{2})?)?)?$/;

/**
 * Reads a date-time as the service means it, the way `workdesk-query`'s
 * `parse_date_time` does (its filters and request bodies), as an instant:
 *
 * - RFC 3339 / ISO 8601 with `T`, `t` or a space between date and time,
 *   seconds and fractions optional: `2025-03-04T10:00:00Z`,
 *   `2025-03-04 10:00`, `2025-03-04T10:00:00.250+02:00`;
 * - offsets `Z`, `+02:00`, `+0200` or `+02`; **none means UTC**, never the
 *   user's local time;
 * - a bare date `2025-03-04`: 00:00:00 UTC that day.
 *
 * `null` for anything else (a day or time out of range, a `+` decoded to a
 * space, text longer than 64 characters). Fractions finer than a
 * millisecond are cut (a `Date` holds milliseconds).
 */
export function parseServiceDateTime(text: string): Date | null {
  if (text.length > 64) return null;
  const m = SERVICE_DATE_TIME.exec(text);
  if (!m) return null;
  const [, y, mo, d, h = "0", mi = "0", s = "0", frac = "", offset = "Z"] = m;
  const [year, month, day, hour, minute, second] = [y, mo, d, h, mi, s].map(Number);
  if (month < 1 || month > 12 || day < 1 || hour > 23 || minute > 59 || second > 59) return null;
  const ms = Number(frac.slice(0, 3).padEnd(3, "0"));
  const local = Date.UTC(year, month - 1, day, hour, minute, second, ms);
  // Date.UTC rolls 31 April over to 1 May: the day must exist.
  if (new Date(local).getUTCDate() !== day) return null;
  let offsetMinutes = 0;
  if (offset !== "Z" && offset !== "z") {
    const digits = offset.slice(1).replace(":", "");
    const oh = Number(digits.slice(0, 2));
    const om = Number(digits.slice(2) || "0");
    if (oh > 23 || om > 59) return null;
    offsetMinutes = (offset.startsWith("-") ? -1 : 1) * (oh * 60 + om);
  }
  const date = new Date(local - offsetMinutes * 60_000);
  return Number.isNaN(date.getTime()) ? null : date;
}

/**
 * Formats an instant (RFC 3339 / ISO 8601 date-time) in the user's time zone
 * and locale, with the UTC instant for a tooltip:
 * `{ text: "14 Mar 2025, 11:00", utc: "2025-03-14 10:00:00 UTC" }`.
 * Text that is not a date-time is returned as it came.
 */
export function formatDateTime(
  iso: string | null | undefined,
  locale = userLocale(),
  timeZone?: string,
): { text: string; utc: string } {
  if (!iso) return { text: "", utc: "" };
  const date = parseServiceDateTime(iso);
  if (!date) return { text: iso, utc: "" };
  const text = dateFormat(locale, { dateStyle: "medium", timeStyle: "short", timeZone }).format(date);
  const utc = `${date.toISOString().replace("T", " ").replace(/\.\d+Z$|Z$/, "")} UTC`;
  return { text, utc };
}

/**
 * The RFC 3339 instant (UTC, `Z`) of a `datetime-local` input's value
 * ("2026-11-22T14:30"), read in the user's time zone; `null` when empty or
 * not a date-time.
 */
export function localInputToRfc3339(value: string): string | null {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?$/.test(value)) return null;
  const date = new Date(value); // no offset: local time (ECMA-262 Date Time String Format)
  return Number.isNaN(date.getTime()) ? null : date.toISOString();
}

/**
 * The `datetime-local` input value ("2026-11-22T14:30") of a service
 * date-time (read as `parseServiceDateTime` reads it), in the user's time
 * zone; "" when it is not one.
 */
export function rfc3339ToLocalInput(iso: string | null | undefined): string {
  if (!iso) return "";
  const date = parseServiceDateTime(iso);
  if (!date) return "";
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

const relativeFormats = new Map<string, Intl.RelativeTimeFormat>();

/**
 * How long ago `iso` was, from `now` (ms since the epoch), in words in the
 * user's locale: "just now", "5 minutes ago", "3 hours ago", "2 days ago".
 */
export function formatAgo(iso: string, now = Date.now(), locale = userLocale()): string {
  const then = parseServiceDateTime(iso)?.getTime();
  if (then === undefined) return "";
  const seconds = Math.max(0, Math.round((now - then) / 1000));
  const key = String(locale);
  let format = relativeFormats.get(key);
  if (!format) relativeFormats.set(key, (format = new Intl.RelativeTimeFormat(locale, { numeric: "auto" })));
  if (seconds < 60) return format.format(0, "second");
  const steps: [Intl.RelativeTimeFormatUnit, number][] = [
    ["minute", 60],
    ["hour", 3600],
    ["day", 86_400],
  ];
  let unit: Intl.RelativeTimeFormatUnit = "minute";
  let size = 60;
  for (const [name, length] of steps) {
    if (seconds >= length) [unit, size] = [name, length];
  }
  return format.format(-Math.floor(seconds / size), unit);
}

/**
 * When saved data was saved, for "showing data saved at …": the time of
 * day when it was today, else the date and time, in the user's time zone;
 * and how long ago. `{ at: "10:42", ago: "3 hours ago" }`.
 */
export function formatSavedAt(iso: string, now = Date.now(), locale = userLocale()): { at: string; ago: string } {
  const date = parseServiceDateTime(iso);
  if (!date) return { at: iso, ago: "" };
  const today = new Date(now).toDateString() === date.toDateString();
  const at = today
    ? dateFormat(locale, { timeStyle: "short" }).format(date)
    : dateFormat(locale, { dateStyle: "medium", timeStyle: "short" }).format(date);
  return { at, ago: formatAgo(iso, now, locale) };
}

/**
 * A long walk's progress in words, for a download and an export alike:
 * "Exporting: page 3 of 13 · 600 of 2,437 records · 840 requests left"
 * (`phase` is "Exporting"); "Exporting…" before the first report.
 */
export function walkProgress(phase: string, progress: Progress | null): string {
  if (!progress) return `${phase}…`;
  const pages = t("offline_copy.pages", {
    done: progress.pages_done,
    total: progress.pages_total === null ? "…" : formatCount(progress.pages_total),
  });
  const records =
    progress.records_total === null
      ? t("offline_copy.records", { records: progress.records })
      : t("offline_copy.records_of", { records: progress.records, total: progress.records_total });
  const budget =
    progress.budget.remaining === null ? "" : ` · ${t("offline_copy.requests_left", { count: progress.budget.remaining })}`;
  return `${phase}: ${pages} · ${records}${budget}`;
}
