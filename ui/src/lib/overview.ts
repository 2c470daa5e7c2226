// The overview's figures shaped for the screen: Rust decides every figure,
// where it comes from and the list behind it (`overview` command); this
// only picks them out by what they measure, names months with `Intl`, and
// lays them out as the rows of a chart and its data table (the same rows a
// screen reader reads, the keyboard opens and "Copy as table" copies).
import type { Figure, Measure, Overview, Part, ResourceName } from "./bindings";
import { choiceLabel } from "./fields";
import { formatAmount, formatCount, formatDecimal, userLocale } from "./format";
import { t } from "./i18n.svelte";

/** `operation_status` codes in the order the bars stack: complete, provisional, error. */
export const STACKED = ["CO", "PR", "ER"] as const;

/** The part of `resource`, if the overview has one. */
export function partOf(overview: Overview<unknown>, resource: ResourceName): Part<unknown> | undefined {
  return overview.parts.find((part) => part.resource === resource);
}

/** Whether two measures are the same. */
function same(a: Measure, b: Measure): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

/** The figure of `part` that measures `measure`, if it gives one. */
export function figureOf(part: Part<unknown> | undefined, measure: Measure): Figure | undefined {
  return part?.figures.find((figure) => same(figure.measure, measure));
}

/** The figure of records dated in `month` (`"2026-11"`), with one operation status or all (`null`). */
export function monthFigure(part: Part<unknown> | undefined, month: string, status: string | null = null): Figure | undefined {
  return figureOf(part, { kind: "month", month, status });
}

/** A month key ("2026-11") named in `locale`: "Nov 2026" (`long`: "November 2026"). */
export function monthName(month: string, long = false, locale = userLocale()): string {
  const [year, index] = month.split("-").map(Number);
  const date = new Date(Date.UTC(year, index - 1, 1));
  return new Intl.DateTimeFormat(locale, { month: long ? "long" : "short", year: "numeric", timeZone: "UTC" }).format(date);
}

/** Whether the part's figures carry exact sums (saved records, or added up from the service) rather than counts only. */
export function hasSums(part: Part<unknown> | undefined): boolean {
  return part !== undefined && part.figures.some((figure) => figure.sum !== null);
}

/**
 * What a bar draws for `figure`: its sum when `sums` (a height only; the
 * exact sum is what is written), else its count.
 */
export function drawn(figure: Figure | undefined, sums: boolean): number {
  if (!figure) return 0;
  return sums ? Number(figure.sum ?? "0") : figure.count;
}

/** A figure as it is written: the amount (every digit, locale-formatted) when `sums`, else the count. */
export function written(figure: Figure | undefined, sums: boolean): string {
  if (!figure) return "";
  return sums ? formatAmount(figure.sum ?? "0") : formatCount(figure.count);
}

/** One cell of a chart's data table: the text shown, the exact text copied, and the figure it opens. */
export type Cell = { text: string; exact: string; figure: Figure | null };

/** A chart's data: its series (one colour each) over its labels, and the data table that says the same. */
export type ChartData = {
  /** The bars' labels (months, statuses). */
  labels: string[];
  /** One per stacked colour; `values` in the labels' order. */
  series: { label: string; color: string; values: number[]; cells: Cell[] }[];
  /** The data table: a header row, then one row per label. */
  table: { columns: string[]; rows: Cell[][] };
};

function cell(figure: Figure | undefined, sums: boolean): Cell {
  if (!figure) return { text: "", exact: "", figure: null };
  return {
    text: written(figure, sums),
    exact: sums ? formatDecimal(figure.sum ?? "0") : String(figure.count),
    figure,
  };
}

function label(text: string): Cell {
  return { text, exact: text, figure: null };
}

/**
 * Invoices per month (`months`: the last twelve), stacked by operation
 * status when the part gives each (saved records), with each month's total;
 * amounts when it gives sums, else counts.
 */
export function invoiceChart(part: Part<unknown> | undefined, months: string[]): ChartData {
  const sums = hasSums(part);
  const labels = months.map((month) => monthName(month));
  const stacked = months.some((month) => monthFigure(part, month, "CO") !== undefined);
  const statuses: (string | null)[] = stacked ? [...STACKED] : [null];
  const series = statuses.map((status) => {
    const figures = months.map((month) => monthFigure(part, month, status));
    return {
      label: status === null ? t("overview.all_statuses") : choiceLabel("operation_status", status),
      color: status === null ? "--chart-complete" : statusColor(status),
      values: figures.map((figure) => drawn(figure, sums)),
      cells: figures.map((figure) => cell(figure, sums)),
    };
  });
  const columns = [t("overview.column_month"), ...(stacked ? series.map((s) => s.label) : []), t("overview.column_all")];
  const rows = months.map((month, index) => [
    label(monthName(month, true)),
    ...(stacked ? series.map((s) => s.cells[index]) : []),
    cell(monthFigure(part, month), sums),
  ]);
  return { labels, series, table: { columns, rows } };
}

/** The colour token of an operation status's bars. */
export function statusColor(status: string): string {
  return status === "ER" ? "--chart-error" : status === "PR" ? "--chart-draft" : "--chart-complete";
}

/** Leads created per month (`months`: the last twelve). */
export function leadMonthsChart(part: Part<unknown> | undefined, months: string[]): ChartData {
  const shown = months.filter((month) => monthFigure(part, month) !== undefined);
  const figures = shown.map((month) => monthFigure(part, month));
  const cells = figures.map((figure) => cell(figure, false));
  return {
    labels: shown.map((month) => monthName(month)),
    series: [{ label: t("overview.new_leads"), color: "--chart-leads", values: figures.map((f) => drawn(f, false)), cells }],
    table: {
      columns: [t("overview.column_month"), t("overview.new_leads")],
      rows: shown.map((month, index) => [label(monthName(month, true)), cells[index]]),
    },
  };
}

/** The name of a lead status figure: its value, "No status", or "Other or none". */
export function statusName(measure: Measure): string {
  if (measure.kind === "status") return measure.status;
  if (measure.kind === "no_status") return t("overview.no_status");
  if (measure.kind === "other_status") return t("overview.other_status");
  return "";
}

/** Leads by status, in Rust's order (most first over saved records). */
export function leadStatusChart(part: Part<unknown> | undefined): ChartData {
  const figures = (part?.figures ?? []).filter((f) => ["status", "no_status", "other_status"].includes(f.measure.kind));
  const cells = figures.map((figure) => cell(figure, false));
  return {
    labels: figures.map((figure) => statusName(figure.measure)),
    series: [{ label: t("overview.column_count"), color: "--chart-leads", values: figures.map((f) => f.count), cells }],
    table: {
      columns: [t("overview.column_status"), t("overview.column_count")],
      rows: figures.map((figure, index) => [label(statusName(figure.measure)), cells[index]]),
    },
  };
}

/** A data table as tab-separated text (header first; every amount with all its digits), for a spreadsheet. */
export function tsv(table: ChartData["table"]): string {
  const clean = (text: string) => text.replace(/[\t\r\n]+/g, " ");
  return [table.columns.map(clean).join("\t"), ...table.rows.map((row) => row.map((c) => clean(c.exact)).join("\t"))].join("\n");
}

/**
 * One sentence a screen reader hears in place of a chart: its span, the
 * highest label and this month's (the last label's) figure.
 */
export function summary(title: string, data: ChartData): string {
  const totals = data.labels.map((_, index) => data.series.reduce((sum, s) => sum + (s.values[index] ?? 0), 0));
  if (data.labels.length === 0) return t("overview.summary_empty", { title });
  let top = 0;
  totals.forEach((value, index) => {
    if (value > totals[top]) top = index;
  });
  const allColumn = data.table.columns.length - 1;
  const text = (index: number) => data.table.rows[index]?.[allColumn]?.text ?? "";
  return t("overview.summary", {
    title,
    first: data.labels[0],
    last: data.labels[data.labels.length - 1],
    top: data.labels[top],
    top_value: text(top),
    last_value: text(data.labels.length - 1),
  });
}
