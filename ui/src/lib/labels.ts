// Display names of the spec's enumerations (service-api.md §Enumerations).
// Values the app does not know yet are shown as they came.

export const documentTypeLabel: Record<string, string | undefined> = {
  ADV: "Advance",
  INV: "Invoice",
  CRN: "Credit note",
};

export const operationStatusLabel: Record<string, string | undefined> = {
  PR: "Provisional",
  CO: "Complete",
  ER: "Error",
};
