// The message catalogues: complete in both languages, same placeholders,
// every key used; plurals and number formats agree with the language.
import { afterEach, describe, expect, test } from "vitest";
import { parse, TYPE, type MessageFormatElement } from "@formatjs/icu-messageformat-parser";
import glossary from "../src/i18n/glossary.json";
import { CATALOGUES, LANGUAGES, hasMessage, i18n, messageKeys, oneFullStop, resolveLanguage, t, type MessageKey } from "../src/lib/i18n.svelte";
import { LIMITS } from "../src/lib/bindings";

const sources = import.meta.glob("../src/**/*.{svelte,ts}", { query: "?raw", import: "default", eager: true }) as Record<
  string,
  string
>;

/** The placeholder names of an ICU message, nested ones included, sorted. */
function placeholders(message: string): string[] {
  const names = new Set<string>();
  const walk = (elements: MessageFormatElement[]) => {
    for (const element of elements) {
      if ("value" in element && element.type !== TYPE.literal) names.add(String(element.value));
      if ("options" in element) for (const option of Object.values(element.options)) walk(option.value);
      if (element.type === TYPE.tag) walk(element.children);
    }
  };
  walk(parse(message));
  return [...names].sort();
}

const catalogueKeys = (catalogue: Record<string, string>) => Object.keys(catalogue).filter((k) => k !== "$comment");
type Area = keyof (typeof CATALOGUES)["en"];
const areas = Object.keys(CATALOGUES.en) as Area[];
const area = (language: "en" | "es", name: Area) => CATALOGUES[language][name] as Record<string, string>;
/** Every catalogue key with its English and Spanish text. */
const messages: [string, string, string][] = areas.flatMap((name) =>
  catalogueKeys(area("en", name)).map((key): [string, string, string] => [key, area("en", name)[key], area("es", name)[key]]),
);
/**
 * Keys the UI builds from codes Rust sends (`errors.${code}`,
 * `filters.operator.${operator}`), so they appear in no literal: they are
 * checked against the codes in the bindings instead.
 */
const BUILT_KEYS = [
  "errors.",
  "filters.operator.",
  "filters.period.",
  "setup.set_aside.",
  "setup.session_only.",
  "app.settings_notice.",
];

/** Built keys whose codes are one union type of the bindings (errors.* are checked in errors.test.ts). */
const CODE_UNIONS: Record<string, string> = {
  "filters.operator.": "Operator",
  "setup.set_aside.": "SetAsideReason",
  "setup.session_only.": "SessionOnlyReason",
};
const glossaryEntries = Object.entries(glossary).filter(([key]) => key !== "$comment") as [
  string,
  { en: string; es: string; note?: string },
][];

afterEach(() => i18n.use("system", ["en-US"]));

describe("the catalogues", () => {
  test("every key is in both languages", () => {
    for (const name of areas) {
      expect(catalogueKeys(area("es", name)).sort(), name).toEqual(catalogueKeys(area("en", name)).sort());
      // A key names its area (`forms.task.title`), except the core's.
      if (name !== "core") expect(catalogueKeys(area("en", name)).filter((key) => !key.startsWith(`${name}.`)), name).toEqual([]);
    }
    // No key is in two areas, or in an area and the glossary.
    const all = [...messages.map(([key]) => key), ...glossaryEntries.map(([key]) => key)];
    expect(all.filter((key, i) => all.indexOf(key) !== i)).toEqual([]);
    for (const [key, entry] of glossaryEntries) {
      expect(typeof entry.en, `${key} in English`).toBe("string");
      expect(typeof entry.es, `${key} in Spanish`).toBe("string");
    }
    expect(messageKeys("es").sort()).toEqual(messageKeys("en").sort());
  });

  // A resource's name comes as `plural`, `one` (its singular) and
  // `gender`: each language takes the forms its grammar needs (Spanish
  // agrees "Ninguna factura" with the singular and its gender, English says
  // "No supplier invoices"), so they count as one placeholder, the noun.
  const NOUN: Record<string, string | null> = { plural: "(noun)", one: "(noun)", gender: null };

  test("every message parses, with the same placeholders in both languages", () => {
    const pairs: [string, string, string][] = [
      ...messages,
      ...glossaryEntries.map(([key, entry]): [string, string, string] => [key, entry.en, entry.es]),
    ];
    for (const [key, english, spanish] of pairs) {
      const content = (message: string) => [
        ...new Set(placeholders(message).flatMap((name) => (name in NOUN ? (NOUN[name] ?? []) : [name]))),
      ].sort();
      expect(content(spanish), key).toEqual(content(english));
    }
  });

  test("every catalogue key is used by the UI", () => {
    const code = Object.values(sources).join("\n");
    const unused = messages
      .map(([key]) => key)
      .filter((key) => !BUILT_KEYS.some((prefix) => key.startsWith(prefix)) && !code.includes(`"${key}"`));
    expect(unused).toEqual([]);
  });

  test("every relative period Rust offers has words in both languages", () => {
    for (const language of LANGUAGES) {
      i18n.use(language, [language]);
      for (const token of LIMITS.relative_dates) {
        const key = `filters.period.${token.slice(1)}`;
        expect(hasMessage(key), `${language} ${key}`).toBe(true);
      }
    }
  });

  test("every code of the bindings that the UI words has words, and no other", () => {
    const bindings = sources["../src/lib/bindings.ts"].replace(/\/\*[\s\S]*?\*\//g, "");
    for (const [prefix, name] of Object.entries(CODE_UNIONS)) {
      const union = new RegExp(`export type ${name} = ([^;]+);`).exec(bindings)?.[1] ?? "";
      const codes = [...union.matchAll(/"(\w+)"/g)].map((m) => `${prefix}${m[1]}`).sort();
      expect(codes.length, name).toBeGreaterThan(2);
      expect(messages.map(([key]) => key).filter((key) => key.startsWith(prefix)).sort(), name).toEqual(codes);
    }
  });
});

describe("messages in each language", () => {
  test("counts agree in number: 1 factura, 2 facturas, and are grouped as the locale groups", () => {
    i18n.use("es", ["es-CO"]);
    expect(t("resource.supplier_invoice.count" as MessageKey, { count: 1 })).toBe("1 factura de proveedor");
    expect(t("resource.supplier_invoice.count" as MessageKey, { count: 2 })).toBe("2 facturas de proveedor");
    expect(t("resource.supplier_invoice.count" as MessageKey, { count: 1234567 })).toBe("1.234.567 facturas de proveedor");
    i18n.use("en", ["en-US"]);
    expect(t("resource.supplier_invoice.count" as MessageKey, { count: 1 })).toBe("1 supplier invoice");
    expect(t("resource.supplier_invoice.count" as MessageKey, { count: 2437 })).toBe("2,437 supplier invoices");
  });

  test("a time ending in an abbreviation's point ends the sentence once: a. m., not a. m..", () => {
    i18n.use("es", ["es-CO"]);
    expect(t("detail.saved_at", { at: "10:42 a. m." })).toBe("Guardado en este equipo a las 10:42 a. m.");
    expect(t("detail.saved_at", { at: "22:42" })).toBe("Guardado en este equipo a las 22:42.");
    expect(t("offline_copy.paused", { at: "3:05 p. m." })).not.toMatch(/\.\.$/);
    // An ellipsis and decimals are left alone.
    expect(oneFullStop("Cargando…")).toBe("Cargando…");
    expect(oneFullStop("Total 1.234,50.")).toBe("Total 1.234,50.");
  });

  test("a change of language changes what t() answers at once", () => {
    i18n.use("en", ["en-US"]);
    expect(t("pager.next")).toBe("Next page");
    i18n.use("es", ["en-US"]);
    expect(t("pager.next")).toBe("Página siguiente");
    expect(i18n.locale).toBe("es-CO");
  });
});

describe("the language and locale chosen", () => {
  test("an explicit choice wins, formatted in the system's region for that language", () => {
    expect(resolveLanguage("es", ["es-MX", "en-US"])).toEqual({ language: "es", locale: "es-MX" });
    expect(resolveLanguage("es", ["en-US"])).toEqual({ language: "es", locale: "es-CO" });
    expect(resolveLanguage("en", ["es-CO"])).toEqual({ language: "en", locale: "en-US" });
  });

  test("the system's first language Workdesk speaks, else English in the system's own formats", () => {
    expect(resolveLanguage("system", ["es-CO", "en-US"])).toEqual({ language: "es", locale: "es-CO" });
    expect(resolveLanguage("system", ["fr-FR", "es-ES"])).toEqual({ language: "es", locale: "es-ES" });
    expect(resolveLanguage("system", ["es"])).toEqual({ language: "es", locale: "es-CO" });
    expect(resolveLanguage("system", ["en-GB", "es-CO"])).toEqual({ language: "en", locale: "en-GB" });
    expect(resolveLanguage("system", ["de-DE"])).toEqual({ language: "en", locale: "de-DE" });
  });

  test("what is not a language tag is left out (LANG=C reports 'c'), POSIX names are read", () => {
    expect(resolveLanguage("system", ["c"]).locale).toBe("en-US");
    expect(resolveLanguage("en", ["en_GB.UTF-8"]).locale).toBe("en-GB");
  });
});
