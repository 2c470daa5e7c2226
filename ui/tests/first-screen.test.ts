// The first-run form drawn before the UI's scripts run: which language the
// page picks for Rust's `FirstScreen` (ui/src/first-screen.ts), and the
// status it is taken over with.
import { describe, expect, it } from "vitest";
import { firstRunLanguage, firstRunStatus, templateId } from "../src/lib/first-screen";
import { resolveLanguage } from "../src/lib/language";

describe("the prerendered first-run form", () => {
  it("is drawn only when Rust says this start is a first run, and not on a reload", () => {
    expect(firstRunLanguage(undefined, false, ["en-US"])).toBeNull();
    expect(firstRunLanguage({ first_run: false, language: "system" }, false, ["en-US"])).toBeNull();
    expect(firstRunLanguage({ first_run: true, language: "system" }, true, ["en-US"])).toBeNull();
    expect(firstRunLanguage({ first_run: true, language: "system" }, false, ["en-US"])).toEqual({ language: "en", locale: "en-US" });
  });

  it("is drawn in the language the UI will speak: the system's, unless one was chosen", () => {
    for (const [choice, system] of [
      ["system", ["es-CO", "en-US"]],
      ["system", ["de-DE"]],
      ["en", ["es-ES"]],
      ["es", ["en-GB"]],
    ] as const) {
      expect(firstRunLanguage({ first_run: true, language: choice }, false, system)).toEqual(resolveLanguage(choice, system));
    }
    expect(templateId("es")).toBe("first-run-es");
  });

  it("is taken over with a first run's status, in the chosen language", () => {
    const status = firstRunStatus("es");
    expect(status.mode).toBe("setup");
    expect(status.workspace).toBeNull();
    expect(status.workspaces).toEqual([]);
    expect(status.keychain.available).toBe(true);
    expect(status.language).toBe("es");
    expect(status.settings_notice).toBeNull();
  });
});

/** One file's text, read at build time (Vite's `?raw`). */
const only = (files: Record<string, string>) => Object.values(files)[0];
const entry = only(import.meta.glob("../src/main.ts", { query: "?raw", import: "default", eager: true }) as Record<string, string>);
const viteConfig = only(import.meta.glob("../vite.config.ts", { query: "?raw", import: "default", eager: true }) as Record<string, string>);

describe("the page's entry", () => {
  it("holds up no first paint: it imports only the styles, and the UI itself once the prerendered form is painted", () => {
    const imports = [...entry.matchAll(/^import\s+(?:[^"']*from\s+)?["']([^"']+)["']/gm)].map((m) => m[1]);
    expect(imports).toEqual(["./app.css"]);
    expect(entry).toMatch(/import\("\.\/app"\)/);
    expect(entry).toMatch(/dataset\.prerendered\)\s*requestAnimationFrame/);
    // Every style in the page's one style sheet: the form is painted styled before any script runs.
    expect(viteConfig).toMatch(/cssCodeSplit:\s*false/);
  });
});
