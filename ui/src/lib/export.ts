// What "Export…" sends with a list: its columns as the screen shows them
// (headers, choice and yes/no labels), the spreadsheet formats of the
// user's locale, and the file name offered in the save dialog.
import type { ExportColumn, ExportLayout, ExportFormat, ResourceSchema, Separator } from "./bindings";
import { choiceLabel, fieldLabel, fieldOf, yesNo } from "./fields";
import { userLocale } from "./format";
import { t } from "./i18n.svelte";

/**
 * The export's columns for `columns` (screen order), with the labels the
 * table shows; a reference the saved records name (a customer) gets a
 * column of names beside its IDs ("Customer name"), which Rust fills.
 */
export function exportColumns(schema: ResourceSchema, columns: string[]): ExportColumn[] {
  return columns.flatMap((name) => {
    const field = fieldOf(schema, name);
    const labels: Record<string, string> = {};
    if (field?.kind === "choice") for (const code of field.choices) labels[code] = choiceLabel(name, code);
    if (field?.kind === "boolean") Object.assign(labels, { true: yesNo(true), false: yesNo(false) });
    const column: ExportColumn = { field: name, header: fieldLabel(name), labels };
    const named = schema.named.some((n) => n.field === name && n.name.kind === "record");
    return named ? [column, { field: name, header: t("names.export_header", { field: fieldLabel(name) }), labels: {}, named: true }] : [column];
  });
}

/** The locale's decimal mark: "," in es-CO, "." in en-US. */
export function decimalMark(locale = userLocale()): string {
  return new Intl.NumberFormat(locale).formatToParts(1.5).find((part) => part.type === "decimal")?.value ?? ".";
}

/** The CSV separator spreadsheets of `locale` expect: ";" where decimals take a comma, else ",". */
export function defaultSeparator(locale = userLocale()): Separator {
  return decimalMark(locale) === "," ? "semicolon" : "comma";
}

/**
 * Excel number formats for dates and date-times in the order and clock of
 * `locale`, numeric (es-CO: `dd/mm/yyyy`, `dd/mm/yyyy hh:mm AM/PM`; en-GB:
 * `dd/mm/yyyy hh:mm`; en-US: `mm/dd/yyyy`, `mm/dd/yyyy hh:mm AM/PM`).
 */
export function excelFormats(locale = userLocale()): { date: string; dateTime: string } {
  const parts = new Intl.DateTimeFormat(locale, {
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
  }).formatToParts(new Date(2026, 10, 24, 22, 42));
  let date = "";
  let time = "";
  let inTime = false;
  for (const part of parts) {
    switch (part.type) {
      case "year":
        date += "yyyy";
        break;
      case "month":
        date += "mm";
        break;
      case "day":
        date += "dd";
        break;
      case "hour":
        inTime = true;
        time += "hh";
        break;
      case "minute":
        time += "mm";
        break;
      case "dayPeriod":
        time += "AM/PM";
        break;
      case "literal":
        if (inTime) time += part.value.includes(":") ? ":" : " ";
        else if (!/,?\s+$/.test(part.value) || date.length < 8) date += part.value.replace(/\s+$/, "");
        break;
    }
  }
  return { date, dateTime: `${date} ${time.trim()}` };
}

/** The export's layout for `format` in the user's locale. */
export function exportLayout(format: ExportFormat, separator: Separator, sheetName: string): ExportLayout {
  const { date, dateTime } = excelFormats();
  return { format, separator, date_time_format: dateTime, date_format: date, sheet_name: sheetName };
}

/**
 * "Supplier invoices 2026-11-24.xlsx": the name a save dialog offers for
 * `what` saved today (local date) as `format` (an export's, or a chart's
 * "png").
 */
export function exportFileName(what: string, format: ExportFormat | "png", now = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, "0");
  const day = `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
  return `${what} ${day}.${format}`;
}
