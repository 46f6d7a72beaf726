import { LogicEngine } from "json-logic-engine";

/**
 * Cross-field rule conditions are JSON Logic, run by json-logic-engine. This module has no server
 * dependency: the portal imports it too, so a rule means the same thing in the browser as here.
 */
const engine = new LogicEngine(undefined, { maxDepth: 64, maxArrayLength: 10_000, maxStringLength: 100_000 });
// json-logic-engine (5.0.7) runs a condition through an optimizer keyed by the condition object, and
// after 500 runs in a row of objects it has not seen it switches for good to its plain interpreter,
// which evaluates differently: a between test on text such as { "<=": [ start, date, end ] } over
// YYYY-MM-DD dates throws where the optimizer says true. A rule's outcome must not depend on how many
// rules the process ran before (every request reads the schema afresh, so every run was such a miss),
// nor differ between the server and the portal: the engine stays on the optimizer.
Object.defineProperty(engine, "disableInterpretedOptimization", { get: () => false, set: () => {} });

/**
 * One object per distinct condition, so that the optimizer's work on it is done once per process
 * instead of on every evaluation (conditions come from the schema snapshot read with each request).
 */
const canonical = new Map<string, object>();
const MAX_CANONICAL = 5_000;
function canonicalOf(condition: unknown): unknown {
  if (condition === null || typeof condition !== "object") return condition;
  const key = JSON.stringify(condition);
  let c = canonical.get(key);
  if (!c) {
    if (canonical.size >= MAX_CANONICAL) canonical.clear();
    c = JSON.parse(key) as object;
    canonical.set(key, c);
  }
  return c;
}

/** Operators whose later arguments run once per item, where `var` names the item's keys, not fields. */
const ITERATORS = new Set(["map", "filter", "reduce", "all", "some", "none", "every"]);
/** Operators whose arguments are literal field names. */
const FIELD_NAMES = new Set(["var", "val", "missing", "missing_some"]);

const isOperator = (op: string) => Object.hasOwn(engine.methods, op);

/**
 * What is wrong with a condition, as "place: problem" strings (empty when it is fine): an object that
 * is not one operator, an operator the engine does not know, a field name that is not a literal or
 * not a field of the schema. Checked when a schema loads, never first when a participant submits.
 */
export function conditionProblems(condition: unknown, fieldKeys: ReadonlySet<string>): string[] {
  const problems: string[] = [];
  const known = (name: unknown, at: string) => {
    if (typeof name !== "string" && typeof name !== "number") return void problems.push(`${at}: field names must be literal strings`);
    const key = String(name).split(".")[0];
    if (!fieldKeys.has(key)) problems.push(`${at}: unknown field key ${JSON.stringify(String(name))}`);
  };
  const walk = (node: unknown, at: string, inItem: boolean): void => {
    if (Array.isArray(node)) return node.forEach((n, i) => walk(n, `${at}.${i}`, inItem));
    if (node === null || typeof node !== "object") return;
    const keys = Object.keys(node);
    if (keys.length !== 1)
      return void problems.push(`${at}: a JSON Logic operation is an object with exactly one operator (found ${keys.length} keys)`);
    const op = keys[0];
    const where = `${at}.${op}`;
    if (!isOperator(op)) return void problems.push(`${where}: unknown operator ${JSON.stringify(op)}`);
    const raw = (node as Record<string, unknown>)[op];
    const args = Array.isArray(raw) ? raw : [raw];
    if (FIELD_NAMES.has(op)) return fieldNames(op, args, where, inItem);
    args.forEach((a, i) => walk(a, Array.isArray(raw) ? `${where}.${i}` : where, inItem || (ITERATORS.has(op) && i > 0)));
  };
  const fieldNames = (op: string, args: unknown[], at: string, inItem: boolean) => {
    if (op === "var" || op === "val") {
      const name = op === "val" && Array.isArray(args[0]) ? args[0][0] : args[0];
      // Inside an iterator `var` reads the current item; "" is the whole data object.
      if (!inItem && name !== "") known(name, at);
      args.slice(1).forEach((a, i) => walk(a, `${at}.${i + 1}`, inItem));
      return;
    }
    const names = op === "missing_some" ? args[1] : args;
    if (!Array.isArray(names)) return void problems.push(`${at}: expects a list of field names`);
    if (!inItem) names.forEach((n, i) => known(n, `${at}.${i}`));
  };
  walk(condition, "condition", false);
  if (problems.length === 0) {
    try {
      engine.build(condition);
    } catch (err) {
      problems.push(`condition: does not compile: ${err instanceof Error ? err.message : JSON.stringify(err)}`);
    }
  }
  return problems;
}

/** True when the condition holds for `data` (JSON Logic truthiness); a condition that throws does not hold. */
export function conditionHolds(condition: unknown, data: Record<string, unknown>): { holds: boolean; error?: string } {
  try {
    return { holds: Boolean(engine.truthy(engine.run(canonicalOf(condition), data))) };
  } catch (err) {
    return { holds: false, error: err instanceof Error ? err.message : JSON.stringify(err) };
  }
}
