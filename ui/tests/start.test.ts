// The window's first question (ui/public/start.js asks it while the page is
// still being read; lib/start.ts hands its answers over): the first screen
// comes from those answers without asking again, a refusal is shown as when
// the window asks itself, and a later question goes to Rust.
import { expect, test } from "vitest";
import { render, screen } from "@testing-library/svelte";
import userEvent from "@testing-library/user-event";
import { mockIPC } from "@tauri-apps/api/mocks";
import App from "../src/App.svelte";
import type { UiError } from "../src/lib/errors";
import { firstStatus } from "../src/lib/start";
import { CommandError } from "../src/lib/ipc";
import { setupStatus } from "./fixtures";
import { supplierInvoiceSchema } from "./fixtures/records";

const refusal: UiError = {
  kind: "internal",
  code: "local",
  text: "The settings could not be read.",
  params: {},
  service_message: null,
  field: null,
  field_errors: {},
  retry_after_s: null,
};

/** Mocks Rust's answers and records which commands the window sent. */
function serve(): string[] {
  const sent: string[] = [];
  mockIPC((cmd) => {
    sent.push(cmd);
    if (cmd === "workspace_status") return setupStatus;
    if (cmd === "resource_schemas") return [supplierInvoiceSchema];
    return null;
  });
  return sent;
}

test("the first-run form comes from the answers asked for while the page loaded, without asking again", async () => {
  const sent = serve();
  window.__workdeskStart = { status: Promise.resolve(setupStatus), schemas: Promise.resolve([supplierInvoiceSchema]) };
  render(App);
  expect(await screen.findByLabelText("Server address")).toBeInTheDocument();
  expect(sent).not.toContain("workspace_status");
  expect(sent).not.toContain("resource_schemas");
  // Taken once: the next question is Rust's to answer.
  expect(window.__workdeskStart).toBeUndefined();
  const [status] = firstStatus();
  await expect(status).resolves.toEqual(setupStatus);
  expect(sent).toContain("workspace_status");
});

test("a refusal of the early question is shown, and Try again asks Rust", async () => {
  const sent = serve();
  const refused = Promise.reject(refusal);
  refused.catch(() => {});
  window.__workdeskStart = { status: refused, schemas: Promise.resolve([supplierInvoiceSchema]) };
  render(App);
  expect(await screen.findByRole("alert")).toHaveTextContent("The settings could not be read.");
  expect(sent).not.toContain("workspace_status");
  await userEvent.click(screen.getByRole("button", { name: "Try again" }));
  expect(await screen.findByLabelText("Server address")).toBeInTheDocument();
  expect(sent).toContain("workspace_status");
});

test("on the prerendered first-run form, a refused first answer is shown beside the form, and Try again asks Rust", async () => {
  const sent = serve();
  const refused = Promise.reject(refusal);
  refused.catch(() => {});
  window.__workdeskStart = { status: refused, schemas: Promise.resolve([supplierInvoiceSchema]) };
  render(App, { props: { first: setupStatus } });
  expect(await screen.findByRole("alert")).toHaveTextContent("The settings could not be read.");
  expect(screen.getByLabelText("Server address")).toBeInTheDocument();
  await userEvent.click(screen.getByRole("button", { name: "Try again" }));
  await screen.findByLabelText("Server address");
  expect(sent).toContain("workspace_status");
  await expect.poll(() => screen.queryByRole("alert")).toBeNull();
});

test("an early answer that is not Rust's typed error is an internal error", async () => {
  serve();
  const broken = Promise.reject(new TypeError("the IPC is gone"));
  broken.catch(() => {});
  window.__workdeskStart = { status: broken, schemas: Promise.resolve([]) };
  const [status] = firstStatus();
  const error = await status.catch((e: unknown) => e);
  expect(error).toBeInstanceOf(CommandError);
  expect((error as CommandError).error.kind).toBe("internal");
  expect((error as CommandError).error.params.detail).toContain("the IPC is gone");
});
