// latest.json, the update manifest the release workflow makes from a
// release's signed installers (.ci/updater-manifest.mjs): each installer
// under the keys of the copies it updates, so a .deb install finds the
// .deb and an MSI install the MSI; an unsigned installer, or a platform
// without one, stops the release.
import { describe, expect, test } from "vitest";
// @ts-expect-error: a plain ES module of the CI scripts, without types.
import { keysOf, manifest } from "../../.ci/updater-manifest.mjs";

const RELEASE = [
  "Workdesk_1.3.0_amd64.AppImage",
  "Workdesk_1.3.0_amd64.deb",
  "Workdesk-1.3.0-1.x86_64.rpm",
  "Workdesk_1.3.0_x64-setup.exe",
  "Workdesk_1.3.0_x64_en-US.msi",
  "Workdesk_universal.app.tar.gz",
  "Workdesk_1.3.0_universal.dmg",
  "SHA256SUMS",
];
const signed = (names: string[]) => [...names, ...names.filter((n) => keysOf(n)).map((n) => `${n}.sig`)];
const signature = (name: string) => `sig-of-${name}\n`;
const URL = "https://github.com/acme/workdesk/releases/download/v1.3.0/";
const NOW = new Date("2026-11-26T10:00:00.123Z");

describe("the update manifest", () => {
  test("lists every signed installer under its platform's keys, with the notes", () => {
    const { problems, manifest: made } = manifest(signed(RELEASE), signature, URL, "1.3.0", "Faster lists.", NOW);
    expect(problems).toEqual([]);
    expect(made.version).toBe("1.3.0");
    expect(made.notes).toBe("Faster lists.");
    expect(made.pub_date).toBe("2026-11-26T10:00:00Z");
    const entry = (name: string) => ({ url: `${URL}${name}`, signature: `sig-of-${name}.sig` });
    expect(made.platforms).toEqual({
      "linux-x86_64": entry("Workdesk_1.3.0_amd64.AppImage"),
      "linux-x86_64-appimage": entry("Workdesk_1.3.0_amd64.AppImage"),
      "linux-x86_64-deb": entry("Workdesk_1.3.0_amd64.deb"),
      "linux-x86_64-rpm": entry("Workdesk-1.3.0-1.x86_64.rpm"),
      "windows-x86_64": entry("Workdesk_1.3.0_x64-setup.exe"),
      "windows-x86_64-nsis": entry("Workdesk_1.3.0_x64-setup.exe"),
      "windows-x86_64-msi": entry("Workdesk_1.3.0_x64_en-US.msi"),
      "darwin-x86_64": entry("Workdesk_universal.app.tar.gz"),
      "darwin-aarch64": entry("Workdesk_universal.app.tar.gz"),
      "darwin-x86_64-app": entry("Workdesk_universal.app.tar.gz"),
      "darwin-aarch64-app": entry("Workdesk_universal.app.tar.gz"),
    });
  });

  test("an installer without its signature stops it, naming the file", () => {
    const names = signed(RELEASE).filter((n) => n !== "Workdesk_1.3.0_x64_en-US.msi.sig");
    const { problems, manifest: made } = manifest(names, signature, URL, "1.3.0", "", NOW);
    expect(made).toBeUndefined();
    expect(problems).toEqual([
      "Workdesk_1.3.0_x64_en-US.msi has no signature (Workdesk_1.3.0_x64_en-US.msi.sig): was TAURI_SIGNING_PRIVATE_KEY set?",
      "no signed *.msi in the release",
    ]);
  });

  test("a platform without an installer stops it", () => {
    const names = signed(RELEASE.filter((n) => !n.endsWith(".app.tar.gz")));
    expect(manifest(names, signature, URL, "1.3.0", "", NOW).problems).toEqual(["no signed *.app.tar.gz in the release"]);
  });
});
