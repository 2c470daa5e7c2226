import { describe, expect, test, vi } from "vitest";
import { render, screen } from "@testing-library/svelte";
import userEvent from "@testing-library/user-event";
import { mockIPC } from "@tauri-apps/api/mocks";
import Setup from "../src/components/Setup.svelte";
import type { KeychainStatus } from "../src/lib/bindings";
import { setupStatus, uiError } from "./fixtures";

const KEY = "service_abcdefghijklmnopqrstuvwxyz0123456789";

function renderSetup(keychain: KeychainStatus = { available: true, reason: null }) {
  const onready = vi.fn();
  render(Setup, { props: { keychain, onready } });
  return onready;
}

async function fillAndConnect(baseUrl: string, key: string) {
  const user = userEvent.setup();
  await user.type(screen.getByLabelText("Server address"), baseUrl);
  await user.type(screen.getByLabelText("API key"), key);
  await user.click(screen.getByRole("button", { name: "Connect" }));
}

describe("first-run screen", () => {
  test("connects with the address and key in one step, then opens the workspace", async () => {
    const calls: [string, unknown][] = [];
    mockIPC((cmd, args) => {
      if (cmd === "rate_limit") return { limit: null, remaining: null, reset: null };
      calls.push([cmd, args]);
      if (cmd === "add_workspace") return { ...setupStatus, mode: "service", base_url: "https://api.example.com/" };
    });
    const onready = renderSetup();
    await fillAndConnect("https://api.example.com", KEY);

    await vi.waitFor(() => expect(onready).toHaveBeenCalledOnce());
    expect(onready.mock.calls[0][0].mode).toBe("service");
    // No name typed: the app names it after its server.
    expect(calls).toEqual([["add_workspace", { name: "", baseUrl: "https://api.example.com", apiKey: KEY, proxy: "" }]]);
  });

  test("a workspace can be named, and a name refused keeps what was typed", async () => {
    mockIPC((cmd) => {
      if (cmd === "add_workspace") throw { ...uiError("invalid_input", "", "name"), code: "workspace_name", params: { reason: "taken", max: "60" } };
    });
    const onready = renderSetup();
    const user = userEvent.setup();
    await user.type(screen.getByLabelText("Name"), "Contabilidad Pérez");
    await fillAndConnect("https://api.example.com", KEY);
    expect(await screen.findByRole("alert")).toHaveTextContent("Another workspace already has this name");
    expect(screen.getByLabelText("Name")).toHaveValue("Contabilidad Pérez");
    expect(screen.getByLabelText("Name")).toHaveAttribute("aria-invalid", "true");
    expect(onready).not.toHaveBeenCalled();
  });

  test("a company proxy can be given; a bad one is marked beside its field and kept", async () => {
    const calls: [string, unknown][] = [];
    mockIPC((cmd, args) => {
      if (cmd === "rate_limit") return { limit: null, remaining: null, reset: null };
      calls.push([cmd, args]);
      if (cmd === "add_workspace") {
        if ((args as { proxy: string }).proxy.includes("@")) {
          throw { ...uiError("invalid_input", "", "proxy"), code: "invalid_proxy", params: { reason: "credentials" } };
        }
        return { ...setupStatus, mode: "service" };
      }
    });
    const onready = renderSetup();
    const user = userEvent.setup();
    await user.click(screen.getByText("Company network"));
    await user.type(screen.getByLabelText("Proxy (optional)"), "http://me:secret@proxy.example.com:3128");
    await fillAndConnect("https://api.example.com", KEY);
    expect(await screen.findByRole("alert")).toHaveTextContent("a user name or password can't be kept");
    const proxy = screen.getByLabelText("Proxy (optional)");
    expect(proxy).toHaveAttribute("aria-invalid", "true");
    expect(proxy).toHaveValue("http://me:secret@proxy.example.com:3128");
    expect(onready).not.toHaveBeenCalled();
    await user.clear(proxy);
    await user.type(proxy, "proxy.example.com:3128");
    await user.click(screen.getByRole("button", { name: "Connect" }));
    await vi.waitFor(() => expect(onready).toHaveBeenCalledOnce());
    expect(calls.at(-1)).toEqual(["add_workspace", { name: "", baseUrl: "https://api.example.com", apiKey: KEY, proxy: "proxy.example.com:3128" }]);
  });

  test("a server whose certificate this computer does not trust is named, with what to ask IT", async () => {
    mockIPC((cmd) => {
      if (cmd === "add_workspace") {
        throw { ...uiError("network", ""), code: "certificate", params: { host: "api.example.com", reason: "untrusted" } };
      }
    });
    renderSetup();
    await fillAndConnect("https://api.example.com", KEY);
    expect(await screen.findByRole("alert")).toHaveTextContent(
      "The certificate of api.example.com is not trusted by this computer, so Workdesk did not connect. If your company inspects HTTPS traffic, ask IT to install its root certificate",
    );
  });

  test("a bad address is explained, marked, and nothing typed is lost", async () => {
    mockIPC((cmd) => {
      if (cmd === "add_workspace") {
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

  test("a key the service refuses is marked, and the form stays filled in", async () => {
    mockIPC((cmd) => {
      if (cmd === "add_workspace") {
        throw uiError("unauthorized", "The service did not accept the API key (invalid).", "api_key");
      }
    });
    const onready = renderSetup();
    await fillAndConnect("https://api.example.com", KEY);

    expect(await screen.findByRole("alert")).toHaveTextContent("did not accept the API key");
    expect((screen.getByLabelText("API key") as HTMLInputElement).value).toBe(KEY);
    expect((screen.getByLabelText("Server address") as HTMLInputElement).value).toBe("https://api.example.com");
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

describe("adding a workspace and opening another", () => {
  test("with others set up, a workspace without its key offers to open them instead", async () => {
    const calls: [string, unknown][] = [];
    mockIPC((cmd, args) => {
      calls.push([cmd, args]);
      return { ...setupStatus, mode: "service" };
    });
    const onready = vi.fn();
    render(Setup, {
      props: {
        workspace: { id: "default", name: "Acme", base_url: "https://acme.example.com/", proxy: null },
        others: [{ id: "0f3a9c1e2b7d4e6f8a1b2c3d4e5f6a7b", name: "Pérez y Cía", base_url: "https://perez.example.com/", proxy: null }],
        keychain: { available: true, reason: null },
        onready,
      },
    });
    expect(screen.getByRole("heading", { level: 1 })).toHaveTextContent("Enter the API key of this workspace");
    await userEvent.setup().click(screen.getByRole("button", { name: "Pérez y Cía" }));
    await vi.waitFor(() => expect(onready).toHaveBeenCalledOnce());
    expect(calls).toEqual([["switch_workspace", { workspace: "0f3a9c1e2b7d4e6f8a1b2c3d4e5f6a7b" }]]);
  });
});

describe("changing a working connection", () => {
  function renderEdit() {
    const onready = vi.fn();
    const oncancel = vi.fn();
    render(Setup, {
      props: {
        workspace: { id: "0f3a9c1e2b7d4e6f8a1b2c3d4e5f6a7b", name: "Acme", base_url: "https://old.example.com/", proxy: null },
        keychain: { available: true, reason: null },
        keyHint: "service_…6789",
        onready,
        oncancel,
      },
    });
    return { onready, oncancel };
  }

  test("a new server with the key field left empty: Rust refuses before sending, the form asks for the key and keeps the address", async () => {
    const calls: [string, unknown][] = [];
    mockIPC((cmd, args) => {
      if (cmd === "rate_limit") return { limit: null, remaining: null, reset: null };
      calls.push([cmd, args]);
      // Rust checks the stored key's own address (its keychain item) and
      // sends nothing to another one.
      if (cmd === "update_workspace") throw { ...uiError("invalid_input", "", "api_key"), code: "key_for_another_server" };
      return { ...setupStatus, mode: "service" };
    });
    const { onready } = renderEdit();
    const user = userEvent.setup();
    const address = screen.getByLabelText("Server address");
    await user.clear(address);
    await user.type(address, "https://new.example.com");
    await user.click(screen.getByRole("button", { name: "Connect" }));
    await vi.waitFor(() => expect(screen.getByRole("alert")).toHaveTextContent("The saved API key belongs to another server"));
    await vi.waitFor(() => expect(screen.getByLabelText("API key")).toHaveFocus());
    expect(screen.getByLabelText("API key")).toHaveAttribute("aria-invalid", "true");
    expect(address).toHaveValue("https://new.example.com");
    expect(calls).toEqual([
      ["update_workspace", { workspace: "0f3a9c1e2b7d4e6f8a1b2c3d4e5f6a7b", baseUrl: "https://new.example.com", apiKey: null, proxy: "" }],
    ]);
    expect(onready).not.toHaveBeenCalled();
  });

  test("the same server with the key field left empty keeps the stored key", async () => {
    const calls: [string, unknown][] = [];
    mockIPC((cmd, args) => {
      if (cmd === "rate_limit") return { limit: null, remaining: null, reset: null };
      calls.push([cmd, args]);
      return { ...setupStatus, mode: "service" };
    });
    const { onready } = renderEdit();
    const user = userEvent.setup();
    expect(screen.getByLabelText("API key")).toHaveAttribute("placeholder", "Leave empty to keep service_…6789 (same server only)");
    await user.click(screen.getByRole("button", { name: "Connect" }));
    await vi.waitFor(() => expect(onready).toHaveBeenCalledOnce());
    expect(calls).toEqual([
      ["update_workspace", { workspace: "0f3a9c1e2b7d4e6f8a1b2c3d4e5f6a7b", baseUrl: "https://old.example.com/", apiKey: null, proxy: "" }],
    ]);
    expect(screen.queryByLabelText("Name")).toBeNull();
    expect(screen.getByText("Workspace: Acme")).toBeInTheDocument();
  });

  test("cancel changes nothing", async () => {
    const calls: string[] = [];
    mockIPC((cmd) => void calls.push(cmd));
    const { oncancel } = renderEdit();
    await userEvent.setup().click(screen.getByRole("button", { name: "Cancel" }));
    expect(oncancel).toHaveBeenCalledOnce();
    expect(calls).toEqual([]);
  });
});

describe("a stored key that may not be sent where the settings point", () => {
  function renderNeeded(needed: "other_address" | "earlier_version") {
    mockIPC(() => undefined);
    render(Setup, {
      props: {
        workspace: { id: "default", name: "Acme", base_url: "http://127.0.0.1:9/", proxy: null },
        keychain: { available: true, reason: null },
        needed,
        onready: vi.fn(),
      },
    });
  }

  test("another address: the form warns, naming it, and asks for its key", () => {
    renderNeeded("other_address");
    expect(screen.getByRole("heading", { level: 1 })).toHaveTextContent("Enter the API key for this server");
    const warning = screen.getByRole("alert");
    expect(warning).toHaveTextContent("not for http://127.0.0.1:9/");
    expect(warning).toHaveTextContent("Nothing was sent there");
    expect(screen.getByLabelText("API key")).toBeRequired();
    expect(screen.getByLabelText("Server address")).toHaveValue("http://127.0.0.1:9/");
  });

  test("a key of an earlier version: asked once more, naming the address", () => {
    renderNeeded("earlier_version");
    expect(screen.getByRole("heading", { level: 1 })).toHaveTextContent("Enter the API key once more");
    expect(screen.getByText(/enter the key for http:\/\/127\.0\.0\.1:9\/ once more/)).toBeInTheDocument();
  });
});
