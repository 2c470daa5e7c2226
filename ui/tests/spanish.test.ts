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
import OfflineBanner from "../src/components/OfflineBanner.svelte";
import StakeholderDelete from "../src/components/forms/StakeholderDelete.svelte";
import PreferencesView from "../src/components/PreferencesView.svelte";
import type { Progress, Storage } from "../src/lib/bindings";
import type { UiError } from "../src/lib/errors";
import type { JsonRecord } from "../src/lib/ipc";
import { i18n } from "../src/lib/i18n.svelte";
import { collectScreenTexts, englishIn, englishOnlyWords } from "../e2e/english-words.mjs";
import { session } from "../src/lib/session.svelte";
import { serviceStatus } from "./fixtures";
import {
  byId,
  deferred,
  field,
  invoiceRecord,
  listCalls,
  recordPage,
  renderList,
  supplierInvoiceSchema,
} from "./fixtures/records";
import { checkLead, customer, CUSTOMER_ID, ipcHandler, lead, LEAD_ID, page, schemas, stakeholder, throws } from "./fixtures/forms";
import { answerRead, answerReadAndPush, opening } from "./fixtures/reads";

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
      max_age_days: null,
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
    await user.click(within(screen.getByLabelText("Tamaño máximo por espacio de trabajo (MB)").closest("form")!).getByRole("button", { name: "Guardar" }));
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
    mockIPC(ipcHandler({ read_list: () => page([stakeholder()]) }).handler);
    const { container } = render(StakeholderForm, { props: { schemas } });
    expect(screen.getByRole("heading", { name: "Nuevo tercero" })).toBeInTheDocument();
    expect(screen.getByLabelText("Dígito de verificación")).toBeInTheDocument();
    const user = userEvent.setup();
    screen.getByRole("combobox", { name: "Tipo de documento" }).focus();
    await user.keyboard("{ArrowDown}");
    expect(await screen.findByRole("option", { name: "NIT en uso por 1 tercero" })).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Escribir un ID para Ubicación geográfica" })).toBeInTheDocument();
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
    mockIPC(ipcHandler({ read_record: () => customer({ credit_limit: "1234567.50" }) }).handler);
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
    mockIPC(opening((cmd, args) => {
      const answers = (args as Record<string, unknown> | undefined)?.answers;
      switch (cmd) {
        case "workspace_status":
          return { ...serviceStatus, language: "es" };
        case "resource_schemas":
          return [supplierInvoiceSchema, ...schemas];
        case "read_list":
          return answerRead(answers, () => null, () => recordPage(1, 45));
        case "read_record":
          return answerRead(answers, () => null, () => recordPage(1, 45).results[0]);
        case "offline_list":
          return { complete: false, saved: 0, refreshed_at: null };
        case "rate_limit":
          return { limit: 1000, remaining: 998, reset };
        case "storage":
          return { workspaces: [], total_bytes: 0, cap_mb: 512, max_age_days: null, notice: null };
        default:
          return null;
      }
    }));
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

/**
 * Scans a copy of `element` taken out of the page: for controls that sit
 * in a row header (a workspace's rename form), which the scan of a whole
 * screen leaves out with the record data.
 */
const expectSpanishIn = (element: Element) => {
  const copy = document.createElement("div");
  copy.append(element.cloneNode(true));
  expectSpanish(copy);
};

const perez = { id: "9b2f6c1d0e3a4b5c6d7e8f9a0b1c2d3e", name: "Pérez y Cía", base_url: "https://perez.example.com/", proxy: null };

/** What a window in Spanish is told, with `list` answering read_list and `other` the rest. */
function serveSpanish(
  list: () => unknown = () => recordPage(1, 3),
  other: (cmd: string, args: Record<string, unknown>) => unknown = () => null,
  status = { ...serviceStatus, workspaces: [...serviceStatus.workspaces, perez] },
) {
  session.reset();
  mockIPC(opening((cmd, args) => {
    switch (cmd) {
      case "workspace_status":
        return { ...status, language: "es" };
      case "resource_schemas":
        return [supplierInvoiceSchema, ...schemas];
      case "read_list":
        return answerReadAndPush(status.workspace!.id, (args as Record<string, unknown>).answers, () => null, list);
      case "offline_list":
        return { complete: false, saved: 0, refreshed_at: null };
      case "rate_limit":
        return { limit: null, remaining: null, reset: null };
      case "storage":
        return { workspaces: [], total_bytes: 0, cap_mb: 512, max_age_days: null, notice: null };
      default:
        return other(cmd, (args ?? {}) as Record<string, unknown>);
    }
  }), { shouldMockEvents: true });
}

/** A command's error as Rust sends it. */
function commandError(kind: UiError["kind"], code: UiError["code"], extra: Partial<UiError> = {}): UiError {
  return { kind, code, params: {}, service_message: null, field: null, field_errors: {}, retry_after_s: null, ...extra };
}

describe("more screens in Spanish", () => {
  test("the open workspace menu", async () => {
    serveSpanish();
    const user = userEvent.setup();
    render(App);
    await screen.findByText("3 facturas de proveedor");
    await user.click(screen.getByRole("button", { name: /^Espacio de trabajo: Acme S\.A\.S\./ }));
    const menu = screen.getByRole("menu", { name: "Espacios de trabajo" });
    expect(within(menu).getByRole("menuitem", { name: "Agregar espacio de trabajo…" })).toBeInTheDocument();
    expect(within(menu).getByRole("menuitem", { name: "Administrar espacios de trabajo…" })).toBeInTheDocument();
    expectSpanish(menu);
    expectSpanish(document.body);
  });

  test("the add-workspace form over the window, and a name refused", async () => {
    serveSpanish(undefined, (cmd) => {
      if (cmd === "add_workspace") throw commandError("invalid_input", "workspace_name", { params: { reason: "taken" }, field: "name" });
      return null;
    });
    const user = userEvent.setup();
    render(App);
    await screen.findByText("3 facturas de proveedor");
    await user.click(screen.getByRole("button", { name: /^Espacio de trabajo: Acme/ }));
    await user.click(screen.getByRole("menuitem", { name: "Agregar espacio de trabajo…" }));
    const dialog = screen.getByRole("dialog", { name: "Agregar un espacio de trabajo" });
    expectSpanish(dialog);
    await user.type(within(dialog).getByLabelText("Nombre"), "Pérez y Cía");
    await user.type(within(dialog).getByLabelText("Dirección del servidor"), "https://perez.example.com");
    await user.type(within(dialog).getByLabelText("Clave de API"), "service_abcdefghijklmnopqrstuvwxyz0123456789");
    await user.click(within(dialog).getByRole("button", { name: "Agregar espacio de trabajo" }));
    expect(await within(dialog).findByRole("alert")).toHaveTextContent("Otro espacio de trabajo ya tiene este nombre");
    expectSpanish(dialog);
  });

  test("leaving a half-filled form: the question before discarding what was typed", async () => {
    serveSpanish(undefined, (cmd, args) => {
      if (cmd === "get_lead") return lead({ status: "nuevo", source: "Feria" });
      return cmd === "check_lead" ? checkLead(args) : null;
    });
    const user = userEvent.setup();
    render(App);
    await screen.findByText("3 facturas de proveedor");
    await user.click(screen.getByRole("button", { name: "Nueva tarea" }));
    await user.type(await screen.findByLabelText(/^Título/), "Llamar a Peña");
    await user.click(screen.getByRole("button", { name: "Almacenamiento" }));
    const task = screen.getByRole("alertdialog", { name: "¿Descartar lo que escribió en Nueva tarea?" });
    expect(within(task).getByRole("button", { name: "Descartar y continuar" })).toBeInTheDocument();
    expect(within(task).getByRole("button", { name: "Seguir editando" })).toHaveFocus();
    expectSpanish(task);
    await user.click(within(task).getByRole("button", { name: "Descartar y continuar" }));

    await user.click(await screen.findByRole("button", { name: "Editar un cliente potencial" }));
    await user.type(await screen.findByRole("combobox", { name: "Cliente potencial" }), LEAD_ID);
    await user.click(screen.getByRole("button", { name: "Abrir cliente potencial" }));
    await user.type(await screen.findByLabelText("Estado"), "-ganado");
    await user.click(screen.getByRole("button", { name: "Almacenamiento" }));
    const editing = screen.getByRole("alertdialog", { name: "¿Descartar lo que escribió en el cliente potencial que está editando?" });
    expectSpanish(editing);
    expectSpanish(document.body);
  });

  test("changing a workspace's connection", async () => {
    serveSpanish();
    const user = userEvent.setup();
    render(App);
    await screen.findByText("3 facturas de proveedor");
    await user.click(screen.getByRole("button", { name: "Cambiar conexión" }));
    const dialog = screen.getByRole("dialog", { name: "Cambiar conexión" });
    expect(within(dialog).getByLabelText("Dirección del servidor")).toHaveValue("https://api.example.com/");
    expectSpanish(dialog);
  });

  test("the workspaces: renaming one (with a name refused) and the removal's confirmation", async () => {
    serveSpanish(undefined, (cmd) => {
      if (cmd === "rename_workspace") throw commandError("invalid_input", "workspace_name", { params: { reason: "too_long", max: "60" }, field: "name" });
      return null;
    });
    const user = userEvent.setup();
    render(App);
    await screen.findByText("3 facturas de proveedor");
    await user.click(screen.getByRole("button", { name: "Espacios de trabajo" }));
    const rows = await screen.findAllByRole("row");
    const perezRow = rows.find((row) => row.textContent?.includes("Pérez y Cía"))!;
    expectSpanish(document.body);
    expectSpanishIn(screen.getByRole("rowheader", { name: /Acme S\.A\.S\./ }));

    await user.click(within(perezRow).getByRole("button", { name: "Cambiar nombre" }));
    const rename = within(perezRow).getByLabelText("Nuevo nombre para Pérez y Cía");
    await user.type(rename, " del Norte");
    await user.click(within(perezRow).getByRole("button", { name: "Guardar nombre" }));
    const refused = await within(perezRow).findByText(/como máximo 60 caracteres/);
    expect(rename).toHaveAccessibleDescription(refused.textContent!);
    expectSpanishIn(rename.closest("form")!);
    expectSpanish(document.body);
    await user.keyboard("{Escape}");

    await user.click(within(perezRow).getByRole("button", { name: "Quitar…" }));
    const confirm = screen.getByRole("alertdialog", { name: "¿Quitar el espacio de trabajo Pérez y Cía?" });
    expect(within(confirm).getByRole("button", { name: "Quitar Pérez y Cía" })).toBeInTheDocument();
    expectSpanish(confirm);
  });

  test("the key prompt after a 401, the service's own words marked as the service's", async () => {
    serveSpanish(() => {
      throw commandError("unauthorized", "key_refused", { service_message: "API key has expired." });
    });
    render(App);
    const prompt = await screen.findByRole("dialog", { name: "Ingrese de nuevo su clave de API" });
    const alert = within(prompt).getByRole("alert");
    expect(alert).toHaveTextContent(/^El servicio no aceptó la clave de API\. Respondió: “API key has expired\.” Revise/);
    // Shown as it came, in an element marked as not ours to translate.
    expect(within(alert).getByText("API key has expired.")).toHaveAttribute("translate", "no");
    expect(within(prompt).getByLabelText("Clave de API")).toBeInTheDocument();
    expectSpanish(document.body);
  });

  test("the offline banner: working offline, and the service unreachable", async () => {
    const calls: string[] = [];
    mockIPC((cmd) => {
      calls.push(cmd);
      return null;
    });
    const ongoonline = vi.fn();
    session.workingOffline = true;
    const { container } = render(OfflineBanner, { props: { ongoonline } });
    expect(screen.getByRole("status")).toHaveTextContent(/^Trabajando sin conexión — mostrando datos guardados en este equipo\./);
    expect(screen.getByRole("button", { name: "Volver a conectar" })).toBeInTheDocument();
    expectSpanish(container);

    session.workingOffline = false;
    session.connection = "offline";
    session.showing(new Date(Date.now() - 3 * 3600_000).toISOString());
    await vi.waitFor(() => expect(screen.getByRole("status")).toHaveTextContent(/^Sin conexión — mostrando datos guardados a las .+ \(hace 3 horas\)/));
    expect(screen.getByRole("button", { name: "Intentar ahora" })).toBeInTheDocument();
    expectSpanish(container);
  });

  test("the Export dialog: choices, progress, done, and a file that cannot be written", async () => {
    const answers: ((step: Progress) => void)[] = [];
    const finish = deferred<unknown>();
    let refuse: UiError | null = null;
    const { user, container } = await renderList({
      count: 2437,
      other: (cmd, args) => {
        if (cmd === "export_source") return { kind: "service" };
        if (cmd === "export_list") {
          if (refuse) throw refuse;
          answers.push((args.progress as { onmessage: (step: Progress) => void }).onmessage);
          return finish.promise;
        }
        return null;
      },
    });
    const open = screen.getByRole("button", { name: "Exportar…" });
    await vi.waitFor(() => expect(open).toBeEnabled());
    await user.click(open);
    const dialog = await screen.findByRole("dialog", { name: "Exportar facturas de proveedor" });
    expect(await within(dialog).findByText(/^Desde el servicio: unas 13 solicitudes/)).toBeInTheDocument();
    await user.click(within(dialog).getByLabelText("Texto CSV (.csv)"));
    expect(within(dialog).getByLabelText("Separador")).toHaveValue("semicolon");
    expectSpanish(container);

    await user.click(within(dialog).getByRole("button", { name: "Elegir archivo y exportar…" }));
    await vi.waitFor(() => expect(answers).toHaveLength(1));
    answers[0]({
      phase: "exporting",
      pages_done: 3,
      pages_total: 13,
      records: 600,
      records_total: 2437,
      budget: { limit: 1000, remaining: 840, reset: null },
      paused_until: new Date(Date.now() + 60_000).toISOString(),
    });
    expect(await within(dialog).findByRole("progressbar", { name: "Exportando facturas de proveedor" })).toHaveAttribute("value", "3");
    expect(dialog).toHaveTextContent(/600 de 2\.437/);
    expectSpanish(container);
    finish.resolve({
      path: "/home/ana/Facturas de proveedor.csv",
      file_name: "Facturas de proveedor.csv",
      records: 2437,
      bytes: 90000,
      source: { kind: "service" },
    });
    expect(await within(dialog).findByText("Se exportaron 2.437 registros a Facturas de proveedor.csv.")).toHaveAttribute("role", "status");
    // Where it was written: the system's path, as it is.
    expect(within(dialog).getByText("/home/ana/Facturas de proveedor.csv")).toHaveAttribute("translate", "no");
    expectSpanish(container);

    await user.click(within(dialog).getByRole("button", { name: "Cerrar" }));
    refuse = commandError("internal", "export_failed", { params: { path: "/media/usb/F.csv", detail: "Read-only file system (os error 30)" } });
    await user.click(screen.getByRole("button", { name: "Exportar…" }));
    const again = await screen.findByRole("dialog", { name: "Exportar facturas de proveedor" });
    await user.click(await within(again).findByRole("button", { name: "Elegir archivo y exportar…" }));
    const failed = await within(again).findByRole("alert");
    expect(failed).toHaveTextContent(/^No se pudo escribir el archivo \/media\/usb\/F\.csv\. No quedó nada con ese nombre\./);
    // The system's own words, apart from the sentence, marked as English and not to translate.
    const detail = within(failed).getByText("Read-only file system (os error 30)");
    expect(detail).toHaveAttribute("lang", "en");
    expect(detail).toHaveAttribute("translate", "no");
    expect(detail.closest(".technical")).toHaveTextContent(/^Detalles técnicos: Read-only file system \(os error 30\)$/);
    expectSpanish(container);
  });

  test("settings that cannot be saved: the sentence in Spanish, the system's own words apart after it", async () => {
    const detail = "No space left on device (os error 28)";
    mockIPC((cmd) => {
      if (cmd === "set_density" || cmd === "set_storage_cap") throw commandError("internal", "settings_unsaved", { params: { detail } });
      if (cmd === "storage") return { workspaces: [], total_bytes: 0, cap_mb: 512, max_age_days: null, notice: null };
      return null;
    });
    const user = userEvent.setup();
    const preferences = render(PreferencesView);
    await user.selectOptions(screen.getByLabelText("Densidad de las listas"), "compact");
    const alert = await screen.findByRole("alert");
    expect(alert).toHaveTextContent(
      "Workdesk no pudo guardar su configuración. Revise que el disco no esté lleno. Detalles técnicos: No space left on device (os error 28)",
    );
    const words = within(alert).getByText(detail);
    expect(words).toHaveAttribute("lang", "en");
    expect(words).toHaveAttribute("translate", "no");
    expectSpanish(preferences.container);
    preferences.unmount();

    const storage = render(StorageView);
    const cap = await screen.findByLabelText("Tamaño máximo por espacio de trabajo (MB)");
    await user.clear(cap);
    await user.type(cap, "1024");
    await user.click(within(screen.getByLabelText("Tamaño máximo por espacio de trabajo (MB)").closest("form")!).getByRole("button", { name: "Guardar" }));
    await vi.waitFor(() => expect(cap).toHaveAccessibleDescription(/Workdesk no pudo guardar su configuración\. Revise que el disco no esté lleno\. Detalles técnicos: No space left on device \(os error 28\)$/));
    expect(within(storage.container).getByText(detail)).toHaveAttribute("lang", "en");
    expectSpanish(storage.container);
  });

  test("the stakeholder delete confirmation, and a refusal in the service's words", async () => {
    const { handler } = ipcHandler({
      delete_stakeholder: throws(
        commandError("forbidden", "forbidden_write", { service_message: "You do not have permission to perform this action." }),
      ),
    });
    mockIPC(handler);
    const user = userEvent.setup();
    const { container } = render(StakeholderDelete, { props: { record: stakeholder({ name: "Acme Distribuciones S.A.S." }), ondeleted: vi.fn() } });
    await user.click(screen.getByRole("button", { name: "Eliminar tercero…" }));
    const dialog = screen.getByRole("alertdialog", { name: "Eliminar tercero" });
    expect(dialog).toHaveTextContent("¿Eliminar el tercero “Acme Distribuciones S.A.S.”? No se puede deshacer.");
    expectSpanish(container);
    await user.click(within(dialog).getByRole("button", { name: "Eliminar" }));
    const refused = await within(dialog).findByRole("alert");
    expect(refused).toHaveTextContent(/^El miembro de su clave de API no tiene permiso para hacer este cambio/);
    expect(within(refused).getByText("You do not have permission to perform this action.")).toHaveAttribute("translate", "no");
    expectSpanish(container);
  });

  test("values in a list's cells and a record's details: Sí/No, operation and audit statuses in Spanish", async () => {
    const schema = { ...supplierInvoiceSchema, fields: [...supplierInvoiceSchema.fields, field("audit_status", "choice", false, ["C", "U", "D"])] };
    const values: JsonRecord[] = [
      { is_pay_authorized: true, operation_status: "PR", audit_status: "C" },
      { is_pay_authorized: false, operation_status: "CO", audit_status: "U" },
      { is_pay_authorized: true, operation_status: "ER", audit_status: "D" },
    ];
    const record = (i: number) => invoiceRecord(i, values[(i - 1) % 3]);
    const fields = ["name", "is_pay_authorized", "operation_status", "audit_status"];
    const { user, container } = await renderList({
      schema,
      current: { page: 1, take: 20, fields, sort: [], filters: [] },
      list: (view) => recordPage(view.page, 3, 20, record),
      get: (id) => record(Number(id.slice(-12))),
    });
    const column = (name: string) => {
      const at = fields.indexOf(name);
      return [...container.querySelectorAll("tbody tr[data-id]")].map((row) => row.children[at].textContent?.trim());
    };
    expect(column("is_pay_authorized")).toEqual(["Sí", "No", "Sí"]);
    expect(column("operation_status")).toEqual(["Provisional", "Completa", "Error"]);
    expect(column("audit_status")).toEqual(["Creado", "Actualizado", "Eliminado"]);
    const ENGLISH = /\b(Yes|True|False|Complete|Completed|Draft|Created|Updated|Deleted)\b/;
    const cells = [...container.querySelectorAll("tbody td, tbody th[scope='row']")].map((cell) => cell.textContent ?? "");
    expect(cells.filter((text) => ENGLISH.test(text))).toEqual([]);
    expectSpanish(container);

    for (const [i, expected] of [
      [1, ["Sí", "Provisional", "Creado"]],
      [2, ["No", "Completa", "Actualizado"]],
    ] as const) {
      await user.click(container.querySelectorAll<HTMLElement>("tbody tr[data-id] th[scope='row']")[i - 1]);
      await vi.waitFor(() => expect(container.querySelector("aside.detail dd")).not.toBeNull());
      await vi.waitFor(() => expect(container.querySelector("aside.detail .loading")).toBeNull());
      const detail = container.querySelector<HTMLElement>("aside.detail")!;
      const value = (name: string) => detail.querySelector(`[data-field='${name}'] dd`)?.textContent?.trim();
      expect([value("is_pay_authorized"), value("operation_status"), value("audit_status")]).toEqual(expected);
      expect([...detail.querySelectorAll("dd")].map((dd) => dd.textContent ?? "").filter((text) => ENGLISH.test(text))).toEqual([]);
      expectSpanish(detail);
      await user.keyboard("{Escape}");
    }
  });
});
