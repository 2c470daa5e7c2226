// What the forms share beside Rust's checks (check_task, check_lead and
// check_stakeholder, whose rules are tested in Rust).
import { describe, expect, test } from "vitest";
import { isUuid, jsonToText, signed, splitFieldErrors } from "../src/lib/validate";

describe("record ids", () => {
  test("accept UUIDs in any case, with or without hyphens, blanks around ignored", () => {
    expect(isUuid("3f2b6c1e-8d4a-4f0e-9b7a-1c2d3e4f5a6b")).toBe(true);
    expect(isUuid(" 3F2B6C1E-8D4A-4F0E-9B7A-1C2D3E4F5A6B ")).toBe(true);
    expect(isUuid("3f2b6c1e8d4a4f0e9b7a1c2d3e4f5a6b")).toBe(true);
    expect(isUuid("3f2b6c1e-8d4a-4f0e-9b7a-1c2d3e4f5a6")).toBe(false);
    expect(isUuid("not-an-id")).toBe(false);
    expect(isUuid("")).toBe(false);
  });
});

describe("numbers in messages", () => {
  test("a real minus sign, no grouping", () => {
    expect(signed(-32768)).toBe("−32768");
    expect(signed(32767)).toBe("32767");
    expect(signed(0)).toBe("0");
  });
});

describe("JSON", () => {
  test("text for a textarea is pretty-printed, empty for null", () => {
    expect(jsonToText(null)).toBe("");
    expect(jsonToText({ a: 1 })).toBe('{\n  "a": 1\n}');
  });
});

describe("service field errors", () => {
  test("go beside the form's inputs; the rest to the top of the form", () => {
    const split = splitFieldErrors(
      {
        priority: [
          { source: "service", message: "Too big." },
          { source: "service", message: "Really." },
        ],
        non_field_errors: [{ source: "service", message: "Already exists." }],
        member: [{ source: "service", message: "Not yours." }],
      },
      ["title", "priority"],
      (name) => name.toUpperCase(),
    );
    expect(split).toEqual({
      byField: { priority: "The service said: “Too big.” The service said: “Really.”" },
      other: ["The service said: “Already exists.”", "MEMBER: The service said: “Not yours.”"],
    });
  });
});
