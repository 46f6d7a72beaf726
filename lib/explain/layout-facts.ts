import type { LayoutFacts } from "./facts";

/** The parts of react-pdf's laid-out node (`@react-pdf/layout`) read here; the package does not export the type. */
export interface LaidOutNode {
  type: string;
  box?: { top: number; left: number; width: number; height: number } & Partial<Record<BoxEdge, number>>;
  style?: Record<string, unknown>;
  props?: Record<string, unknown>;
  children?: LaidOutNode[];
  /** A line's `y` counts from the text's first line before any split, so only differences between lines mean anything. */
  lines?: Array<{
    string: string;
    xAdvance: number;
    box?: { y: number; height: number };
    runs?: Array<{ attributes?: Record<string, unknown> }>;
  }>;
  image?: { width: number; height: number };
}

type BoxEdge = "paddingTop" | "paddingRight" | "paddingLeft" | "borderRightWidth" | "borderLeftWidth" | "marginBottom";

export const TAG = "data-explain";
const WHITE = "#ffffff";
/** A line may end in a space wider than its box (react-pdf keeps it); more than that is overflow. */
const spaceSlack = (fontSize: number) => 0.3 * fontSize + 0.5;
const STYLE_KEYS = ["fontSize", "fontFamily", "color", "backgroundColor", "marginTop", "marginBottom", "textAlign", "maxWidth", "width"];

const num = (v: unknown, fallback = 0) => (typeof v === "number" ? v : fallback);
const colour = (v: unknown): string | null => (typeof v === "string" && /^#[0-9a-f]{6}$/i.test(v) ? v.toLowerCase() : null);

function fontName(font: unknown): string {
  const f = Array.isArray(font) ? font[0] : font;
  const o = f as { postscriptName?: string; fullName?: string; name?: string } | undefined;
  return typeof f === "string" ? f : (o?.postscriptName ?? o?.fullName ?? o?.name ?? "");
}

/**
 * Reads what the layout decided from react-pdf's laid-out document (its `onRender` hands it over):
 * where each tagged element landed on which page, lines wider than their box, content below the
 * page's bottom margin, images drawn at another size than their pixels, and the colour of every text
 * run on the background behind it. Positions are absolute points from the page's top edge.
 */
export function layoutFacts(doc: LaidOutNode): LayoutFacts {
  const facts: LayoutFacts = { pages: [], placements: {}, order: [], overflows: [], clipped: [], images: [], colours: [], styles: {} };
  const colours = new Map<string, LayoutFacts["colours"][number]>();

  (doc.children ?? []).forEach((pageNode, i) => {
    const page = i + 1;
    const style = pageNode.style ?? {};
    const contentTop = num(style.paddingTop);
    const contentBottom = num(pageNode.box?.height) - num(style.paddingBottom);
    const onPage = new Set<string>();
    let nodeCount = 0;
    let usedBottom = contentTop;
    let flowEnd = contentTop;

    const walk = (n: LaidOutNode, top: number, bg: string, owner: string | null, pinned: boolean) => {
      if (n.type === "TEXT_INSTANCE") return;
      nodeCount++;
      const absTop = top + num(n.box?.top);
      // Lines are drawn where text layout put them even when the box ends sooner: react-pdf forces
      // the height of a block it splits, and a text inside it can be left with a box of 0 pt.
      const bottom = Math.max(absTop + num(n.box?.height), linesBottom(n, absTop));
      const id = typeof n.props?.[TAG] === "string" ? (n.props[TAG] as string) : null;
      const here = id ?? owner;
      const s = n.style ?? {};
      // Absolutely placed and fixed nodes (footer, header rule) sit in the margins on purpose.
      const inFlow = !pinned && s.position !== "absolute" && n.props?.fixed !== true;
      // A split can leave an empty fragment at the foot of a page (no line of it there): not a placement.
      if (id && bottom - absTop >= 0.5) {
        onPage.add(id);
        (facts.placements[id] ??= []).push({ page, top: round(absTop), bottom: round(bottom) });
        if (!facts.styles[id]) {
          facts.order.push(id);
          facts.styles[id] = Object.fromEntries(
            STYLE_KEYS.map((k) => [k, Array.isArray(s[k]) ? s[k][0] : s[k]]) // a font stack is named by its first font; the fallback is the same for all
              .filter(([, v]) => typeof v === "string" || typeof v === "number"),
          );
        }
      }
      if (inFlow) {
        usedBottom = Math.max(usedBottom, bottom);
        flowEnd = Math.max(flowEnd, bottom + num(n.box?.marginBottom));
        if (here && bottom > contentBottom + 0.5) facts.clipped.push({ id: here, page, beyondPt: round(bottom - contentBottom) });
      }
      const background = colour(s.backgroundColor) ?? bg;
      if (n.lines) readLines(n, background, here, page);
      if (n.image && here) {
        facts.images.push({
          id: here,
          page,
          intrinsicWidth: n.image.width,
          intrinsicHeight: n.image.height,
          width: round(num(n.box?.width)),
          height: round(num(n.box?.height)),
        });
      }
      for (const c of n.children ?? []) walk(c, absTop, background, here, !inFlow);
    };

    const readLines = (n: LaidOutNode, background: string, id: string | null, pageNo: number) => {
      // Lines are broken to the content box (a table cell's padding is not theirs to fill).
      const b = n.box;
      const width = num(b?.width) - num(b?.paddingLeft) - num(b?.paddingRight) - num(b?.borderLeftWidth) - num(b?.borderRightWidth);
      let worst: { over: number; line: string } | null = null;
      for (const line of n.lines ?? []) {
        for (const run of line.runs ?? []) {
          const a = run.attributes ?? {};
          const fg = colour(a.color) ?? "#000000";
          const size = num(a.fontSize, 12);
          const key = `${fg}|${background}`;
          const entry = colours.get(key) ?? { foreground: fg, background, minFontSize: size, bold: false, runs: 0, ids: [] };
          entry.minFontSize = Math.min(entry.minFontSize, size);
          entry.bold ||= /bold/i.test(fontName(a.font));
          entry.runs++;
          if (id && !entry.ids.includes(id) && entry.ids.length < 20) entry.ids.push(id);
          colours.set(key, entry);
        }
        const size = num(line.runs?.[0]?.attributes?.fontSize, 12);
        const over = line.xAdvance - width;
        if (over > spaceSlack(size) && (!worst || over > worst.over)) worst = { over, line: line.string };
      }
      if (worst && id)
        facts.overflows.push({ id, page: pageNo, overflowPt: round(worst.over), lineExcerpt: worst.line.trim().slice(0, 60) });
    };

    for (const c of pageNode.children ?? []) walk(c, 0, colour(style.backgroundColor) ?? WHITE, null, false);
    facts.pages.push({
      page,
      elementCount: onPage.size,
      nodeCount,
      contentTop: round(contentTop),
      contentBottom: round(contentBottom),
      usedBottom: round(usedBottom),
      flowEnd: round(flowEnd),
    });
  });
  facts.colours = [...colours.values()];
  return facts;
}

const round = (n: number) => Math.round(n * 10) / 10;

/**
 * Where a text's last line is drawn to (absolute), or its top when it has none. react-pdf draws the
 * first line at the content top, whatever its `y` (the second part of a split text keeps the `y`s it
 * had before the split).
 */
function linesBottom(n: LaidOutNode, absTop: number): number {
  const first = n.lines?.[0]?.box;
  const last = n.lines?.at(-1)?.box;
  return first && last ? absTop + num(n.box?.paddingTop) + last.y + last.height - first.y : absTop;
}
