import type { Sql } from "postgres";

type Unsafe = Sql["unsafe"];

/**
 * The postgres.js client, as drizzle is given it, with every statement that has parameters prepared.
 *
 * Why: drizzle runs each statement through postgres.js's `unsafe()` unprepared, and postgres.js sends
 * an unprepared statement with parameters in two round trips: Parse and Describe, a wait for the
 * parameter types, then Bind and Execute, with the text parsed again. Prepared (named and cached per
 * connection by postgres.js), a statement is parsed once per connection and every later run is one
 * round trip. Most statements of a batch have parameters, so those first halves are a large share of
 * the main thread's writes to PostgreSQL. Statement texts are bounded (drizzle binds values as parameters and insertMany
 * sends rows as one JSON parameter), so the per-connection caches stay small, and postgres.js
 * recycles connections (max_lifetime) and re-prepares a statement a schema change invalidated.
 * Statements without parameters keep the simple protocol, one round trip already.
 */
export function preparingStatements<T extends Sql>(client: T): T {
  return new Proxy(client, {
    get(target, prop, receiver) {
      if (prop === "unsafe") {
        const unsafe: Unsafe = (query, args, options) =>
          target.unsafe(query, args, { ...options, prepare: Array.isArray(args) && args.length > 0 });
        return unsafe;
      }
      // A transaction's (and a savepoint's) own handle runs its statements: it is wrapped too.
      if (prop === "begin" || prop === "savepoint") {
        const open = Reflect.get(target, prop, receiver) as (...args: unknown[]) => unknown;
        return (...args: unknown[]) => open(...args.map((a) => (typeof a === "function" ? (tx: Sql) => a(preparingStatements(tx)) : a)));
      }
      return Reflect.get(target, prop, receiver);
    },
  });
}
