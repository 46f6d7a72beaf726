/**
 * The expression of `{{#if …}}` and `{{#unless …}}`, as an author writes it, turned into JSON Logic
 * so that the same engine as workflow rules evaluates it (lib/workflow/validation/logic.ts):
 *
 *   amountDue > 1000            plan == "premium"        autopay
 *   not autopay                 installments >= 2 and plan != "basic"
 *   (a or b) and not c          address.city == 'Berlin'
 *
 * A bare field holds when it has a value (not missing, empty, 0, false or an empty list). Comparisons
 * are JSON Logic's: `==` and `!=` compare loosely (a CSV's "1000" equals 1000), `>` `>=` `<` `<=`
 * compare numbers, and text such as ISO dates in their order.
 */
export type Logic = Record<string, unknown>;

const TOKENS = /\s*(?:(-?\d+(?:\.\d+)?)|"([^"]*)"|'([^']*)'|(==|!=|>=|<=|>|<|&&|\|\||!|\(|\))|([A-Za-z_][A-Za-z0-9_.]*))/y;
const COMPARISONS = new Set(["==", "!=", ">", ">=", "<", "<="]);

type Token = { kind: "value"; value: unknown } | { kind: "op"; op: string } | { kind: "field"; path: string };

function tokenize(text: string): Token[] {
  const tokens: Token[] = [];
  TOKENS.lastIndex = 0;
  let at = 0;
  while (text.slice(at).trim() !== "") {
    TOKENS.lastIndex = at;
    const m = TOKENS.exec(text);
    if (!m) throw new Error(`cannot read "${text.slice(at).trim().slice(0, 20)}"`);
    at = TOKENS.lastIndex;
    if (m[1] !== undefined) tokens.push({ kind: "value", value: Number(m[1]) });
    else if (m[2] !== undefined || m[3] !== undefined) tokens.push({ kind: "value", value: m[2] ?? m[3] });
    else if (m[4] !== undefined)
      tokens.push({ kind: "op", op: m[4] === "&&" ? "and" : m[4] === "||" ? "or" : m[4] === "!" ? "not" : m[4] });
    else {
      const word = m[5];
      if (word === "and" || word === "or" || word === "not") tokens.push({ kind: "op", op: word });
      else if (word === "true" || word === "false") tokens.push({ kind: "value", value: word === "true" });
      else if (word === "null") tokens.push({ kind: "value", value: null });
      else tokens.push({ kind: "field", path: word });
    }
  }
  return tokens;
}

/** The JSON Logic of `text`, or an Error saying what is wrong with it. */
export function parseCondition(text: string): Logic {
  const tokens = tokenize(text);
  if (tokens.length === 0) throw new Error("the condition is empty");
  let i = 0;
  const peekOp = () => (tokens[i]?.kind === "op" ? (tokens[i] as { op: string }).op : null);

  const or = (): Logic => {
    const parts = [and()];
    while (peekOp() === "or") {
      i++;
      parts.push(and());
    }
    return parts.length === 1 ? parts[0] : { or: parts };
  };
  const and = (): Logic => {
    const parts = [not()];
    while (peekOp() === "and") {
      i++;
      parts.push(not());
    }
    return parts.length === 1 ? parts[0] : { and: parts };
  };
  const not = (): Logic => {
    if (peekOp() === "not") {
      i++;
      return { "!": [not()] };
    }
    return comparison();
  };
  const comparison = (): Logic => {
    const left = operand();
    const op = peekOp();
    if (op && COMPARISONS.has(op)) {
      i++;
      return { [op]: [left.value, operand().value] };
    }
    // A bare operand holds when it is truthy: `{{#if nickname}}`.
    return left.logic ?? { "!!": [left.value] };
  };
  const operand = (): { value: unknown; logic?: Logic } => {
    const t = tokens[i++];
    if (!t) throw new Error("the condition ends too early");
    if (t.kind === "value") return { value: t.value };
    if (t.kind === "field") return { value: { var: t.path } };
    if (t.op === "(") {
      const inner = or();
      if (peekOp() !== ")") throw new Error("a ( is not closed");
      i++;
      return { value: inner, logic: inner };
    }
    throw new Error(`"${t.op}" cannot stand here`);
  };

  const logic = or();
  if (i < tokens.length) {
    const t = tokens[i];
    throw new Error(
      `unexpected ${t.kind === "op" ? `"${t.op}"` : t.kind === "field" ? `"${t.path}"` : JSON.stringify(t.value)}: join conditions with and / or`,
    );
  }
  return logic;
}

/** The fields a condition reads, for checks and traces. */
export function conditionFields(logic: unknown): string[] {
  if (Array.isArray(logic)) return logic.flatMap(conditionFields);
  if (logic === null || typeof logic !== "object") return [];
  return Object.entries(logic).flatMap(([op, arg]) => (op === "var" ? [String(arg)] : conditionFields(arg)));
}
