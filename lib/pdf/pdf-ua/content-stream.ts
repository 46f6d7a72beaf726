/**
 * Reads a page's content stream for what PDF/UA asks of it: every text, path and image drawn is
 * inside marked content, either an Artifact or content with an MCID of the structure tree
 * (ISO 14289-1, 7.1). Only what those rules need is parsed: operators, names, numbers, and the
 * /MCID of a BDC's property list; strings are skipped whole, inline images up to their EI.
 */

/** One marked-content sequence open around an operator: its tag and MCID (when it has one). */
export interface MarkedContent {
  tag: string;
  mcid?: number;
}

/** Something drawn: a text, path or image operator, with the marked content around it (outermost first). */
export interface ContentItem {
  operator: string;
  marks: MarkedContent[];
}

export interface ContentRead {
  items: ContentItem[];
  /** Font resource names text is shown in (a Tf with no text after it draws nothing). */
  fonts: Set<string>;
  /** XObject resource names drawn by Do. */
  xobjects: Set<string>;
  /** Marked content opened inside an Artifact or the other way round (7.1-1, 7.1-2 are read from the items). */
  unbalanced: boolean;
}

const TEXT = new Set(["Tj", "TJ", "'", '"']);
const DRAWING = new Set(["Tj", "TJ", "'", '"', "S", "s", "f", "F", "f*", "B", "B*", "b", "b*", "sh", "Do", "BI"]);
const WHITE = new Set([0x00, 0x09, 0x0a, 0x0c, 0x0d, 0x20]);
const DELIMITERS = new Set([..."()<>[]{}/%"].map((c) => c.charCodeAt(0)));

type Token = { kind: "name" | "number" | "operator" | "open-dict" | "close-dict" | "other"; value: string };

/** The tokens of a content stream, strings and inline image data skipped. */
function* tokens(bytes: Uint8Array): Generator<Token> {
  let i = 0;
  const n = bytes.length;
  const word = () => {
    const start = i;
    while (i < n && !WHITE.has(bytes[i]) && !DELIMITERS.has(bytes[i])) i++;
    return String.fromCharCode(...bytes.subarray(start, i));
  };
  while (i < n) {
    const c = bytes[i];
    if (WHITE.has(c)) i++;
    else if (c === 0x25 /* % */) while (i < n && bytes[i] !== 0x0a && bytes[i] !== 0x0d) i++;
    else if (c === 0x28 /* ( */) {
      // A literal string: balanced parentheses, backslash escapes.
      let depth = 0;
      do {
        if (bytes[i] === 0x5c) i++;
        else if (bytes[i] === 0x28) depth++;
        else if (bytes[i] === 0x29) depth--;
        i++;
      } while (i < n && depth > 0);
      yield { kind: "other", value: "(string)" };
    } else if (c === 0x3c /* < */ && bytes[i + 1] === 0x3c) {
      i += 2;
      yield { kind: "open-dict", value: "<<" };
    } else if (c === 0x3e /* > */ && bytes[i + 1] === 0x3e) {
      i += 2;
      yield { kind: "close-dict", value: ">>" };
    } else if (c === 0x3c) {
      while (i < n && bytes[i] !== 0x3e) i++;
      i++;
      yield { kind: "other", value: "<hex>" };
    } else if (c === 0x2f /* / */) {
      i++;
      yield { kind: "name", value: word() };
    } else if (DELIMITERS.has(c)) {
      i++;
      yield { kind: "other", value: String.fromCharCode(c) };
    } else {
      const w = word();
      if (/^[+-]?(\d+\.?\d*|\.\d+)$/.test(w)) yield { kind: "number", value: w };
      else {
        yield { kind: "operator", value: w };
        if (w === "ID") {
          // Inline image data, up to whitespace + EI + whitespace.
          i++;
          while (
            i < n &&
            !(WHITE.has(bytes[i - 1]) && bytes[i] === 0x45 && bytes[i + 1] === 0x49 && (i + 2 >= n || WHITE.has(bytes[i + 2])))
          )
            i++;
          i += 2;
          yield { kind: "operator", value: "EI" };
        }
      }
    }
  }
}

/** The MCID of a BDC's inline property list (`/P <</MCID 3>> BDC`); a named property list has none here. */
function mcidOf(operands: Token[]): number | undefined {
  const at = operands.findIndex((t) => t.kind === "name" && t.value === "MCID");
  const value = at >= 0 ? operands[at + 1] : undefined;
  return value?.kind === "number" ? Number(value.value) : undefined;
}

export function readContent(bytes: Uint8Array): ContentRead {
  const items: ContentItem[] = [];
  const fonts = new Set<string>();
  const xobjects = new Set<string>();
  const stack: MarkedContent[] = [];
  let operands: Token[] = [];
  let unbalanced = false;
  let inlineImage = false;
  // The font is graphics state: q saves it, Q restores it.
  let font: string | undefined;
  const saved: Array<string | undefined> = [];
  for (const t of tokens(bytes)) {
    if (t.kind !== "operator") {
      operands.push(t);
      continue;
    }
    const op = t.value;
    if (op === "BI") inlineImage = true;
    if (inlineImage && op !== "EI" && op !== "BI") {
      operands = [];
      continue;
    }
    if (op === "EI") inlineImage = false;
    const firstName = operands.find((o) => o.kind === "name")?.value;
    if (op === "BMC" || op === "BDC") stack.push({ tag: firstName ?? "", mcid: op === "BDC" ? mcidOf(operands) : undefined });
    else if (op === "EMC") {
      if (!stack.pop()) unbalanced = true;
    } else if (op === "q") saved.push(font);
    else if (op === "Q") font = saved.pop();
    else if (op === "Tf") font = firstName;
    else if (TEXT.has(op) && font) fonts.add(font);
    else if (op === "Do" && firstName) xobjects.add(firstName);
    if (DRAWING.has(op)) items.push({ operator: op, marks: [...stack] });
    operands = [];
  }
  return { items, fonts, xobjects, unbalanced: unbalanced || stack.length > 0 };
}
