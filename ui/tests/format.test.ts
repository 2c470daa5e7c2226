import { afterEach, describe, expect, test, vi } from "vitest";
import { formatAmount, formatCount, formatDate, formatDateTime, formatDecimal, padFraction, prepareFormats } from "../src/lib/format";
import { formatValue } from "../src/lib/fields";
import { numberSeparators, readDecimal } from "../src/lib/decimal-input";
import { i18n } from "../src/lib/i18n.svelte";

afterEach(() => {
  i18n.use("system", ["en-US"]);
});

describe("the user's locale", () => {
  test("a POSIX locale the webview reports as 'c' still formats", () => {
    i18n.use("system", ["c"]);
    expect(formatDecimal("1234.50")).toMatch(/^1,?234\.50$/);
    expect(formatDate("2025-03-14T00:00:00Z")).not.toBe("");
    expect(formatCount(2437)).toMatch(/^2,?437$/);
  });

  test("follows the system's locale", () => {
    i18n.use("system", ["de-DE"]);
    expect(formatDecimal("1234.50")).toBe("1.234,50");
  });
});

describe("formatDecimal", () => {
  test("keeps every digit of the largest spec decimal (no float rounding)", () => {
    expect(formatDecimal("99999999999999.999999", "en-US")).toBe("99,999,999,999,999.999999");
    expect(formatDecimal("-0.000001", "en-US")).toBe("-0.000001");
  });

  test("keeps the scale the service sent and groups by locale", () => {
    expect(formatDecimal("1234.50", "en-US")).toBe("1,234.50");
    expect(formatDecimal("1234.50", "es-ES")).toBe("1234,50");
    expect(formatDecimal("12345.5", "de-DE")).toBe("12.345,5");
  });

  test("shows what it cannot read as it came, and nothing for null", () => {
    expect(formatDecimal("n/a", "en-US")).toBe("n/a");
    expect(formatDecimal(null)).toBe("");
  });
});

describe("formatDate", () => {
  test("shows the calendar date of an invoice in the user's locale, whatever the time zone", () => {
    expect(formatDate("2025-03-14T00:00:00Z", "en-US")).toBe("Mar 14, 2025");
    expect(formatDate("2025-03-14T00:00:00+00:00", "es-ES")).toBe("14 mar 2025");
    expect(formatDate("2025-03-14T00:00:00+05:00", "en-US")).toBe("Mar 14, 2025");
    expect(formatDate("2025-03-14T23:30:00-08:00", "en-US")).toBe("Mar 14, 2025");
    expect(formatDate("2025-03-14", "en-US")).toBe("Mar 14, 2025");
  });

  test("leaves an unreadable date as it came", () => {
    expect(formatDate("someday", "en-US")).toBe("someday");
  });
});

describe("amounts both ways, in both languages' locales", () => {
  const cases: [locale: string, sent: string, shown: string][] = [
    ["es-CO", "99999999999999.999999", "99.999.999.999.999,999999"],
    ["en-US", "99999999999999.999999", "99,999,999,999,999.999999"],
    ["es-CO", "-1234567.89", "-1.234.567,89"],
    ["en-US", "-1234567.89", "-1,234,567.89"],
    ["es-CO", "-0.50", "-0,50"],
    ["en-US", "0.000001", "0.000001"],
  ];

  test.each(cases)("%s: %s is shown as %s, and read back exactly as typed that way", (locale, sent, shown) => {
    expect(formatDecimal(sent, locale)).toBe(shown);
    expect(readDecimal(shown, numberSeparators(locale))).toEqual({ ok: true, value: sent });
    // Typed without grouping, too.
    const plain = shown.split(numberSeparators(locale).group).join("");
    expect(readDecimal(plain, numberSeparators(locale))).toEqual({ ok: true, value: sent });
  });

  test("one more digit than the service takes is read exactly, never rounded, for the engine to refuse", () => {
    expect(readDecimal("99.999.999.999.999,9999999", numberSeparators("es-CO"))).toEqual({
      ok: true,
      value: "99999999999999.9999999",
    });
    expect(readDecimal("999,999,999,999,999.5", numberSeparators("en-US"))).toEqual({ ok: true, value: "999999999999999.5" });
  });
});

describe("amounts as an accountant reads them", () => {
  test("zeros past the second decimal are dropped, every other digit kept: nothing is rounded", () => {
    expect(formatAmount("45942.960000", "en-US")).toBe("45,942.96");
    expect(formatAmount("45942.960000", "es-CO")).toBe("45.942,96");
    expect(formatAmount("0.125000", "en-US")).toBe("0.125");
    expect(formatAmount("99999999999999.999999", "en-US")).toBe("99,999,999,999,999.999999");
    expect(formatAmount("100", "en-US")).toBe("100.00");
    expect(formatAmount("-7.5", "en-US")).toBe("-7.50");
  });

  test("a cell shows the short amount; its tooltip, the details and a copy keep every digit", () => {
    i18n.use("en", ["en-US"]);
    const field = { name: "total", kind: "decimal" as const, nullable: false, sortable: true, filterable: true, choices: [], operators: [] };
    expect(formatValue(field, "total", "45942.960000")).toEqual({
      text: "45,942.96",
      title: "45,942.960000",
      numeric: true,
      exact: "45,942.960000",
    });
    expect(formatValue(field, "total", "1190.50")).toEqual({ text: "1,190.50", title: "", numeric: true });
  });

  test("amounts padded to the widest fraction line up on the decimal point", () => {
    const shown = ["1,234.50", "7.125", "12"];
    const padded = shown.map((text) => padFraction(text, 3, "en-US"));
    // Right-aligned, the points fall in the same column: as many characters after each.
    const after = padded.map((text) => text.length - (text.includes(".") ? text.lastIndexOf(".") : text.length - 4) - 1);
    expect(new Set(after).size).toBe(1);
    expect(padded[0]).toBe("1,234.50\u2007");
    expect(padded[2]).toBe("12\u2008\u2007\u2007\u2007");
    expect(padFraction("45,942.96", 2, "en-US")).toBe("45,942.96");
  });
});

describe("formatters readied before a list opens", () => {
  test("after prepareFormats, a page's dates, date-times, amounts and counts make no new Intl formatter", () => {
    // A locale no other test formats in: its formatters are made here first.
    i18n.use("system", ["en-IE"]);
    prepareFormats();
    const dates = vi.spyOn(Intl, "DateTimeFormat");
    const numbers = vi.spyOn(Intl, "NumberFormat");
    try {
      formatDate("2025-03-14");
      formatDateTime("2025-03-14T10:00:00Z");
      padFraction(formatAmount("45942.960000"), 2);
      formatCount(2400);
      expect(dates).not.toHaveBeenCalled();
      expect(numbers).not.toHaveBeenCalled();
    } finally {
      dates.mockRestore();
      numbers.mockRestore();
    }
  });
});
