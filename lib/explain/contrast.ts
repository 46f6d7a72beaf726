import { hex } from "wcag-contrast";

export type ContrastLevel = "AAA" | "AA" | "FAIL";

/** WCAG 2.x large text: at least 18 pt, or 14 pt bold. */
export const isLargeText = (fontSizePt: number, bold: boolean) => fontSizePt >= 18 || (bold && fontSizePt >= 14);

/** The contrast ratio of two #rrggbb colours by WCAG 2.x relative luminance, rounded down to two decimals (4.499 is not 4.5). */
export const contrastRatio = (foreground: string, background: string) => Math.floor(hex(foreground, background) * 100) / 100;

/** AA needs 4.5:1 (large text 3:1), AAA 7:1 (large text 4.5:1). */
export function contrastLevel(ratio: number, large: boolean): ContrastLevel {
  if (ratio >= (large ? 4.5 : 7)) return "AAA";
  if (ratio >= (large ? 3 : 4.5)) return "AA";
  return "FAIL";
}

const rank: Record<ContrastLevel, number> = { FAIL: 0, AA: 1, AAA: 2 };
export const worstLevel = (levels: ContrastLevel[]): ContrastLevel | null =>
  levels.length ? levels.reduce((a, b) => (rank[b] < rank[a] ? b : a)) : null;
