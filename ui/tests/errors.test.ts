// Errors in the user's words: Rust sends codes and values, the UI words
// them; what the service said is quoted once, cleanly, as the service's.
import { describe, expect, test } from "vitest";
import { errorParts, errorText, problemText, type UiError } from "../src/lib/errors";
import { CATALOGUES, hasMessage, i18n } from "../src/lib/i18n.svelte";

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

describe("error messages", () => {
  // Every code the Rust crates build has words in both languages: problem-codes.test.ts.

  test("a check's values are worded as the user sees them elsewhere; the service's words stay as they came", () => {
    expect(
      problemText({ source: "check", code: "operator_not_allowed", values: { operator: "gte", field: "name" } }),
    ).toBe("The “at least” operator does not apply to Name.");
    // A code new to this UI (from a newer Rust) gets a sentence of the catalogues, naming it.
    expect(problemText({ source: "check", code: "brand_new", values: { value: "12a" } })).toBe(
      "This value cannot be used (reason: brand_new).",
    );
    expect(problemText({ source: "service", message: "Not a member of this workspace." })).toBe(
      "The service said: “Not a member of this workspace.”",
    );
    i18n.use("es", ["es-CO"]);
    expect(
      problemText({ source: "check", code: "offline_related_field", values: { relation: "supplier", field: "name" } }),
    ).toBe("No disponible sin conexión: con cada registro solo se guarda el ID de proveedor, no su nombre.");
    expect(problemText({ source: "check", code: "brand_new", values: {} })).toBe("Este valor no se puede usar (motivo: brand_new).");
  });

  test("a field error of the service is quoted once, marked as the service's, without doubled punctuation", () => {
    for (const language of ["en", "es"] as const) {
      i18n.use(language, [language === "en" ? "en-US" : "es-CO"]);
      const mark = language === "en" ? "The service said: “" : "El servicio respondió: “";
      for (const said of ["Ensure this field has no more than 1 characters.", "This field is required", " Nope! ", "(API key has expired.)"]) {
        const text = problemText({ source: "service", message: said });
        expect(text.startsWith(mark), text).toBe(true);
        for (const doubled of [".).", "..", "!.", "”..", "  ", ". .", ":.", "“ ", " ”"]) expect(text, said).not.toContain(doubled);
        expect(text.split(said.trim()).length - 1, text).toBe(1);
      }
      expect(problemText({ source: "service", message: "This field is required" })).toBe(`${mark}This field is required”.`);
      expect(problemText({ source: "service", message: "(API key has expired.)" })).toBe(`${mark}(API key has expired.)”`);
    }
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
      "Workdesk hit an internal problem. Please restart the app. Technical details: command foo not found",
    );
  });

  test("the system's technical words (params.detail) come after the sentence, apart, never inside it", () => {
    const codes = [
      "unknown_outcome_unclear",
      "service_other",
      "keychain_unavailable",
      "settings_unsaved",
      "demo_failed",
      "saved_data_unreadable",
      "saved_data_unavailable",
      "export_failed",
      "internal",
    ] as const;
    const detail = "No space left on device (os error 28)";
    for (const [language, label] of [
      ["en", "Technical details:"],
      ["es", "Detalles técnicos:"],
    ] as const) {
      // No message has a place for it.
      for (const [key, message] of Object.entries(CATALOGUES[language].errors)) expect(message, key).not.toContain("{detail}");
      i18n.use(language, [language === "en" ? "en-US" : "es-CO"]);
      for (const code of codes) {
        const parts = errorParts(error(code, { params: { detail, path: "/media/usb/F.csv" } }));
        const sentence = parts.pieces.map((piece) => piece.text).join("");
        expect(sentence, code).not.toContain("os error");
        expect(sentence, code).not.toMatch(/\(\s*\)|\s[.,]|\s$/);
        expect(sentence, code).toMatch(/\.$/);
        expect(parts.technical, code).toBe(detail);
        expect(errorText(error(code, { params: { detail, path: "/media/usb/F.csv" } }))).toBe(`${sentence} ${label} ${detail}`);
      }
    }
    i18n.use("es", ["es-CO"]);
    expect(errorText(error("settings_unsaved", { params: { detail } }))).toBe(
      "Workdesk no pudo guardar su configuración. Revise que el disco no esté lleno. Detalles técnicos: No space left on device (os error 28)",
    );
    // Without one, nothing is added.
    expect(errorParts(error("settings_unsaved")).technical).toBeNull();
    expect(errorText(error("settings_unsaved"))).toBe("Workdesk no pudo guardar su configuración. Revise que el disco no esté lleno.");
  });

  test("the service's words are a piece of their own, as they came, in the sentence that quotes them", () => {
    i18n.use("es", ["es-CO"]);
    expect(errorParts(error("key_refused", { service_message: " API key has expired. " })).pieces.slice(0, 3)).toEqual([
      { text: "El servicio no aceptó la clave de API. Respondió: “" },
      { text: "API key has expired.", service: true },
      expect.objectContaining({ text: expect.stringMatching(/^” Revise/) }),
    ]);
    expect(errorParts(error("service_error", { service_message: "Bad gateway", params: { status: "502" } })).pieces).toEqual([
      { text: "El servicio tuvo un problema (estado 502). Respondió: “" },
      { text: "Bad gateway", service: true },
      { text: "”. Inténtelo de nuevo en un momento." },
    ]);
    expect(errorParts(error("forbidden_read")).pieces).toEqual([
      { text: "El miembro de su clave de API no tiene permiso para ver esto. Pida acceso a un administrador del espacio de trabajo." },
    ]);
  });
});
