import { unstorableCharacter, unstorableReason } from "@/lib/http/storable";
import { FILE_ID, inputProblem, TEXT_ID, type InputError } from "./records-input";

/** The form's records as text, on the server: the same checks, then the file decoded as UTF-8 text. */
export async function recordsText(form: FormData): Promise<{ ok: true; text: string } | { ok: false; error: InputError }> {
  const raw = form.get(FILE_ID);
  // A form without a chosen file still posts an empty, nameless part.
  const file = raw instanceof File && (raw.name !== "" || raw.size > 0) ? raw : null;
  const pasted = typeof form.get(TEXT_ID) === "string" ? String(form.get(TEXT_ID)) : "";
  const problem = inputProblem(file, pasted);
  if (problem) return { ok: false, error: problem };
  if (!file) {
    const character = unstorableCharacter(pasted);
    return character
      ? { ok: false, error: { targetId: TEXT_ID, refusal: { code: "text.unstorable", character } } }
      : { ok: true, text: pasted };
  }
  const bytes = new Uint8Array(await file.arrayBuffer());
  let text: string;
  try {
    text = new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    return { ok: false, error: { targetId: FILE_ID, refusal: { code: "file.notUtf8" } } };
  }
  // NUL is never in text: this is a binary file with a text file's name (PostgreSQL could not store it either).
  if (unstorableReason(text)) return { ok: false, error: { targetId: FILE_ID, refusal: { code: "file.type" } } };
  return { ok: true, text };
}
