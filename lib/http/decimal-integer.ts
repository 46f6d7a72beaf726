import { z } from "zod";

/**
 * A non-negative whole number written in plain decimal digits, as in a path segment or query
 * parameter. `z.coerce.number()` would read " ", "", "0x10" and "1e3" as numbers and so answer
 * for a record nobody asked for.
 */
export function decimalInteger(opts: { min?: number; max?: number } = {}) {
  const { min = 0, max = Number.MAX_SAFE_INTEGER } = opts;
  return z
    .string()
    .regex(/^\d{1,15}$/, "Expected a whole number written in decimal digits")
    .transform(Number)
    .pipe(z.number().int().min(min).max(max));
}
