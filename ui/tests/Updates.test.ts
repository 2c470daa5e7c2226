// Workdesk's own updates in the window: a newer version in the status bar,
// its dialog with what's new (as text), "Install and restart" asking about
// a half-filled form first, the package offered instead where the system's
// package manager owns Workdesk, and Preferences saying who decided and
// checking now. What is decided (whether to look, what a newer version
// leads to) comes from Rust's status as it is.
import { flushSync } from "svelte";
import { describe, expect, test, vi } from "vitest";
import { render, screen, within } from "@testing-library/svelte";
import userEvent from "@testing-library/user-event";
import { mockIPC } from "@tauri-apps/api/mocks";
import App from "../src/App.svelte";
import PreferencesView from "../src/components/PreferencesView.svelte";
import type { UpdateStatus } from "../src/lib/bindings";
import { session } from "../src/lib/session.svelte";
import { updates } from "../src/lib/updates.svelte";
import { serviceStatus } from "./fixtures";
import { windowOn } from "./fixtures/window";

const offered: UpdateStatus = {
  current_version: "0.1.0",
  policy: { updates: { kind: "release_server" }, managed_by: null, problem: null },
  installed: "nsis",
  when_newer: "install_in_place",
  not_in_this_build: null,
  stage: { stage: "available" },
  release: { version: "1.3.0", notes: "Faster lists.\n<b>A search box</b> on every list.", published_at: "2026-11-20T10:00:00Z" },
  checked_at: "2026-11-26T09:00:00Z",
  problem: null,
  revision: 2,
};

/** install_update's progress channel, as the mock gets it. */
type Progress = { onmessage: (status: UpdateStatus) => void };

/**
 * Mocks a window on Acme with `status` as the update status; `calls` records
 * the update commands. A download sends two progress messages, then its
 * reply; each status Rust sends is one revision newer.
 */
function serve(status: UpdateStatus) {
  const calls: [string, unknown][] = [];
  session.reset();
  updates.status = null;
  updates.open = false;
  updates.error = null;
  mockIPC(windowOn(serviceStatus, (cmd, args) => {
    switch (cmd) {
      case "update_status":
        return status;
      case "install_update": {
        calls.push([cmd, args]);
        const progress = (args as { progress: Progress }).progress;
        progress.onmessage({ ...status, revision: status.revision + 1, stage: { stage: "downloading", received_bytes: 0, total_bytes: 3_250_000 } });
        progress.onmessage({ ...status, revision: status.revision + 2, stage: { stage: "downloading", received_bytes: 3_250_000, total_bytes: 3_250_000 } });
        return { ...status, revision: status.revision + 3, stage: status.when_newer === "install_in_place" ? { stage: "installed" } : { stage: "saved", path: "/home/ana/Workdesk_1.3.0_amd64.deb", file_name: "Workdesk_1.3.0_amd64.deb" } };
      }
      case "check_for_update":
        calls.push([cmd, args]);
        return { ...status, revision: status.revision + 2, stage: { stage: "up_to_date" }, release: null };
      default:
        return null;
    }
  }));
  return calls;
}

async function openWindow(status: UpdateStatus) {
  const calls = serve(status);
  const user = userEvent.setup();
  render(App);
  await screen.findByText("3 supplier invoices");
  return { user, calls };
}

describe("a newer Workdesk", () => {
  test("shows in the status bar; its dialog says what's new as text; Install and restart asks about a half-filled form first", async () => {
    const { user, calls } = await openWindow(offered);
    await user.click(await screen.findByRole("button", { name: "Workdesk 1.3.0 is available" }));
    const dialog = screen.getByRole("dialog", { name: "Workdesk 1.3.0 is available" });
    expect(within(dialog).getByText(/You have Workdesk 0\.1\.0\./)).toBeInTheDocument();
    // The notes as the server wrote them, never as HTML.
    expect(within(dialog).getByText(/<b>A search box<\/b> on every list\./)).toBeInTheDocument();
    expect(dialog.querySelector("b")).toBeNull();
    const install = within(dialog).getByRole("button", { name: "Install and restart" });
    expect(install).toHaveFocus();

    // A half-filled form: the question first, nothing installed on Keep editing.
    await user.click(within(dialog).getByRole("button", { name: "Close" }));
    expect(screen.queryByRole("dialog", { name: /1\.3\.0/ })).toBeNull();
    await user.click(screen.getByRole("button", { name: "New task" }));
    await user.type(await screen.findByLabelText(/^Title/), "Llamar a Peña");
    await user.click(screen.getByRole("button", { name: "Workdesk 1.3.0 is available" }));
    await user.click(screen.getByRole("button", { name: "Install and restart" }));
    await user.click(within(screen.getByRole("alertdialog", { name: "Discard what you typed in New task?" })).getByRole("button", { name: "Keep editing" }));
    expect(calls).toEqual([]);
    expect(screen.getByLabelText(/^Title/)).toHaveValue("Llamar a Peña");

    await user.click(screen.getByRole("button", { name: "Workdesk 1.3.0 is available" }));
    await user.click(screen.getByRole("button", { name: "Install and restart" }));
    await user.click(within(screen.getByRole("alertdialog")).getByRole("button", { name: "Discard and continue" }));
    await vi.waitFor(() => expect(calls.map(([cmd]) => cmd)).toEqual(["install_update"]));
    expect(await screen.findByText("Installed, signature checked. Workdesk restarts now.")).toBeInTheDocument();
  });

  test("owned by the system's package manager: the package is offered, saved where chosen, and nothing asks about forms", async () => {
    const { user, calls } = await openWindow({ ...offered, installed: "deb", when_newer: "tell_where_to_get_it" });
    await user.click(await screen.findByRole("button", { name: "Workdesk 1.3.0 is available" }));
    const dialog = screen.getByRole("dialog", { name: "Workdesk 1.3.0 is available" });
    expect(within(dialog).getByText(/installed by your system's package manager/)).toBeInTheDocument();
    expect(within(dialog).queryByRole("button", { name: "Install and restart" })).toBeNull();
    await user.click(within(dialog).getByRole("button", { name: "Download the package…" }));
    await vi.waitFor(() => expect(calls.map(([cmd]) => cmd)).toEqual(["install_update"]));
    const words = (calls[0][1] as { dialog: { title: string; file_type: string } }).dialog;
    expect(words.title).toBe("Save Workdesk 1.3.0");
    expect(words.file_type).toBe("Installation package");
    expect(await within(dialog).findByText(/Saved Workdesk_1\.3\.0_amd64\.deb, signature checked/)).toBeInTheDocument();
    expect(within(dialog).getByRole("button", { name: "Show in folder" })).toBeInTheDocument();
  });

  test("a progress message arriving after the download's reply is not shown: the package stays saved and Check now stays usable", async () => {
    const deb: UpdateStatus = { ...offered, installed: "deb", when_newer: "tell_where_to_get_it" };
    const { user, calls } = await openWindow(deb);
    await user.click(await screen.findByRole("button", { name: "Workdesk 1.3.0 is available" }));
    const dialog = screen.getByRole("dialog", { name: "Workdesk 1.3.0 is available" });
    await user.click(within(dialog).getByRole("button", { name: "Download the package…" }));
    expect(await within(dialog).findByText(/Saved Workdesk_1\.3\.0_amd64\.deb, signature checked/)).toBeInTheDocument();

    // Tauri sends a channel's small messages and a command's reply by
    // different ways: the last progress message can come after the reply.
    const progress = (calls[0][1] as { progress: Progress }).progress;
    flushSync(() =>
      progress.onmessage({ ...deb, revision: deb.revision + 2, stage: { stage: "downloading", received_bytes: 3_250_000, total_bytes: 3_250_000 } }),
    );
    expect(within(dialog).getByText(/Saved Workdesk_1\.3\.0_amd64\.deb, signature checked/)).toBeInTheDocument();
    expect(within(dialog).queryByText(/MB of/)).toBeNull();
    await user.click(within(dialog).getByRole("button", { name: "Close" }));
    render(PreferencesView);
    expect(screen.getByRole("button", { name: "Check now" })).toBeEnabled();
  });

  test("Escape closes the dialog and gives the focus back", async () => {
    const { user } = await openWindow(offered);
    const opener = await screen.findByRole("button", { name: "Workdesk 1.3.0 is available" });
    await user.click(opener);
    expect(screen.getByRole("dialog", { name: /1\.3\.0/ })).toBeInTheDocument();
    await user.keyboard("{Escape}");
    expect(screen.queryByRole("dialog", { name: /1\.3\.0/ })).toBeNull();
    expect(opener).toHaveFocus();
  });

  test("nothing newer: nothing in the status bar", async () => {
    await openWindow({ ...offered, stage: { stage: "up_to_date" }, release: null });
    expect(screen.queryByRole("button", { name: /is available/ })).toBeNull();
  });
});

describe("Preferences, Updates", () => {
  test("a policy file says who decided; updates off, nothing to check", async () => {
    serve({
      ...offered,
      policy: { updates: { kind: "off" }, managed_by: { kind: "policy_file", path: "/etc/workdesk/policy.json" }, problem: null },
      stage: { stage: "idle" },
      release: null,
      checked_at: null,
    });
    await updates.load();
    render(PreferencesView);
    expect(screen.getByText("Workdesk does not look for updates.")).toBeInTheDocument();
    expect(screen.getByText("Managed by your organisation.")).toBeInTheDocument();
    expect(screen.getByText(/Set in \/etc\/workdesk\/policy\.json\./)).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Check now" })).toBeNull();
  });

  test("Windows' machine policy in the registry (the MSI installed with UPDATES=0) is named", async () => {
    serve({
      ...offered,
      policy: {
        updates: { kind: "off" },
        managed_by: { kind: "registry", key: "HKEY_LOCAL_MACHINE\\Software\\Policies\\Workdesk\\Updates" },
        problem: null,
      },
      release: null,
      stage: { stage: "idle" },
    });
    await updates.load();
    render(PreferencesView);
    expect(screen.getByText("Managed by your organisation.")).toBeInTheDocument();
    expect(screen.getByText(/Set in the registry: HKEY_LOCAL_MACHINE\\Software\\Policies\\Workdesk\\Updates\./)).toBeInTheDocument();
  });

  test("a company server set by the environment; Check now asks and shows the answer", async () => {
    const calls = serve({
      ...offered,
      policy: { updates: { kind: "server", url: "https://updates.example.com/latest.json" }, managed_by: { kind: "environment" }, problem: null },
      release: null,
      stage: { stage: "idle" },
    });
    await updates.load();
    const user = userEvent.setup();
    render(PreferencesView);
    expect(screen.getByText(/looks for updates at https:\/\/updates\.example\.com\/latest\.json/)).toBeInTheDocument();
    expect(screen.getByText(/Set by the environment variable WORKDESK_UPDATES\./)).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Check now" }));
    expect(calls.map(([cmd]) => cmd)).toEqual(["check_for_update"]);
    expect(await screen.findByText(/Workdesk is up to date\./)).toBeInTheDocument();
  });

  test("a build without the update key says it cannot update itself", async () => {
    serve({ ...offered, not_in_this_build: "no_key", release: null, stage: { stage: "idle" } });
    await updates.load();
    render(PreferencesView);
    expect(screen.getByText(/cannot update itself: it was built without the key/)).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Check now" })).toBeNull();
  });
});
