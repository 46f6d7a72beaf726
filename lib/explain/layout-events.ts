import type { ElementFact, LayoutFacts } from "./facts";

export type LayoutEventKind =
  "wrapped-across-pages" | "moved-to-next-page" | "orphaned-heading" | "text-overflow" | "clipped" | "image-scaled" | "image-omitted";

export interface LayoutEvent {
  kind: LayoutEventKind;
  elementId: string;
  element: string;
  line?: number;
  pages: number[];
  detail: string;
}

/** A gap at the bottom of a page smaller than this is ordinary line spacing, not a block pushed on. */
const GAP_PT = 12;

const describe = (e: ElementFact | undefined) =>
  !e
    ? "element"
    : `${e.kind === "heading" ? `heading (level ${e.depth})` : e.kind}${e.excerpt ? ` "${e.excerpt}"` : e.url ? ` ${e.url}` : ""}`;

/**
 * What the layout engine decided that an author would want to know, derived from the placements of
 * the tagged blocks: split across pages, pushed whole onto the next page leaving a gap, a heading
 * left as the last thing on a page, lines wider than their box, content below the bottom margin,
 * and images drawn at another size than their pixels or left out.
 */
export function layoutEvents(layout: LayoutFacts, elements: ElementFact[]): LayoutEvent[] {
  const byId = new Map(elements.map((e) => [e.id, e]));
  const events: LayoutEvent[] = [];
  const add = (kind: LayoutEventKind, id: string, pages: number[], detail: string) => {
    const e = byId.get(id);
    events.push({ kind, elementId: id, element: describe(e), ...(e?.line ? { line: e.line } : {}), pages, detail });
  };
  const flow = layout.order.filter((id) => byId.get(id)?.kind !== "footer");
  const pageOf = (n: number) => layout.pages.find((p) => p.page === n);
  const firstTopOn = (page: number) =>
    Math.min(...flow.flatMap((id) => layout.placements[id].filter((p) => p.page === page).map((p) => p.top)));

  flow.forEach((id, i) => {
    const placed = layout.placements[id];
    const pages = placed.map((p) => p.page);
    if (placed.length > 1) add("wrapped-across-pages", id, pages, `split over pages ${pages.join(", ")}`);
    const prev = flow[i - 1];
    const first = placed[0];
    const prevLast = prev ? layout.placements[prev].at(-1) : undefined;
    if (prevLast && first.page === prevLast.page + 1 && placed.length === 1 && first.top <= firstTopOn(first.page) + 0.5) {
      const before = pageOf(prevLast.page);
      // The space left counts from below the last block's bottom margin: the next block starts there.
      const gap = before ? before.contentBottom - (before.flowEnd ?? before.usedBottom) : 0;
      if (gap >= GAP_PT)
        add(
          "moved-to-next-page",
          id,
          [first.page],
          `did not fit in the ${gap.toFixed(1)} pt left on page ${prevLast.page} and could not be split there, so it starts page ${first.page}`,
        );
    }
    const next = flow[i + 1];
    const e = byId.get(id);
    if (e?.kind === "heading" && next && layout.placements[next][0].page > placed.at(-1)!.page) {
      add(
        "orphaned-heading",
        id,
        [placed.at(-1)!.page],
        `last block on page ${placed.at(-1)!.page}; the text it introduces starts on page ${layout.placements[next][0].page}`,
      );
    }
  });
  for (const o of layout.overflows)
    add("text-overflow", o.id, [o.page], `a line runs ${o.overflowPt} pt past its box ("${o.lineExcerpt}")`);
  const clipped = new Map<string, { pages: number[]; beyond: number }>();
  for (const c of layout.clipped) {
    const seen = clipped.get(c.id) ?? { pages: [], beyond: 0 };
    if (!seen.pages.includes(c.page)) seen.pages.push(c.page);
    seen.beyond = Math.max(seen.beyond, c.beyondPt);
    clipped.set(c.id, seen);
  }
  for (const [id, c] of clipped) {
    add(
      "clipped",
      id,
      c.pages,
      `runs ${c.beyond} pt below the bottom margin of page ${c.pages.join(", ")}: drawn over the footer, and what passes the page's edge is cut off`,
    );
  }
  for (const img of layout.images) {
    const drawn = `${img.width}×${img.height} pt from ${img.intrinsicWidth}×${img.intrinsicHeight} px`;
    // A block react-pdf keeps whole at the foot of a page gets the space left there, and an image in it is squeezed into that.
    if (img.width < 1 || img.height < 1) {
      add("image-omitted", img.id, [img.page], `squeezed to ${drawn} into the space left on page ${img.page}, so it does not show`);
      continue;
    }
    if (Math.abs(img.width - img.intrinsicWidth) < 0.5 && Math.abs(img.height - img.intrinsicHeight) < 0.5) continue;
    const [sx, sy] = [img.width / img.intrinsicWidth, img.height / img.intrinsicHeight];
    const pct = (s: number) => `${Math.round(s * 100)} %`;
    // The view draws images 200 pt wide (react-pdf stretches narrower ones), at most as tall as the room they get.
    add(
      "image-scaled",
      img.id,
      [img.page],
      Math.abs(sx - sy) > 0.01 * Math.max(sx, sy)
        ? `drawn ${drawn} (${pct(sx)} wide, ${pct(sy)} high): out of proportion, drawn ${img.width} pt wide but given only ${img.height} pt of height on page ${img.page}`
        : `drawn ${drawn} (${pct(sx)}): images are drawn ${img.width} pt wide, whatever their size in pixels`,
    );
  }
  for (const e of elements) {
    if (e.kind !== "image" || e.included !== false) continue;
    add(
      "image-omitted",
      e.id,
      [],
      e.inline
        ? "written inside running text; only an image in a paragraph of its own is drawn"
        : "not found inside TEMPLATES_DIR (or not a PNG/JPEG file), so it was left out",
    );
  }
  return events;
}
