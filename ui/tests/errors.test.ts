// Errors in the user's words: Rust sends codes and values, the UI words
// them; what the service said is quoted once, cleanly, as the service's.
import { describe, expect, test } from "vitest";
import { errorText, problemText, type UiError } from "../src/lib/errors";
import { hasMessage, i18n } from "../src/lib/i18n.svelte";

const bindings = import.meta.glob("../src/lib/bindings.ts", { query: "?raw", import: "default", eager: true }) as Record<string, string>;

/** The string members of the union type `name` in the bindings. */
function union(name: string): string[] {
  const source = Object.values(bindings)[0].replace(/\/\*[\s\S]*?\*\//g, "");
  const body = new RegExp(`export type ${name} = ([^;]+);`).exec(source)?.[1] ?? "";
  return [...body.matchAll(/"(\w+)"/g)].map((m) => m[1]);
}

function error(code: UiError["code"], extra: Partial<UiError> = {}): UiError {
  return { kind: "service", code, params: {}, service_message: null, field: null, field_errors: {}, retry_after_s: null, ...extra };
}

const rust = import.meta.glob("../../src-tauri/crates/*/src/**/*.rs", {
  query: "?raw",
  import: "default",
  eager: true,
}) as Record<string, string>;

describe("error messages", () => {
  test("every check the Rust crates make by code has words (errors.problem.<code>)", () => {
    const codes = new Set(
      Object.values(rust).flatMap((source) => [...source.matchAll(/Problem::new\(\s*"(\w+)"/g)].map((m) => m[1])),
    );
    expect(codes.size).toBeGreaterThan(15);
    expect([...codes].filter((code) => !hasMessage(`errors.problem.${code}`))).toEqual([]);
  });

  test("a check's values are worded as the user sees them elsewhere; the service's words stay as they came", () => {
    expect(
      problemText({ source: "check", code: "operator_not_allowed", values: { operator: "gte", field: "name" }, message: "" }),
    ).toBe("The “at least” operator does not apply to Name.");
    expect(problemText({ source: "check", code: "brand_new", values: {}, message: "A new rule." })).toBe("A new rule.");
    expect(problemText({ source: "service", message: "Not a member of this workspace." })).toBe("Not a member of this workspace.");
    i18n.use("es", ["es-CO"]);
    expect(
      problemText({ source: "check", code: "offline_related_field", values: { relation: "supplier", field: "name" }, message: "" }),
    ).toBe("No disponible sin conexión: con cada registro solo se guarda el ID de proveedor, no su nombre.");
  });

  test("every code Rust can send has words", () => {
    const codes = union("ErrorCode");
    expect(codes.length).toBeGreaterThan(30);
    expect(codes.filter((code) => !hasMessage(`errors.${code}`))).toEqual([]);
    for (const reason of ["not_an_address", "not_https", "scheme", "no_host", "credentials", "query_or_fragment"]) {
      expect(hasMessage(`errors.base_url.${reason}`), reason).toBe(true);
    }
    for (const reason of ["prefix", "too_short", "characters"]) expect(hasMessage(`errors.key.${reason}`), reason).toBe(true);
  });

  test("the service is quoted once, marked as the service's, without doubled punctuation", () => {
    for (const said of ["API key has expired.", "API key has expired", " Nope! "]) {
      for (const code of ["key_refused", "forbidden_read", "forbidden_write", "service_refused", "service_error"] as const) {
        const text = errorText(error(code, { service_message: said, params: { status: "500" } }));
        for (const doubled of [".).", "..", "!.", "”..", "  ", ". .", ":."]) expect(text, code).not.toContain(doubled);
        expect(text.split(said.trim()).length - 1, text).toBe(1);
      }
    }
    expect(errorText(error("key_refused", { service_message: "API key has expired." }))).toMatch(
      /^The service did not accept the API key\. It said: “API key has expired\.” Check/,
    );
    expect(errorText(error("forbidden_read", { service_message: "Forbidden" }))).toContain("The service said: “Forbidden”. Ask");
    expect(errorText(error("forbidden_read"))).toBe("Your API key's member is not allowed to see this. Ask a workspace administrator for access.");
  });

  test("in Spanish, with values worded and agreeing", () => {
    i18n.use("es", ["es-CO"]);
    expect(errorText(error("key_refused", { service_message: "API key has expired." }))).toMatch(
      /^El servicio no aceptó la clave de API\. Respondió: “API key has expired\.” Revise/,
    );
    expect(errorText(error("record_not_found", { params: { resource: "task" } }))).toBe(
      "Esa tarea no existe en este espacio de trabajo, o se eliminó.",
    );
    expect(errorText(error("record_not_found", { params: { resource: "lead" } }))).toBe(
      "Ese cliente potencial no existe en este espacio de trabajo, o se eliminó.",
    );
    expect(errorText(error("invalid_base_url", { params: { reason: "scheme", scheme: "ftp" } }))).toBe(
      "No se puede usar esa dirección del servidor: las direcciones “ftp:” no se admiten; use https://.",
    );
    expect(errorText(error("rate_limited", { retry_after_s: 600 }))).toBe(
      "Esta clave de API ha hecho demasiadas solicitudes por ahora. Inténtelo de nuevo en unos 10 minutos.",
    );
  });

  test("when to retry after a rate limit, in English", () => {
    expect(errorText(error("rate_limited", { retry_after_s: 600 }))).toContain("Try again in about 10 minutes.");
    expect(errorText(error("rate_limited", { retry_after_s: 45 }))).toContain("Try again in 45 seconds.");
    expect(errorText(error("rate_limited"))).toContain("Try again later.");
  });

  test("errors made on this side keep their words; IPC failures say so", () => {
    expect(errorText(error("local", { text: "Ya existe." }))).toBe("Ya existe.");
    expect(errorText(error("internal", { params: { detail: "command foo not found" } }))).toBe(
      "Workdesk hit an internal problem (command foo not found). Please restart the app.",
    );
  });
});
