import { describe, expect, test, vi } from "vitest";
import { render, screen } from "@testing-library/svelte";
import userEvent from "@testing-library/user-event";
import { mockIPC } from "@tauri-apps/api/mocks";
import Setup from "../src/components/Setup.svelte";
import type { KeychainStatus } from "../src/lib/bindings";
import { page, setupStatus, uiError } from "./fixtures";

const KEY = "service_abcdefghijklmnopqrstuvwxyz0123456789";

function renderSetup(keychain: KeychainStatus = { available: true, reason: null }) {
  const onready = vi.fn();
  render(Setup, { props: { baseUrl: null, keychain, take: 20, onready } });
  return onready;
}

async function fillAndConnect(baseUrl: string, key: string) {
  const user = userEvent.setup();
  await user.type(screen.getByLabelText("Server address"), baseUrl);
  await user.type(screen.getByLabelText("API key"), key);
  await user.click(screen.getByRole("button", { name: "Connect" }));
}

describe("first-run screen", () => {
  test("connects: saves the address, stores the key, checks it, then opens the workspace", async () => {
    const calls: [string, unknown][] = [];
    mockIPC((cmd, args) => {
      calls.push([cmd, args]);
      switch (cmd) {
        case "save_base_url":
          return "https://api.example.com/";
        case "set_api_key":
          return { hint: "service_…6789", storage: "keychain" };
        case "list_supplier_invoices":
          return page(1, 3);
        case "workspace_status":
          return { ...setupStatus, mode: "service", base_url: "https://api.example.com/" };
      }
    });
    const onready = renderSetup();
    await fillAndConnect("https://api.example.com", KEY);

    await vi.waitFor(() => expect(onready).toHaveBeenCalledOnce());
    expect(onready.mock.calls[0][0].mode).toBe("service");
    expect(calls.map(([cmd]) => cmd)).toEqual([
      "save_base_url",
      "set_api_key",
      "list_supplier_invoices",
      "workspace_status",
    ]);
    const withKey = calls.filter(([, args]) => JSON.stringify(args).includes(KEY));
    expect(withKey.map(([cmd]) => cmd)).toEqual(["set_api_key"]);
  });

  test("a bad address is explained, marked, and nothing typed is lost", async () => {
    mockIPC((cmd) => {
      if (cmd === "save_base_url") {
        throw uiError("invalid_input", "That server address can't be used: use https://.", "base_url");
      }
    });
    const onready = renderSetup();
    await fillAndConnect("http://api.example.com", KEY);

    expect(await screen.findByRole("alert")).toHaveTextContent("use https://");
    const address = screen.getByLabelText("Server address") as HTMLInputElement;
    expect(address.value).toBe("http://api.example.com");
    expect(address.getAttribute("aria-invalid")).toBe("true");
    expect((screen.getByLabelText("API key") as HTMLInputElement).value).toBe(KEY);
    expect(onready).not.toHaveBeenCalled();
  });

  test("a key the service refuses is not kept, and the form stays filled in", async () => {
    const calls: string[] = [];
    mockIPC((cmd) => {
      calls.push(cmd);
      switch (cmd) {
        case "save_base_url":
          return "https://api.example.com/";
        case "set_api_key":
          return { hint: "service_…6789", storage: "keychain" };
        case "list_supplier_invoices":
          throw uiError("unauthorized", "The service did not accept the API key (invalid).", "api_key");
        case "clear_api_key":
          return { hint: null, storage: null };
      }
    });
    const onready = renderSetup();
    await fillAndConnect("https://api.example.com", KEY);

    expect(await screen.findByRole("alert")).toHaveTextContent("did not accept the API key");
    expect(calls).toContain("clear_api_key");
    expect((screen.getByLabelText("API key") as HTMLInputElement).value).toBe(KEY);
    expect(screen.getByLabelText("API key").getAttribute("aria-invalid")).toBe("true");
    expect(onready).not.toHaveBeenCalled();
  });

  test("says clearly when the system keychain is missing", () => {
    mockIPC(() => undefined);
    renderSetup({ available: false, reason: "no Secret Service" });
    const note = screen.getByRole("note");
    expect(note).toHaveTextContent("Your system keychain is not available");
    expect(note).toHaveTextContent("keep the key only until you quit");
    expect(note).toHaveTextContent("no Secret Service");
    expect(screen.getByText(/kept in memory until you quit/)).toBeInTheDocument();
  });

  test("the demo button opens the demo workspace", async () => {
    mockIPC((cmd) => {
      if (cmd === "start_demo") return { ...setupStatus, mode: "demo" };
    });
    const onready = renderSetup();
    await userEvent.setup().click(screen.getByRole("button", { name: "Try the demo workspace" }));
    await vi.waitFor(() => expect(onready).toHaveBeenCalledWith(expect.objectContaining({ mode: "demo" })));
  });
});
