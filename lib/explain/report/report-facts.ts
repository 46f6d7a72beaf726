import type { Trace, TraceMessage } from "../assemble-trace";
import type { StyledElement } from "../styling";
import { plural } from "@/lib/plural";

/**
 * What the explain reports say, worked out from a trace: pure functions, so the words and the
 * groupings are tested without laying out a PDF (report-document.tsx only draws them).
 */

export const REPORT_MODES = ["summary", "detailed"] as const;
export type ReportMode = (typeof REPORT_MODES)[number];

/** Template lines by number, as the report quotes them beside a finding (absent: the text is gone). */
export type TemplateLines = Record<number, string>;

export interface ScoreLine {
  check: string;
  result: string;
  failed: boolean;
  detail: string;
}

/** "1.98:1" with the WCAG thresholds that apply to that text size. */
function describePair(p: Trace["accessibility"]["contrast"]["pairs"][number]): string {
  const size = p.largeText ? "large text" : "normal text";
  const needs = p.largeText ? "3:1 for AA, 4.5:1 for AAA" : "4.5:1 for AA, 7:1 for AAA";
  return `${p.foreground} on ${p.background}: ${p.ratio}:1, ${size} from ${p.smallestFontSizePt} pt (needs ${needs})`;
}

/**
 * The accessibility scorecard: heading hierarchy PASS/FAIL, the worst contrast of any text colour
 * pair as AAA/AA/FAIL, the PDF/UA rules PASS/FAIL with the ids of those that fail, alt-text
 * coverage in percent. A document without headings has no hierarchy to
 * break (PASS, said so); one without images has no coverage to measure.
 */
export function scorecard(trace: Trace): ScoreLine[] {
  const { headings, images, contrast, pdfUa } = trace.accessibility;
  const headingProblems = [
    ...headings.skippedLevels.map((s) => `level ${s.to} follows level ${s.from}${s.line ? ` (line ${s.line})` : ""}`),
    ...(headings.topLevelCount > 1 ? [`${headings.topLevelCount} level-1 headings (a document has one)`] : []),
  ];
  const headingFailed = headings.result === "FAIL";
  const worst = contrast.pairs.reduce<(typeof contrast.pairs)[number] | null>(
    (w, p) => (!w || p.ratio / (p.largeText ? 3 : 4.5) < w.ratio / (w.largeText ? 3 : 4.5) ? p : w),
    null,
  );
  return [
    {
      check: "Heading hierarchy",
      result: headingFailed ? "FAIL" : "PASS",
      failed: headingFailed,
      detail: headingFailed
        ? headingProblems.join("; ")
        : headings.outline.length
          ? `${plural(headings.outline.length, "heading")}, no level skipped, one top heading`
          : "no headings, so no level can be skipped",
    },
    {
      check: "Text contrast",
      result: contrast.worst ?? "NONE",
      failed: contrast.worst === "FAIL",
      detail: worst ? `lowest ${describePair(worst)}; ${plural(contrast.pairs.length, "colour pair")} checked` : "no text was laid out",
    },
    {
      check: "PDF/UA (ISO 14289-1)",
      result: !pdfUa ? "NONE" : pdfUa.passed ? "PASS" : "FAIL",
      failed: pdfUa ? !pdfUa.passed : false,
      detail: !pdfUa
        ? "not checked (a render without a PDF, or made before the check)"
        : pdfUa.passed
          ? `the ${pdfUa.rulesChecked} rules a machine can decide pass (by veraPDF's rule ids)`
          : pdfUa.failures.map((r) => `${r.rule} ${r.description} (${r.first})`).join("; "),
    },
    {
      check: "Alt-text coverage",
      // The percent, and whether it passes: every image needs a text alternative (WCAG 1.1.1).
      result:
        images.altCoveragePercent === null ? "NONE" : `${images.altCoveragePercent} % ${images.altCoveragePercent < 100 ? "FAIL" : "PASS"}`,
      failed: images.altCoveragePercent !== null && images.altCoveragePercent < 100,
      detail: images.total ? `${images.withAlt} of ${plural(images.total, "image")} described` : "no images",
    },
  ];
}

export function renderDescription(trace: Trace): string {
  const r = trace.render;
  if (r.kind === "batch-record") return `Record ${(r.recordIndex ?? 0) + 1} of batch ${r.referenceId}`;
  if (r.kind === "sealed-workflow") return `Sealed PDF of workflow ${r.referenceId}`;
  return "Single document (POST /api/render)";
}

/**
 * Why the render was traced, as a person reads it, the setting named after it in brackets for the
 * developer who looks for it (the values are lib/explain/settings.ts's and the preview's).
 */
export function tracedBecauseText(requestedBy: string): string {
  if (requestedBy === "preview") return "a template preview is always traced";
  if (requestedBy.startsWith("front matter "))
    return `the template's front matter asks for it (${requestedBy.slice("front matter ".length)})`;
  if (requestedBy.startsWith("templateSettings.") || requestedBy.startsWith("features."))
    return `the request asked for it (${requestedBy})`;
  return requestedBy;
}

/** One sentence an author reads first. */
export function outcomeSentence(trace: Trace): string {
  const s = trace.summary;
  const counts = `${plural(s.errors, "error")}, ${plural(s.warnings, "warning")} and ${plural(s.infos, "note")}`;
  if (trace.outcome === "failed") return `The render failed: no document was made. ${counts}.`;
  const total = trace.performance.totalMs;
  return `Rendered ${plural(trace.layout.pageCount, "page")}${total !== null ? ` in ${formatMs(total)}` : ""}, with ${counts}.`;
}

export const formatMs = (ms: number | null | undefined) =>
  ms === null || ms === undefined ? "not measured" : ms >= 100 ? `${Math.round(ms)} ms` : `${ms.toFixed(1)} ms`;

export interface TimingRow {
  stage: string;
  ms: number | null;
}

/**
 * The render's stages, which add up to its total, and (in detail) the time explain itself took, apart:
 * its capture runs inside data binding and layout, so it is already counted in them, while the PDF/UA
 * check and the trace's assembly run after the render, outside its total.
 */
export function timingRows(trace: Trace, detailed: boolean): { stages: TimingRow[]; explain: TimingRow[] } {
  const p = trace.performance;
  const stages = [
    { stage: "Template load", ms: p.templateLoadMs },
    { stage: "Data binding", ms: p.dataBindingMs },
    { stage: "Layout", ms: p.layoutMs },
    // Older traces, recorded when page numbers and metadata were written after layout, have this stage.
    ...(p.postProcessingMs ? [{ stage: "Post-processing (page numbers, metadata)", ms: p.postProcessingMs }] : []),
  ];
  if (!detailed) return { stages, explain: [] };
  return {
    stages,
    explain: [
      { stage: "Trace capture during binding and layout (included above)", ms: p.captureInRenderMs },
      // Older traces counted the check in the capture's time.
      ...(p.pdfUaCheckMs !== undefined && p.pdfUaCheckMs !== null
        ? [{ stage: "PDF/UA check after the render (not in the total)", ms: p.pdfUaCheckMs }]
        : []),
      { stage: "Trace assembly after the render (not in the total)", ms: p.assembleMs },
    ],
  };
}

const SEVERITY_RANK: Record<TraceMessage["severity"], number> = { error: 0, warning: 1, info: 2 };

/** Messages by severity (errors first), then by template line; `severities` picks which. */
export function sortedMessages(trace: Trace, severities: ReadonlyArray<TraceMessage["severity"]>): TraceMessage[] {
  return trace.messages
    .filter((m) => severities.includes(m.severity))
    .sort((a, b) => SEVERITY_RANK[a.severity] - SEVERITY_RANK[b.severity] || (a.line ?? Infinity) - (b.line ?? Infinity));
}

export interface TokenGroup {
  token: string;
  line?: number;
  occurrences: number;
  /** The first and (when different) last source, e.g. items[0].amount … items[59].amount. */
  sources: string;
  valueTypes: string[];
}

/**
 * Tokens as an author wrote them: one row per token and template line, however many times a
 * section repeated it (a 60-item list is one row with 60 occurrences, not 60 rows).
 */
export function tokenGroups(trace: Trace): TokenGroup[] {
  const groups = new Map<string, { token: string; line?: number; sources: Array<string | null>; types: Set<string> }>();
  for (const t of trace.dataBinding.tokens) {
    const key = `${t.token}\u0000${t.line ?? ""}`;
    const g = groups.get(key) ?? { token: t.token, line: t.line, sources: [], types: new Set<string>() };
    g.sources.push(t.source);
    g.types.add(t.valueType);
    groups.set(key, g);
  }
  return [...groups.values()].map((g) => {
    const first = g.sources[0] ?? "no value";
    const last = g.sources[g.sources.length - 1] ?? "no value";
    return {
      token: g.token,
      line: g.line,
      occurrences: g.sources.length,
      sources: first === last ? first : `${first} … ${last}`,
      valueTypes: [...g.types],
    };
  });
}

export interface StyleGroup {
  style: StyledElement["style"];
  elements: Array<Omit<StyledElement, "style">>;
}

/** Elements that got exactly the same styling, together: the decision is written once. */
export function styleGroups(trace: Trace): StyleGroup[] {
  const groups = new Map<string, StyleGroup>();
  for (const { style, ...element } of trace.styling?.elements ?? []) {
    const key = `${element.kind}\u0000${JSON.stringify(style)}`;
    const g = groups.get(key) ?? { style, elements: [] };
    g.elements.push(element);
    groups.set(key, g);
  }
  return [...groups.values()];
}

/** A template line as the report quotes it: trimmed, and cut with an ellipsis when long. */
export function quoteLine(lines: TemplateLines | null, line: number | undefined, max = 80): string | null {
  if (!lines || line === undefined) return null;
  const text = lines[line]?.trim();
  if (!text) return null;
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}

/** Every template line the trace points at: the report quotes these and no other. */
export function linesReferenced(trace: Trace): number[] {
  const lines = new Set<number>();
  const add = (n: number | undefined) => n !== undefined && lines.add(n);
  trace.messages.forEach((m) => add(m.line));
  trace.dataBinding.tokens.forEach((t) => add(t.line));
  trace.dataBinding.sections.forEach((s) => add(s.line));
  trace.layout.events.forEach((e) => add(e.line));
  trace.accessibility.headings.outline.forEach((h) => add(h.line));
  return [...lines].sort((a, b) => a - b);
}

/** At most `max` of a list, and how many were left out (the trace JSON has them all). */
export function capped<T>(xs: T[], max: number): { shown: T[]; more: number } {
  return { shown: xs.slice(0, max), more: Math.max(0, xs.length - max) };
}
