import { describe, expect, test } from "vitest";
import { formatDate, formatDecimal } from "../src/lib/format";

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
  });

  test("leaves an unreadable date as it came", () => {
    expect(formatDate("someday", "en-US")).toBe("someday");
  });
});
