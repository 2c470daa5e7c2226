// Screens in Spanish, as a Colombian user sees them: no English word left
// (the words of the English catalogues that no Spanish message uses, see
// ui/e2e/english-words.mjs), and numbers written the Colombian way.
import { beforeEach, describe, expect, test, vi } from "vitest";
import { render, screen, within } from "@testing-library/svelte";
import userEvent from "@testing-library/user-event";
import { mockIPC } from "@tauri-apps/api/mocks";
import App from "../src/App.svelte";
import Setup from "../src/components/Setup.svelte";
import CustomerView from "../src/components/forms/CustomerView.svelte";
import LeadEditor from "../src/components/forms/LeadEditor.svelte";
import StakeholderForm from "../src/components/forms/StakeholderForm.svelte";
import TaskForm from "../src/components/forms/TaskForm.svelte";
import StorageView from "../src/components/StorageView.svelte";
import PreferencesView from "../src/components/PreferencesView.svelte";
import type { Storage } from "../src/lib/bindings";
import { i18n } from "../src/lib/i18n.svelte";
import { collectScreenTexts, englishIn, englishOnlyWords } from "../e2e/english-words.mjs";
import { session } from "../src/lib/session.svelte";
import { serviceStatus } from "./fixtures";
import { byId, listCalls, recordPage, renderList, supplierInvoiceSchema } from "./fixtures/records";
import { fresh, customer, CUSTOMER_ID, ipcHandler, lead, LEAD_ID, page, schemas, stakeholder } from "./fixtures/forms";

const english = englishOnlyWords();

const expectSpanish = (root: HTMLElement) => expect(englishIn(collectScreenTexts(root), english)).toEqual([]);

beforeEach(() => i18n.use("es", ["es-CO"]));

describe("in Spanish", () => {
  test("the first-run screen", () => {
    const { container } = render(Setup, {
      props: { keychain: { available: false, reason: "no secret service" }, onready: vi.fn() },
    });
    expect(screen.getByRole("heading", { name: "Bienvenido a Workdesk" })).toBeInTheDocument();
    expect(screen.getByLabelText("Dirección del servidor")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Conectar" })).toBeInTheDocument();
    expect(screen.getByText(/El llavero del sistema no está disponible/)).toBeInTheDocument();
    expectSpanish(container);
  });

  test("storage, sizes and counts written the Colombian way", async () => {
    const storage: Storage = {
      workspaces: [
        {
          name: "api.example.com",
          on_screen: true,
          kept: { kind: "on_disk" },
          bytes: 12.5 * 1024 * 1024,
          records: 2437,
          set_aside_bytes: 0,
        },
      ],
      total_bytes: 12.5 * 1024 * 1024,
      cap_mb: 512,
      notice: null,
    };
    const calls: [string, unknown][] = [];
    mockIPC((cmd, args) => {
      calls.push([cmd, args]);
      return cmd === "storage" || cmd === "set_storage_cap" ? storage : null;
    });
    const { container } = render(StorageView);
    const row = (await screen.findByRole("rowheader", { name: /api\.example\.com/ })).closest("tr")!;
    expect(within(row).getByText("Sellado en este equipo")).toBeInTheDocument();
    expect(within(row).getByText("2.437")).toBeInTheDocument();
    expect(within(row).getByText("12,5 MB")).toBeInTheDocument();
    const cap = screen.getByLabelText("Tamaño máximo por espacio de trabajo (MB)");
    expect(cap).toHaveValue("512");
    expectSpanish(container);
    const user = userEvent.setup();
    await user.clear(cap);
    await user.type(cap, "2.048");
    await user.click(screen.getByRole("button", { name: "Guardar" }));
    await vi.waitFor(() => expect(calls).toContainEqual(["set_storage_cap", { capMb: 2048 }]));
  });

  test("new task: labels, hints and checks in Spanish; what was typed stays when the language changes", async () => {
    mockIPC(ipcHandler({}).handler);
    const user = userEvent.setup();
    const { container } = render(TaskForm, { props: { schemas } });
    expect(screen.getByRole("heading", { name: "Nueva tarea" })).toBeInTheDocument();
    const priority = screen.getByLabelText("Prioridad");
    await user.type(priority, "99999");
    await user.click(screen.getByRole("button", { name: "Crear tarea" }));
    expect(screen.getByText("No se envió nada. Corrija los campos marcados y luego cree la tarea.")).toBeInTheDocument();
    expect(priority).toHaveAccessibleDescription(/Prioridad debe ser un número entero entre −32768 y 32767\./);
    expectSpanish(container);

    i18n.use("en", ["en-US"]);
    await vi.waitFor(() => expect(screen.getByRole("heading", { name: "New task" })).toBeInTheDocument());
    expect(screen.getByLabelText("Priority")).toHaveValue("99999");
  });

  test("new stakeholder, with the document types in use", async () => {
    mockIPC(ipcHandler({ list_records: () => page([stakeholder()]) }).handler);
    const { container } = render(StakeholderForm, { props: { schemas } });
    expect(screen.getByRole("heading", { name: "Nuevo tercero" })).toBeInTheDocument();
    expect(screen.getByLabelText("Dígito de verificación")).toBeInTheDocument();
    await screen.findByRole("option", { name: "Otro (escriba su ID)" });
    expectSpanish(container);
  });

  test("a lead opened for editing, with a change not saved yet", async () => {
    mockIPC(ipcHandler({ get_lead: () => lead({ source: "Feria" }) }).handler);
    const user = userEvent.setup();
    const { container } = render(LeadEditor, { props: { schemas, leadId: LEAD_ID } });
    const source = await screen.findByLabelText("Origen");
    await user.type(source, " y feria");
    expect(screen.getByText(/^1 cambio sin guardar todavía: Origen\.$/)).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Guardar cambios" })).toBeEnabled();
    expectSpanish(container);
  });

  test("a customer card", async () => {
    mockIPC(ipcHandler({ get_customer: () => customer({ credit_limit: "1234567.50" }) }).handler);
    const { container } = render(CustomerView, { props: { schemas, customerId: CUSTOMER_ID } });
    expect((await screen.findAllByText("Cupo de crédito"))[0]).toBeInTheDocument();
    expect(container.querySelector("[data-field='credit_limit']")).toHaveTextContent("1.234.567,50");
    expectSpanish(container);
  });

  test("a list with its filters: counts, amounts and the number typed the Colombian way", async () => {
    const { calls, user, container } = await renderList();
    expect(container.querySelector("p.count")).toHaveTextContent(/^\d+ facturas de proveedor$/);
    await user.click(screen.getByRole("button", { name: /^Filtros/ }));
    await vi.waitFor(() => expect(document.getElementById("filter-0-field")).not.toBeNull());
    await user.selectOptions(byId("filter-0-field"), "Total");
    await user.selectOptions(byId("filter-0-operator"), "al menos");
    expect(byId("filter-0-value")).toHaveAttribute("placeholder", "1.234,50");
    await user.type(byId("filter-0-value"), "1234.5");
    await user.click(screen.getByRole("button", { name: "Aplicar filtros" }));
    expect(byId("filter-0-error")).toHaveTextContent("Escriba los números como 1.234.567,89");
    expectSpanish(container);

    await user.clear(byId("filter-0-value"));
    await user.type(byId("filter-0-value"), "1.234,5");
    await user.click(screen.getByRole("button", { name: "Aplicar filtros" }));
    await vi.waitFor(() => expect(listCalls(calls)).toHaveLength(2));
    expect(listCalls(calls)[1].filters?.[0]).toMatchObject({ field: "total", operator: "gte", values: ["1234.5"] });
    expect(screen.getByText("Muestra las filas donde (Total al menos 1.234,5)")).toBeInTheDocument();
    expectSpanish(container);
  });

  test("preferences: the language switch changes every text at once and is kept in the settings", async () => {
    const calls: [string, unknown][] = [];
    mockIPC((cmd, args) => {
      calls.push([cmd, args]);
      return null;
    });
    const user = userEvent.setup();
    const { container } = render(PreferencesView);
    expect(screen.getByRole("heading", { name: "Preferencias" })).toBeInTheDocument();
    expect(screen.getByText(/como en español \(Colombia\)\.$/)).toBeInTheDocument();
    expectSpanish(container);
    await user.selectOptions(screen.getByLabelText("Idioma"), "English");
    expect(screen.getByRole("heading", { name: "Preferences" })).toBeInTheDocument();
    expect(i18n.locale).toBe("en-US");
    expect(calls).toContainEqual(["set_language", { language: "en" }]);
  });

  test("the window: header, sections, status bar, a list, a record's details, columns and saved views", async () => {
    session.reset();
    const reset = new Date(Date.now() + 90_500).toISOString();
    mockIPC((cmd) => {
      switch (cmd) {
        case "workspace_status":
          return { ...serviceStatus, language: "es" };
        case "resource_schemas":
          return [supplierInvoiceSchema, ...schemas];
        case "list_views":
          return { current: null, saved: [] };
        case "list_records":
          return fresh(recordPage(1, 45));
        case "get_record":
          return fresh(recordPage(1, 45).results[0]);
        case "offline_list":
          return { complete: false, saved: 0, refreshed_at: null };
        case "rate_limit":
          return { limit: 1000, remaining: 998, reset };
        case "storage":
          return { workspaces: [], total_bytes: 0, cap_mb: 512, notice: null };
        default:
          return null;
      }
    });
    const user = userEvent.setup();
    render(App);
    expect(await screen.findByText("45 facturas de proveedor")).toBeInTheDocument();
    expect(await screen.findByText(/Solicitudes restantes: 998\s*\/\s*1\.000/)).toBeInTheDocument();
    expect(screen.getByRole("navigation", { name: "Secciones" })).toBeInTheDocument();
    expectSpanish(document.body);

    await user.click(document.querySelector<HTMLElement>("table.records tbody tr th[scope='row']")!);
    await vi.waitFor(() => expect(document.querySelector("aside.detail")).not.toBeNull());
    expectSpanish(document.body);
    await user.keyboard("{Escape}");

    await user.click(screen.getByRole("button", { name: /^Columnas/ }));
    expectSpanish(document.body);
    await user.click(screen.getByRole("button", { name: /^Guardar vista/ }));
    expectSpanish(document.body);
  });
});
