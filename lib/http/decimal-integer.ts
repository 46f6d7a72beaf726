import { z } from "zod";

/** Canonical decimal: `0`, or digits without a leading zero. */
const CANONICAL = /^(?:0|[1-9]\d{0,14})$/;

/**
 * A non-negative whole number written in canonical decimal, as in a path segment or query parameter:
 * one way to write each number, so `00`, `01`, `+1`, ` 1`, `1e0`, `0x1` and `1.0` name nothing (a
 * step or record written two ways would be two addresses of one resource). `z.coerce.number()`
 * would read " ", "", "0x10" and "1e3" as numbers and so answer for a record nobody asked for.
 */
export function decimalInteger(opts: { min?: number; max?: number } = {}) {
  const { min = 0, max = Number.MAX_SAFE_INTEGER } = opts;
  return z
    .string()
    .regex(CANONICAL, "Expected a whole number written in decimal digits, without leading zeros")
    .transform(Number)
    .pipe(z.number().int().min(min).max(max));
}

/** The number a path segment writes in canonical decimal (at most `max`), or null. */
export function decimalIndex(segment: string, max: number): number | null {
  const r = decimalInteger({ max }).safeParse(segment);
  return r.success ? r.data : null;
}
