import { describe, expect, test } from "vitest";
import {
  charCount,
  checkLength,
  checkRequired,
  checkRequiredUuid,
  checkUuid,
  isUuid,
  jsonEqual,
  jsonToText,
  parseJsonText,
  splitFieldErrors,
} from "../src/lib/validate";

describe("record ids", () => {
  test("accept UUIDs in any case, with or without hyphens, blanks around ignored", () => {
    expect(isUuid("3f2b6c1e-8d4a-4f0e-9b7a-1c2d3e4f5a6b")).toBe(true);
    expect(isUuid(" 3F2B6C1E-8D4A-4F0E-9B7A-1C2D3E4F5A6B ")).toBe(true);
    expect(isUuid("3f2b6c1e8d4a4f0e9b7a1c2d3e4f5a6b")).toBe(true);
    expect(isUuid("3f2b6c1e-8d4a-4f0e-9b7a-1c2d3e4f5a6")).toBe(false);
    expect(isUuid("not-an-id")).toBe(false);
    expect(isUuid("")).toBe(false);
  });

  test("an optional id may be empty; a required one may not", () => {
    expect(checkUuid("", "Record ID")).toBeNull();
    expect(checkUuid("abc", "Record ID")).toMatch(/^Record ID must be a record ID like /);
    expect(checkRequiredUuid(" ", "Location", "Enter the location.")).toBe("Enter the location.");
    expect(checkRequiredUuid("abc", "Location", "Enter the location.")).toMatch(/^Location must be a record ID/);
  });
});

describe("text", () => {
  test("required text may not be blank", () => {
    expect(checkRequired("  ", "Enter a title.")).toBe("Enter a title.");
    expect(checkRequired("a", "Enter a title.")).toBeNull();
  });

  test("length counts characters as the service does, after trimming", () => {
    expect(charCount("😀é")).toBe(2);
    expect(checkLength("x".repeat(255), 255, "Title")).toBeNull();
    expect(checkLength(` ${"x".repeat(255)} `, 255, "Title")).toBeNull();
    expect(checkLength("😀".repeat(255), 255, "Title")).toBeNull();
    expect(checkLength("x".repeat(256), 255, "Title")).toBe(
      "Title can have at most 255 characters; it has 256. Shorten it by 1.",
    );
  });
});

describe("JSON", () => {
  test("empty is nothing; valid JSON is parsed; anything else is explained", () => {
    expect(parseJsonText("  ", "Custom fields")).toEqual({ value: undefined, error: null });
    expect(parseJsonText('{"a": [1, "x"]}', "Custom fields")).toEqual({ value: { a: [1, "x"] }, error: null });
    expect(parseJsonText("null", "Custom fields")).toEqual({ value: null, error: null });
    expect(parseJsonText("{a: 1}", "Custom fields").error).toMatch(/^Custom fields must be valid JSON/);
  });

  test("values compare by content, objects in any key order", () => {
    expect(jsonEqual({ a: 1, b: [1, { c: null }] }, { b: [1, { c: null }], a: 1 })).toBe(true);
    expect(jsonEqual({ a: 1 }, { a: 1, b: 2 })).toBe(false);
    expect(jsonEqual([1, 2], [2, 1])).toBe(false);
    expect(jsonEqual(null, {})).toBe(false);
    expect(jsonEqual("1", 1)).toBe(false);
    expect(jsonEqual(null, null)).toBe(true);
  });

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
