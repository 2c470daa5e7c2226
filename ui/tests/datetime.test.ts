// Date-times as the service means them (workdesk-query's parse_date_time):
// no offset is UTC, `+02` / `+0200` / `+02:00` are offsets, a bare date is
// midnight UTC; shown and typed in the user's own time zone. Run under
// several zones: Node reads `TZ` again whenever it changes.
import { afterAll, describe, expect, test } from "vitest";
import { formatDateTime, localInputToRfc3339, parseServiceDateTime, rfc3339ToLocalInput } from "../src/lib/format";

// The UI has no Node types: the one Node global these tests use.
declare const process: { env: Record<string, string | undefined> };

const startZone = process.env.TZ;
afterAll(() => {
  if (startZone === undefined) delete process.env.TZ;
  else process.env.TZ = startZone;
});

const iso = (text: string) => parseServiceDateTime(text)?.toISOString() ?? null;

describe("reading a service date-time", () => {
  test("the spellings the engine takes, as the same instants", () => {
    expect(iso("2025-03-04T10:00:00Z")).toBe("2025-03-04T10:00:00.000Z");
    expect(iso("2025-03-04T10:00:00")).toBe("2025-03-04T10:00:00.000Z"); // no offset: UTC
    expect(iso("2025-03-04 10:00")).toBe("2025-03-04T10:00:00.000Z");
    expect(iso("2025-03-04t10:00:00z")).toBe("2025-03-04T10:00:00.000Z");
    expect(iso("2025-03-04T10:00Z")).toBe("2025-03-04T10:00:00.000Z");
    expect(iso("2025-03-04T10:00:00.250+02:00")).toBe("2025-03-04T08:00:00.250Z");
    expect(iso("2025-03-04T10:00:00+0200")).toBe("2025-03-04T08:00:00.000Z");
    expect(iso("2025-03-04T10:00:00+02")).toBe("2025-03-04T08:00:00.000Z");
    expect(iso("2025-03-04T10:00:00-05")).toBe("2025-03-04T15:00:00.000Z");
    expect(iso("2025-03-04T10:00:00.123456789Z")).toBe("2025-03-04T10:00:00.123Z");
    expect(iso("2025-03-04")).toBe("2025-03-04T00:00:00.000Z");
  });

  test("anything else is not a date-time", () => {
    for (const text of ["2025-03-04 10:00:00 02:00", "2025-02-30", "2025-13-01T00:00", "2025-03-04T24:00", "04/03/2025", "", "2025-03-04T10:00:00+2", "x".repeat(65)]) {
      expect(parseServiceDateTime(text), text).toBeNull();
    }
  });
});

for (const zone of ["America/Bogota", "Europe/Madrid", "UTC"]) {
  describe(`in ${zone}`, () => {
    test("a service value is shown in the user's zone, the UTC instant alongside", () => {
      // Formatters are kept per locale and options, the zone they were made
      // in included, so the zone is named here rather than taken from TZ.
      const shown = formatDateTime("2025-03-04T10:00:00", "es-CO", zone);
      const expected = new Intl.DateTimeFormat("es-CO", { dateStyle: "medium", timeStyle: "short", timeZone: zone }).format(
        new Date(Date.UTC(2025, 2, 4, 10)),
      );
      expect(shown).toEqual({ text: expected, utc: "2025-03-04 10:00:00 UTC" });
      expect(formatDateTime("2025-03-04T12:00:00+02", "es-CO", zone)).toEqual(shown);
      expect(formatDateTime("2025-03-04 10:00", "es-CO", zone)).toEqual(shown);
      const hour = { "America/Bogota": "5:00", "Europe/Madrid": "11:00", UTC: "10:00" }[zone]!;
      expect(shown.text).toContain(hour);
    });

    test("entry is the user's wall time, sent as UTC, and edits back to the same wall time", () => {
      process.env.TZ = zone;
      const sent = localInputToRfc3339("2026-11-22T14:30");
      const offset = { "America/Bogota": -5, "Europe/Madrid": 1, UTC: 0 }[zone]!;
      expect(sent).toBe(new Date(Date.UTC(2026, 10, 22, 14 - offset, 30)).toISOString());
      expect(rfc3339ToLocalInput(sent)).toBe("2026-11-22T14:30");
      // A value the service wrote without an offset is UTC, in the editor too.
      expect(rfc3339ToLocalInput("2026-11-22T14:30:00")).toBe(`2026-11-22T${String(14 + offset).padStart(2, "0")}:30`);
    });
  });
}
