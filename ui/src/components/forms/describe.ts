// aria-describedby for an input of Field.svelte: its hint (`<id>-hint`),
// its note (`<id>-note`, e.g. "Changed") and, when shown, its error
// (`<id>-error`, see FieldError.svelte).

type Part = string | boolean | null | undefined;

/** The ids describing input `id`, for the parts that are shown. */
export function describedBy(id: string, parts: { hint?: Part; note?: Part; error?: Part }): string | undefined {
  const ids = [
    parts.hint ? `${id}-hint` : "",
    parts.note ? `${id}-note` : "",
    parts.error ? `${id}-error` : "",
  ].filter(Boolean);
  return ids.length ? ids.join(" ") : undefined;
}

/** The user's time zone for hints ("Europe/Madrid"), or "" when unknown. */
export function timeZoneName(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone ?? "";
  } catch {
    return "";
  }
}
