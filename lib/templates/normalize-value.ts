/**
 * How a field may ask for text to be brought into the form its pattern checks, where what people
 * write means the same: an IBAN typed in groups and in lower case ("de89 3704 0044 0532 0130 00")
 * is the IBAN DE89370400440532013000. Applied before a value is checked and stored, by the server
 * (batch intake, workflow saves) and the portal alike.
 */
export const NORMALIZATIONS = ["remove-spaces", "uppercase"] as const;
export type Normalization = (typeof NORMALIZATIONS)[number];

const STEPS: Record<Normalization, (s: string) => string> = {
  // Any white space, the no-break spaces a copy from a bank statement brings included.
  "remove-spaces": (s) => s.replace(/[\s\u00a0\u2007\u202f]+/gu, ""),
  uppercase: (s) => s.toUpperCase(),
};

/** `v` as the field asks for it; anything but text, and text of a field without `normalize`, as it is. */
export function normalizeValue(f: { normalize?: readonly Normalization[] }, v: unknown): unknown {
  if (typeof v !== "string" || !f.normalize?.length) return v;
  return f.normalize.reduce((s, step) => STEPS[step](s), v.trim());
}

/** The values of `fields` normalised; keys of other fields, and values needing nothing, unchanged (the same object when nothing changed). */
export function normalizeValues<T extends Record<string, unknown>>(
  fields: readonly { key: string; normalize?: readonly Normalization[] }[],
  values: T,
): T {
  let out: T | null = null;
  for (const f of fields) {
    if (!f.normalize?.length || !(f.key in values)) continue;
    const v = normalizeValue(f, values[f.key]);
    if (v !== values[f.key]) (out ??= { ...values } as T)[f.key as keyof T] = v as T[keyof T];
  }
  return out ?? values;
}
