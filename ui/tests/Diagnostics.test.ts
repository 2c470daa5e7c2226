// "Copy diagnostics" in Preferences: the report Rust gives (the app, the
// system, the end of the log) goes to the clipboard; where the clipboard
// refuses, it is shown selected to copy by hand.
import { afterEach, expect, test, vi } from "vitest";
import { render, screen } from "@testing-library/svelte";
import userEvent from "@testing-library/user-event";
import { mockIPC } from "@tauri-apps/api/mocks";
import PreferencesView from "../src/components/PreferencesView.svelte";

const REPORT = "Workdesk 0.1.0 (dev.workdesk.desktop)\nOperating system: linux x86_64\nLog (/home/ana/logs):\n[..] list loaded\n";

afterEach(() => vi.restoreAllMocks());

function serve() {
  const calls: string[] = [];
  mockIPC((cmd) => {
    calls.push(cmd);
    return cmd === "diagnostics" ? { text: REPORT, log_bytes: 20 } : null;
  });
  return calls;
}

test("Copy diagnostics puts the report on the clipboard and says so", async () => {
  const calls = serve();
  const user = userEvent.setup();
  const writeText = vi.spyOn(navigator.clipboard, "writeText");
  render(PreferencesView);
  await user.click(screen.getByRole("button", { name: "Copy diagnostics" }));
  expect(calls).toContain("diagnostics");
  expect(writeText).toHaveBeenCalledWith(REPORT);
  expect(await screen.findByText("Copied.")).toBeInTheDocument();
});

test("where the clipboard refuses, the report is shown selected to copy by hand", async () => {
  serve();
  const user = userEvent.setup();
  vi.spyOn(navigator.clipboard, "writeText").mockRejectedValue(new Error("not allowed"));
  render(PreferencesView);
  await user.click(screen.getByRole("button", { name: "Copy diagnostics" }));
  const box = await screen.findByRole("textbox", { name: "Diagnostics" });
  expect(box).toHaveValue(REPORT);
  expect(box).toHaveFocus();
  expect(screen.getByText(/press Ctrl\+C to copy it/)).toBeInTheDocument();
});
