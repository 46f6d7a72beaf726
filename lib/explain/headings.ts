export interface HeadingEntry {
  depth: number;
  text?: string;
  line?: number;
}

export interface HeadingCheck {
  outline: HeadingEntry[];
  /** A heading more than one level below the one before it (h1 then h3). */
  skippedLevels: Array<{ from: number; to: number; text?: string; line?: number }>;
  topLevelCount: number;
  /** The first heading is not a level-1 heading. */
  startsBelowTop: boolean;
  result: "PASS" | "FAIL" | "NONE";
}

/** The heading outline as screen readers and PDF/UA checkers walk it: no skipped levels, one top heading. */
export function checkHeadings(outline: HeadingEntry[]): HeadingCheck {
  const skippedLevels: HeadingCheck["skippedLevels"] = [];
  // The first heading is compared with itself: starting below level 1 is reported apart (startsBelowTop).
  let previous = outline[0]?.depth ?? 0;
  for (const h of outline) {
    if (h.depth > previous + 1) skippedLevels.push({ from: previous, to: h.depth, text: h.text, line: h.line });
    previous = h.depth;
  }
  const topLevelCount = outline.filter((h) => h.depth === 1).length;
  const startsBelowTop = outline.length > 0 && outline[0].depth !== 1;
  const failed = skippedLevels.length > 0 || topLevelCount > 1;
  return { outline, skippedLevels, topLevelCount, startsBelowTop, result: outline.length === 0 ? "NONE" : failed ? "FAIL" : "PASS" };
}
