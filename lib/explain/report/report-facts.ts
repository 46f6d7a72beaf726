import type { Trace, TraceMessage } from "../assemble-trace";
import type { StyledElement } from "../styling";
import { DEFAULT_LOCALE, type Locale } from "@/lib/i18n/locales";
import { formatterFor, translatorFor, type Translator } from "@/lib/i18n/translator";
import type { Words } from "@/lib/i18n/words";
import { asItIs, wordsText } from "@/lib/i18n/words-text";

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

/**
 * The language a report is written in: the catalogue's words (`document.explain.*`) and the locale
 * its numbers are written for. Everything Sealpost writes comes from there, its trace messages too
 * (traceText); what the trace recorded (engine messages, template text, ids, style sources) is
 * quoted as it is.
 */
export interface ReportLanguage {
  locale: Locale;
  t: Translator;
}

export const reportLanguage = (locale: Locale = DEFAULT_LOCALE): ReportLanguage => ({ locale, t: translatorFor(locale) });

/** A PASS/FAIL/NONE verdict in the report's words; AAA and AA are WCAG's level names and stay as they are. */
export function verdictWord({ t }: ReportLanguage, verdict: string): string {
  if (verdict === "PASS") return t("document.explain.verdict.pass");
  if (verdict === "FAIL") return t("document.explain.verdict.fail");
  if (verdict === "NONE") return t("document.explain.verdict.none");
  return verdict;
}

/**
 * A trace message or its recovery in the report's words (`trace.*`, or `finding.*` for a field
 * rule's warning), its values as they are (a PDF draws no isolate marks); the English the trace
 * holds where it has no words: a render's failure (the engine's), a trace stored before they were kept.
 */
export const traceText = ({ t, locale }: ReportLanguage, words: Words | undefined, english: string) =>
  words ? wordsText(t, locale, words, asItIs) : english;

/** Where a thing sits in the template, after what the report says of it: "level 3 follows level 1 (line 27)". */
export const atLine = ({ t }: ReportLanguage, text: string, line: number | undefined | null) =>
  line ? t("document.explain.atLine", { text, line: String(line) }) : text;

/**
 * The accessibility scorecard: heading hierarchy PASS/FAIL, the worst contrast of any text colour
 * pair as AAA/AA/FAIL, the PDF/UA rules PASS/FAIL with the ids of those that fail, alt-text
 * coverage in percent. A document without headings has no hierarchy to
 * break (PASS, said so); one without images has no coverage to measure.
 */
export function scorecard(trace: Trace, lang: ReportLanguage = reportLanguage()): ScoreLine[] {
  const { t } = lang;
  const { headings, images, contrast, pdfUa } = trace.accessibility;
  const headingProblems = [
    ...headings.skippedLevels.map((s) => atLine(lang, t("document.explain.scorecard.levelSkipped", { to: s.to, from: s.from }), s.line)),
    ...(headings.topLevelCount > 1 ? [t("document.explain.scorecard.topLevels", { count: headings.topLevelCount })] : []),
  ];
  const headingFailed = headings.result === "FAIL";
  const worst = contrast.pairs.reduce<(typeof contrast.pairs)[number] | null>(
    (w, p) => (!w || p.ratio / (p.largeText ? 3 : 4.5) < w.ratio / (w.largeText ? 3 : 4.5) ? p : w),
    null,
  );
  const percent = images.altCoveragePercent;
  return [
    {
      check: t("document.explain.scorecard.headings"),
      result: verdictWord(lang, headingFailed ? "FAIL" : "PASS"),
      failed: headingFailed,
      detail: headingFailed
        ? headingProblems.join("; ")
        : headings.outline.length
          ? t("document.explain.scorecard.headingsPass", { count: headings.outline.length })
          : t("document.explain.scorecard.noHeadings"),
    },
    {
      check: t("document.explain.scorecard.contrast"),
      result: verdictWord(lang, contrast.worst ?? "NONE"),
      failed: contrast.worst === "FAIL",
      detail: worst
        ? t("document.explain.scorecard.lowestContrast", {
            foreground: worst.foreground,
            background: worst.background,
            ratio: worst.ratio,
            large: worst.largeText ? "yes" : "no",
            size: worst.smallestFontSizePt,
            aa: worst.largeText ? 3 : 4.5,
            aaa: worst.largeText ? 4.5 : 7,
            count: contrast.pairs.length,
          })
        : t("document.explain.scorecard.noText"),
    },
    {
      check: t("document.explain.scorecard.pdfUa"),
      result: verdictWord(lang, !pdfUa ? "NONE" : pdfUa.passed ? "PASS" : "FAIL"),
      failed: pdfUa ? !pdfUa.passed : false,
      detail: !pdfUa
        ? t("document.explain.scorecard.pdfUaNotChecked")
        : pdfUa.passed
          ? t("document.explain.scorecard.pdfUaPassed", { count: pdfUa.rulesChecked })
          : // veraPDF's rule ids and descriptions, as the check wrote them.
            pdfUa.failures.map((r) => `${r.rule} ${r.description} (${r.first})`).join("; "),
    },
    {
      check: t("document.explain.scorecard.altText"),
      // The percent, and whether it passes: every image needs a text alternative (WCAG 1.1.1).
      result:
        percent === null
          ? verdictWord(lang, "NONE")
          : t("document.explain.scorecard.coverage", { percent, verdict: verdictWord(lang, percent < 100 ? "FAIL" : "PASS") }),
      failed: percent !== null && percent < 100,
      detail: images.total
        ? t("document.explain.scorecard.imagesDescribed", { described: images.withAlt, count: images.total })
        : t("document.explain.scorecard.noImages"),
    },
  ];
}

export function renderDescription(trace: Trace, { t }: ReportLanguage = reportLanguage()): string {
  const r = trace.render;
  if (r.kind === "batch-record")
    return t("document.explain.render.batchRecord", { index: (r.recordIndex ?? 0) + 1, batch: r.referenceId ?? "" });
  if (r.kind === "sealed-workflow") return t("document.explain.render.sealedWorkflow", { workflow: r.referenceId ?? "" });
  return t("document.explain.render.single");
}

/**
 * Why the render was traced, as a person reads it, the setting named after it in brackets for the
 * developer who looks for it (the values are lib/explain/settings.ts's and the preview's).
 */
export function tracedBecauseText(requestedBy: string, { t }: ReportLanguage = reportLanguage()): string {
  if (requestedBy === "preview") return t("document.explain.tracedBecause.preview");
  if (requestedBy.startsWith("front matter "))
    return t("document.explain.tracedBecause.frontMatter", { setting: requestedBy.slice("front matter ".length) });
  if (requestedBy.startsWith("templateSettings.") || requestedBy.startsWith("features."))
    return t("document.explain.tracedBecause.request", { setting: requestedBy });
  return requestedBy;
}

/** One sentence an author reads first. */
export function outcomeSentence(trace: Trace, lang: ReportLanguage = reportLanguage()): string {
  const { t } = lang;
  const s = trace.summary;
  const counts = { errors: s.errors, warnings: s.warnings, notes: s.infos };
  if (trace.outcome === "failed") return t("document.explain.outcome.failed", counts);
  const total = trace.performance.totalMs;
  return total !== null
    ? t("document.explain.outcome.renderedIn", { ...counts, pages: trace.layout.pageCount, time: formatMs(total, lang) })
    : t("document.explain.outcome.rendered", { ...counts, pages: trace.layout.pageCount });
}

/** A duration in milliseconds as the report's language writes the unit: to 0.1 ms, whole from 100 ms. */
export function formatMs(ms: number | null | undefined, { t, locale }: ReportLanguage = reportLanguage()): string {
  if (ms === null || ms === undefined) return t("document.explain.notMeasured");
  const digits = ms >= 100 ? 0 : 1;
  return formatterFor(locale).number(ms, {
    style: "unit",
    unit: "millisecond",
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
  });
}

export interface TimingRow {
  stage: string;
  ms: number | null;
}

/**
 * The render's stages, which add up to its total, and (in detail) the time explain itself took, apart:
 * its capture runs inside data binding and layout, so it is already counted in them, while the PDF/UA
 * check and the trace's assembly run after the render, outside its total.
 */
export function timingRows(
  trace: Trace,
  detailed: boolean,
  { t }: ReportLanguage = reportLanguage(),
): { stages: TimingRow[]; explain: TimingRow[] } {
  const p = trace.performance;
  const stages = [
    { stage: t("document.explain.stage.templateLoad"), ms: p.templateLoadMs },
    { stage: t("document.explain.stage.dataBinding"), ms: p.dataBindingMs },
    { stage: t("document.explain.stage.layout"), ms: p.layoutMs },
    // Older traces, recorded when page numbers and metadata were written after layout, have this stage.
    ...(p.postProcessingMs ? [{ stage: t("document.explain.stage.postProcessing"), ms: p.postProcessingMs }] : []),
  ];
  if (!detailed) return { stages, explain: [] };
  return {
    stages,
    explain: [
      { stage: t("document.explain.stage.capture"), ms: p.captureInRenderMs },
      // Older traces counted the check in the capture's time.
      ...(p.pdfUaCheckMs !== undefined && p.pdfUaCheckMs !== null
        ? [{ stage: t("document.explain.stage.pdfUaCheck"), ms: p.pdfUaCheckMs }]
        : []),
      { stage: t("document.explain.stage.assembly"), ms: p.assembleMs },
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
export function tokenGroups(trace: Trace, { t }: ReportLanguage = reportLanguage()): TokenGroup[] {
  const groups = new Map<string, { token: string; line?: number; sources: Array<string | null>; types: Set<string> }>();
  for (const t of trace.dataBinding.tokens) {
    const key = `${t.token}\u0000${t.line ?? ""}`;
    const g = groups.get(key) ?? { token: t.token, line: t.line, sources: [], types: new Set<string>() };
    g.sources.push(t.source);
    g.types.add(t.valueType);
    groups.set(key, g);
  }
  return [...groups.values()].map((g) => {
    const first = g.sources[0] ?? t("document.explain.binding.noValue");
    const last = g.sources[g.sources.length - 1] ?? t("document.explain.binding.noValue");
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
