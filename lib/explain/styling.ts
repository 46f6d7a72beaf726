import type { ElementFact, TemplateFacts } from "./facts";

export interface StyleValue {
  value: string | number;
  from: string;
}

export interface StyledElement {
  elementId: string;
  kind: string;
  line?: number;
  excerpt?: string;
  style: Record<string, StyleValue>;
}

type StyleKey = "fontSize" | "textColor" | "headingColor" | "primaryColor" | "pageSize";

/** Heading sizes as multiples of style.fontSize, as lib/pdf/markdown-view.tsx lays them out. */
const HEADING_FACTORS = [2, 1.6, 1.3, 1.15, 1.05, 1];

/**
 * Where each resolved style property of an element came from: the template's front matter, the
 * built-in default of that front-matter key, or an element rule of the document view (headings bold
 * and larger, code in Cousine, fixed spacing). Values are what react-pdf resolved.
 */
export function styleDecisions(
  template: TemplateFacts,
  elements: ElementFact[],
  resolved: Record<string, Record<string, string | number>>,
) {
  const origin = (key: StyleKey) =>
    template.explicitStyle.includes(key) ? `front matter style.${key}` : `built-in default of style.${key}`;
  const page = Object.fromEntries(
    (["pageSize", "fontSize", "textColor", "headingColor", "primaryColor"] as const).map((k) => [
      k,
      { value: template.style[k], from: origin(k) },
    ]),
  ) as Record<StyleKey, StyleValue>;

  const sourceOf = (e: ElementFact, prop: string): string => {
    const rule = (what: string) => `element rule: ${what}`;
    if (e.kind === "footer") return rule("footer label, 7 pt grey");
    switch (prop) {
      case "color":
        return e.kind === "heading" ? origin("headingColor") : `${origin("textColor")} (page text colour)`;
      case "fontSize":
        if (e.kind === "heading")
          return rule(`level-${e.depth} heading is ${HEADING_FACTORS[(e.depth ?? 1) - 1] ?? 1} × style.fontSize (${origin("fontSize")})`);
        if (e.kind === "code") return rule(`code is 0.9 × style.fontSize (${origin("fontSize")})`);
        return `${origin("fontSize")} (page text size)`;
      case "fontFamily":
        if (e.kind === "heading") return rule("headings are Arimo Bold");
        if (e.kind === "code") return rule("code is Cousine (Courier's widths)");
        return "built-in default: Arimo (Helvetica's widths, embedded as a subset of the glyphs used, as PDF/UA asks; characters it lacks come from DejaVu Sans, then Noto for CJK and emoji)";
      case "maxWidth":
        return rule("images are at most 200 pt wide");
      default:
        return rule(`${e.kind} spacing, a multiple of style.fontSize`);
    }
  };

  const styled: StyledElement[] = elements
    .filter((e) => resolved[e.id])
    .map((e) => ({
      elementId: e.id,
      kind: e.kind,
      ...(e.line ? { line: e.line } : {}),
      ...(e.excerpt ? { excerpt: e.excerpt } : {}),
      style: Object.fromEntries(Object.entries(resolved[e.id]).map(([prop, value]) => [prop, { value, from: sourceOf(e, prop) }])),
    }));
  return { page, elements: styled };
}
