/**
 * The confirmation step shared by every console action (batches and workflows): the fields its form
 * shows, and what its server action answers when it refuses (a sentence, the field it is about, and
 * what was typed, so that nothing typed is lost).
 */
export interface ConfirmState {
  message?: string;
  field?: string;
  values?: Record<string, string>;
}

export type ConfirmField =
  | { kind: "textarea"; name: string; label: string; hint?: string; required?: boolean; maxLength: number }
  | {
      kind: "select";
      name: string;
      label: string;
      hint?: string;
      options: Array<{ value: string; label: string }>;
      emptyLabel: string;
      defaultValue?: string;
    };

/** The text fields of a posted form (anything else, such as a file, reads as empty). */
export function formText(form: FormData, names: readonly string[]): Record<string, string> {
  return Object.fromEntries(names.map((n) => [n, typeof form.get(n) === "string" ? String(form.get(n)) : ""]));
}

/** Console ids in the path of an action: the canonical UUID form, as the API's paths. */
export const isUuid = (s: string) => /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(s);
