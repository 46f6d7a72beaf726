import { AppError } from "./problem";

// In /u mode a lone surrogate is a code point of its own, of category Cs; a well-formed pair is not.
const UNSTORABLE = /[\0\p{Cs}]/u;
/** Deeper than any real request; a body nested further is refused before anything recurses into it. */
export const MAX_JSON_DEPTH = 64;

/** The first character PostgreSQL would refuse in this text, by kind, or null when it can be stored. */
export function unstorableCharacter(s: string): "nul" | "surrogate" | null {
  const m = UNSTORABLE.exec(s);
  if (!m) return null;
  return m[0] === "\0" ? "nul" : "surrogate";
}

/** Why PostgreSQL would refuse this text, in English, or null when it can be stored. */
export function unstorableReason(s: string): string | null {
  const c = unstorableCharacter(s);
  if (!c) return null;
  return c === "nul" ? "contains a NUL character (U+0000)" : "contains a lone UTF-16 surrogate (not valid Unicode)";
}

/** A path for messages: itself made printable, so the error about a bad key can be shown. */
const printable = (s: string) => s.replace(/[\0\p{Cs}]/gu, "\uFFFD").slice(0, 80);

/**
 * Refuses, at the edge, what PostgreSQL cannot store (NUL, lone surrogates, in any key or value),
 * numbers too large for a double (JSON.parse reads `1e400` as Infinity, which passes a number check
 * and is then stored as null: the value would be lost while the request succeeds), and nesting deeper
 * than MAX_JSON_DEPTH, naming the first offending place. Iterative: a hostile body cannot exhaust
 * the stack here.
 */
export function assertStorable(value: unknown, where: "body" | "query" | "path"): void {
  interface Node {
    v: object;
    parent: Node | null;
    key: string;
    depth: number;
  }
  const pathOf = (n: Node | null, last?: string): string => {
    const parts: string[] = last === undefined ? [] : [printable(last)];
    for (let c = n; c && c.parent; c = c.parent) parts.unshift(printable(c.key));
    return parts.length ? parts.join(".") : "(root)";
  };
  const check = (s: string, n: Node | null, key: string | undefined, what: "key" | "value") => {
    const why = unstorableReason(s);
    if (why) throw invalid(where, pathOf(n, key), `the ${what} ${why}`);
  };
  const checkNumber = (x: number, n: Node | null, key: string | undefined) => {
    if (!Number.isFinite(x)) throw notFinite(where, pathOf(n, key));
  };
  if (typeof value === "string") check(value, null, undefined, "value");
  if (typeof value === "number") checkNumber(value, null, undefined);
  if (value === null || typeof value !== "object") return;
  const stack: Node[] = [{ v: value, parent: null, key: "", depth: 0 }];
  while (stack.length) {
    const node = stack.pop()!;
    if (node.depth >= MAX_JSON_DEPTH) {
      const path = pathOf(node);
      const message = `nesting is deeper than ${MAX_JSON_DEPTH} levels`;
      throw new AppError("request.invalid", `The ${where} is invalid: ${path}: ${message}`, { errors: [{ path, message }] });
    }
    const isArray = Array.isArray(node.v);
    for (const [k, child] of Object.entries(node.v)) {
      if (!isArray) check(k, node, k, "key");
      if (typeof child === "string") check(child, node, k, "value");
      else if (typeof child === "number") checkNumber(child, node, k);
      else if (child !== null && typeof child === "object") stack.push({ v: child, parent: node, key: k, depth: node.depth + 1 });
    }
  }
}

function invalid(where: string, path: string, message: string): AppError {
  return new AppError("request.invalid_characters", `The ${where} cannot be stored: ${path}: ${message}`, { errors: [{ path, message }] });
}

function notFinite(where: string, path: string): AppError {
  const message = "is a number too large to represent (beyond ±1.7976931348623157e308)";
  return new AppError("request.invalid", `The ${where} is invalid: ${path}: ${message}`, { errors: [{ path, message }] });
}
