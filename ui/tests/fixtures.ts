// Shapes the Rust commands return, for mocked IPC.
import type { Page, SupplierInvoice, UiError, WorkspaceStatus } from "../src/lib/bindings";

export function invoice(n: number, fields: Partial<SupplierInvoice> = {}): SupplierInvoice {
  return {
    id: `00000000-0000-4000-8000-${String(n).padStart(12, "0")}`,
    name: `FP-2025-${String(n).padStart(6, "0")}`,
    prefix: "FP",
    invoice_number: n,
    document_type: "INV",
    operation_status: "CO",
    issue_date: "2025-03-14T00:00:00Z",
    subtotal: "1000.00",
    discount_value: "0.00",
    vat_value_included: "190.00",
    total: "1190.00",
    is_pay_authorized: true,
    ...fields,
  };
}

export function page(
  n: number,
  count: number,
  take = 20,
  make: (i: number) => SupplierInvoice = invoice,
): Page<SupplierInvoice> {
  const first = (n - 1) * take + 1;
  const last = Math.min(count, n * take);
  return {
    count,
    next: last < count ? `http://127.0.0.1:1/account_payable/invoice/?page=${n + 1}&take=${take}` : null,
    previous: n > 1 ? `http://127.0.0.1:1/account_payable/invoice/?page=${n - 1}&take=${take}` : null,
    results: Array.from({ length: Math.max(0, last - first + 1) }, (_, i) => make(first + i)),
  };
}

export const setupStatus: WorkspaceStatus = {
  mode: "setup",
  base_url: null,
  key: { hint: null, storage: null },
  keychain: { available: true, reason: null },
  last_view: { page: 1, take: 20 },
};

export function uiError(kind: UiError["kind"], message: string, field: string | null = null): UiError {
  return { kind, message, field, retry_after_s: null };
}
