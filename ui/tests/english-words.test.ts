// The check the Spanish screens are held to: it finds English words, and
// leaves Spanish texts, numbers and names alone.
import { describe, expect, test } from "vitest";
import { render } from "@testing-library/svelte";
import Setup from "../src/components/Setup.svelte";
import { collectScreenTexts, englishIn, englishOnlyWords } from "../e2e/english-words.mjs";

describe("English words on a Spanish screen", () => {
  const english = englishOnlyWords();

  test("a text left in English is found, with the text it is in", () => {
    expect(englishIn(["Página 1 de 122", "Next page"], english)).toEqual([
      { word: "next", text: "Next page" },
      { word: "page", text: "Next page" },
    ]);
    expect(englishIn(["Saved at 10:42"], english).map((found) => found.word)).toEqual(["saved", "at"]);
  });

  test("Spanish texts, figures and names pass", () => {
    expect(englishIn(["2.437 facturas de proveedor", "Página 1 de 122", "Workdesk", "NIT", "Clave de API •••• 1a2b"], english)).toEqual([]);
  });

  test("a screen in English is caught, and what the system said (translate=no) is left alone", () => {
    const { container } = render(Setup, {
      props: { keychain: { available: false, reason: "Try again later: the secret service is locked" }, onready: () => {} },
    });
    const found = englishIn(collectScreenTexts(container), english).map((f) => f.word);
    expect(found).toContain("connect");
    expect(englishIn(["Try again later"], english).length).toBeGreaterThan(0);
    expect(found).not.toContain("later");
  });
});
