import fs from "node:fs";
import path from "node:path";
import type { LayoutEventKind } from "@/lib/explain/layout-events";

const FIXTURES = path.resolve("tests/fixtures/templates");

/** The line of a fixture where `text` first appears, counted as traces count (1-based, front matter included). */
export function lineOf(templatePath: string, text: string): number {
  const lines = fs.readFileSync(path.join(FIXTURES, templatePath), "utf8").split("\n");
  const i = lines.findIndex((l) => l.includes(text));
  if (i < 0) throw new Error(`${text} is not in ${templatePath}`);
  return i + 1;
}

/**
 * One-line paragraphs that fill page 1 to where a case needs its block: on A4 at 10.5 pt each takes
 * 20.5 pt (a 14.2 pt line and its 6.3 pt margin) below the 25 pt title, from 64 pt (48 pt margin and
 * the 16 pt header rule) towards the bottom margin at 794 pt.
 */
const filler = (n: number) => Array.from({ length: n }, (_, i) => ({ line: `Filler paragraph ${i + 1} keeps this page busy.` }));

export interface LayoutCase {
  templatePath: string;
  record: Record<string, unknown>;
  /** Every layout event the trace must hold, by kind, template line and pages. */
  events: Array<{ kind: LayoutEventKind; line: number; pages: number[] }>;
}

/** Templates rendered for real that make react-pdf take each decision an author wants to hear of. */
export function layoutCases(): LayoutCase[] {
  const orphan = "layout/orphaned-heading.md";
  const moved = "layout/moved-to-next-page.md";
  const overflow = "layout/text-overflow.md";
  const clipped = "layout/clipped.md";
  const tall = "layout/tall-image.md";
  return [
    // 32 fillers end at 755 pt: the heading fits below them, but no two lines of the paragraph after it do.
    {
      templatePath: orphan,
      record: { name: "Ann", filler: filler(32) },
      events: [{ kind: "orphaned-heading", line: lineOf(orphan, "## Terms"), pages: [1] }],
    },
    // 33 fillers leave 18.5 pt, and the 50 pt banner cannot be split.
    {
      templatePath: moved,
      record: { name: "Ann", filler: filler(33) },
      events: [
        { kind: "moved-to-next-page", line: lineOf(moved, "![Company banner]"), pages: [2] },
        { kind: "image-scaled", line: lineOf(moved, "![Company banner]"), pages: [2] },
      ],
    },
    // The renderer does not hyphenate; it breaks a word only inside runs longer than 18 characters.
    {
      templatePath: overflow,
      record: { name: "Ann" },
      events: [
        // An 18-letter word is a word (never broken) and wider than its cell; the 50-character reference
        // and the code line's URL are broken inside their boxes (lib/pdf/line-breaks.ts): no event.
        { kind: "text-overflow", line: lineOf(overflow, "| Item | Code |"), pages: [1] },
      ],
    },
    // The nested quote starts in the 18.5 pt left by 33 fillers (what happens then is the fixture's own text).
    {
      templatePath: clipped,
      record: { name: "Ann", filler: filler(33) },
      events: [
        { kind: "clipped", line: lineOf(clipped, "> > A quote inside a quote"), pages: [1] },
        { kind: "image-omitted", line: lineOf(clipped, "> > ![Company banner]"), pages: [1] },
      ],
    },
    // An image alone is not clipped: react-pdf caps its height at the page's content area, out of proportion.
    { templatePath: tall, record: { name: "Ann" }, events: [{ kind: "image-scaled", line: lineOf(tall, "![A strip"), pages: [1] }] },
  ];
}
