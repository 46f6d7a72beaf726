import { traceWords, type FindingWords, type TraceWords } from "@/lib/i18n/words";
import { FOOTER_GREY } from "@/lib/pdf/footer-grey";
import type { RenderTimings } from "@/lib/pdf/timings";
import type { ExplainRetention } from "./retention-fields";
import { retentionMoments } from "./settings";
import { contrastLevel, contrastRatio, isLargeText, worstLevel } from "./contrast";
import type { RenderFacts, TemplateFacts } from "./facts";
import { checkHeadings } from "./headings";
import { layoutEvents, type LayoutEvent } from "./layout-events";
import { styleDecisions } from "./styling";

export const TRACE_SCHEMA = "sealpost.explain-trace/1";

export type RenderKind = "single" | "batch-record" | "sealed-workflow";

export interface TraceMessage {
  severity: "error" | "warning" | "info";
  code: string;
  message: string;
  line?: number;
  elementId?: string;
  /** What the renderer did instead of failing. */
  recovery?: string;
  /**
   * The message in any language (lib/i18n/words-text.ts writes it), for the explain report and the
   * console: Sealpost's own (`trace.*`), or a field rule's warning as intake says it (`finding.*`);
   * absent for a render's failure (the engine's English) and in traces stored before it was kept.
   * `message` stays the English the API answers.
   */
  words?: TraceWords | FindingWords;
  /** The same for `recovery`. */
  recoveryWords?: TraceWords;
}

export interface TraceInput {
  correlationId: string;
  tenantId: string;
  kind: RenderKind;
  /** The batch (batch records) or workflow (sealed PDFs) the render belongs to. */
  referenceId?: string | null;
  recordIndex?: number | null;
  /** Which setting asked for the trace. */
  requestedBy: string;
  /** How long the trace is kept; the deployment's defaults when null or absent. */
  retention?: ExplainRetention | null;
  template: TemplateFacts | { path: string; version: string; title: string } | null;
  timings?: RenderTimings | null;
  facts?: RenderFacts | null;
  /** The render failed: no PDF, and the trace says why. */
  failure?: string | null;
  /** Field-rule warnings of the record (severity warning) found before rendering. */
  recordWarnings?: Array<{ fieldKey: string; message: string; words?: FindingWords }>;
  createdAt: Date;
}

/** "page n of m" is drawn by the render step once layout is done (lib/pdf/footer.tsx), so react-pdf's laid-out tree does not hold it. */
const PAGE_NUMBER_COLOURS = { foreground: FOOTER_GREY, background: "#ffffff", minFontSize: 7, bold: false, runs: 1, ids: ["page-number"] };

/** The laid-out colour pairs plus the page numbers' own; the same pair (the footer label's grey) is one entry. */
function withPageNumbers(colours: RenderFacts["layout"]["colours"], hasPages: boolean): RenderFacts["layout"]["colours"] {
  if (!hasPages) return colours;
  const p = PAGE_NUMBER_COLOURS;
  const same = colours.find((c) => c.foreground === p.foreground && c.background === p.background);
  if (!same) return [...colours, p];
  const merged = {
    ...same,
    minFontSize: Math.min(same.minFontSize, p.minFontSize),
    runs: same.runs + p.runs,
    ids: [...same.ids, ...p.ids],
  };
  return colours.map((c) => (c === same ? merged : c));
}

const ms = (n: number | undefined) => (n === undefined ? null : Math.round(n * 100) / 100);
const isoMoments = (createdAt: Date, r: ExplainRetention) => {
  const m = retentionMoments(createdAt, r);
  return { archiveAfter: m.archiveAfter.toISOString(), deleteAfter: m.deleteAfter.toISOString() };
};
const isFullTemplate = (t: TraceInput["template"]): t is TemplateFacts => !!t && "fields" in t;

/**
 * The trace JSON of one render, built from the facts its render thread returned. Pure: the same
 * facts give the same trace; storing it is record-trace.ts's business.
 */
export function assembleTrace(input: TraceInput) {
  const t0 = performance.now();
  const f = input.facts ?? null;
  const messages: TraceMessage[] = [];
  const warn = (m: Omit<TraceMessage, "severity">, severity: TraceMessage["severity"] = "warning") => messages.push({ severity, ...m });

  if (input.failure) warn({ code: "render.failed", message: input.failure }, "error");
  for (const w of input.recordWarnings ?? [])
    warn({ code: "record.field_warning", message: w.message, ...(w.words ? { words: w.words } : {}) });

  const tokens = f?.binding.tokens ?? [];
  const missing = [...new Set(tokens.filter((t) => t.valueType === "missing").map((t) => t.token))];
  const empty = [...new Set(tokens.filter((t) => t.valueType !== "missing" && t.length === 0).map((t) => t.token))];
  for (const key of missing) {
    const first = tokens.find((t) => t.token === key)!;
    warn({
      code: "binding.missing",
      message: `{{${key}}} has no value in the record; it was left blank`,
      line: first.line,
      recovery: "rendered as empty text",
      words: traceWords("trace.binding.missing", { token: `{{${key}}}` }),
      recoveryWords: traceWords("trace.recovery.emptyText"),
    });
  }
  for (const key of empty)
    warn(
      {
        code: "binding.empty",
        message: `{{${key}}} is empty in the record`,
        line: tokens.find((t) => t.token === key)!.line,
        words: traceWords("trace.binding.empty", { token: `{{${key}}}` }),
      },
      "info",
    );
  for (const t of tokens.filter((x) => x.undrawable?.length)) {
    warn({
      code: "text.glyph_missing",
      message: `{{${t.token}}} holds characters no document font draws (${t.undrawable!.join(", ")})`,
      line: t.line,
      recovery: "each was printed as U+FFFD (�)",
      words: traceWords("trace.text.glyphMissing", { token: `{{${t.token}}}`, characters: t.undrawable! }),
      recoveryWords: traceWords("trace.recovery.replacementCharacter"),
    });
  }
  for (const t of tokens.filter((x) => x.valueType === "object" || x.valueType === "array")) {
    warn(
      {
        code: "binding.structured_value",
        message: `{{${t.token}}} holds ${t.valueType === "array" ? "a list" : "an object"}; it was written as JSON text`,
        line: t.line,
        words:
          t.valueType === "array"
            ? traceWords("trace.binding.structuredList", { token: `{{${t.token}}}` })
            : traceWords("trace.binding.structuredObject", { token: `{{${t.token}}}` }),
      },
      "info",
    );
  }
  for (const s of f?.binding.sections ?? []) {
    if (s.status === "expanded" || s.status === "empty") continue;
    const why = { missing: "has no value in the record", "not-a-list": "is not a list", unclosed: `has no closing {{/${s.key}}}` }[
      s.status
    ];
    const section = `{{#${s.key}}}`;
    warn({
      code: `binding.section_${s.status.replace(/-/g, "_")}`,
      message: `Section {{#${s.key}}} ${why}`,
      line: s.line,
      recovery: s.status === "unclosed" ? "its marker was printed as text" : "nothing was repeated",
      words: {
        missing: traceWords("trace.binding.sectionMissing", { section }),
        "not-a-list": traceWords("trace.binding.sectionNotAList", { section }),
        unclosed: traceWords("trace.binding.sectionUnclosed", { section, closing: `{{/${s.key}}}` }),
      }[s.status],
      recoveryWords: s.status === "unclosed" ? traceWords("trace.recovery.markerAsText") : traceWords("trace.recovery.nothingRepeated"),
    });
  }

  const elements = f?.elements ?? [];
  const events: LayoutEvent[] = f ? layoutEvents(f.layout, elements) : [];
  const severityOf: Record<LayoutEvent["kind"], TraceMessage["severity"]> = {
    "wrapped-across-pages": "info",
    "moved-to-next-page": "info",
    "image-scaled": "info",
    "orphaned-heading": "warning",
    "text-overflow": "warning",
    clipped: "warning",
    "image-omitted": "warning",
  };
  for (const e of events) {
    warn(
      {
        code: `layout.${e.kind.replace(/-/g, "_")}`,
        message: `${e.element}: ${e.detail}`,
        line: e.line,
        elementId: e.elementId,
        ...(e.kind === "image-omitted"
          ? { recovery: "the document was rendered without it", recoveryWords: traceWords("trace.recovery.renderedWithout") }
          : {}),
      },
      severityOf[e.kind],
    );
  }

  const headings = checkHeadings(
    elements.filter((e) => e.kind === "heading").map((e) => ({ depth: e.depth ?? 1, text: e.excerpt, line: e.line })),
  );
  for (const s of headings.skippedLevels)
    warn({
      code: "a11y.heading_level_skipped",
      message: `Heading "${s.text ?? ""}" is level ${s.to} after level ${s.from}`,
      line: s.line,
      words: traceWords("trace.accessibility.headingLevelSkipped", { heading: s.text ?? "", to: s.to, from: s.from }),
    });
  if (headings.topLevelCount > 1)
    warn({
      code: "a11y.multiple_top_headings",
      message: `${headings.topLevelCount} level-1 headings; a document has one`,
      words: traceWords("trace.accessibility.multipleTopHeadings", { count: headings.topLevelCount }),
    });

  const images = elements.filter((e) => e.kind === "image");
  const withoutAlt = images.filter((e) => !e.alt?.trim());
  for (const img of withoutAlt)
    warn({
      code: "a11y.image_without_alt",
      message: `Image ${img.url} has no alt text`,
      line: img.line,
      elementId: img.id,
      words: traceWords("trace.accessibility.imageWithoutAlt", { image: img.url ?? "" }),
    });

  const colourFacts = f ? withPageNumbers(f.layout.colours, f.layout.pages.length > 0) : [];
  const pairs = colourFacts.map((c) => {
    const ratio = contrastRatio(c.foreground, c.background);
    const largeText = isLargeText(c.minFontSize, c.bold);
    const level = contrastLevel(ratio, largeText);
    return {
      foreground: c.foreground,
      background: c.background,
      ratio,
      largeText,
      smallestFontSizePt: c.minFontSize,
      bold: c.bold,
      aa: level !== "FAIL",
      aaa: level === "AAA",
      level,
      runs: c.runs,
      elementIds: c.ids,
    };
  });
  for (const p of pairs.filter((x) => !x.aa)) {
    warn({
      code: "a11y.contrast_insufficient",
      message: `Text ${p.foreground} on ${p.background} has contrast ${p.ratio}:1; AA needs ${p.largeText ? 3 : 4.5}:1 for ${p.largeText ? "large" : "normal"} text`,
      elementId: p.elementIds[0],
      words: p.largeText
        ? traceWords("trace.accessibility.contrastLarge", { foreground: p.foreground, background: p.background, ratio: p.ratio, needed: 3 })
        : traceWords("trace.accessibility.contrastNormal", {
            foreground: p.foreground,
            background: p.background,
            ratio: p.ratio,
            needed: 4.5,
          }),
    });
  }

  const pdfUa = f?.pdfUa ?? null;
  for (const r of pdfUa?.failures ?? []) {
    warn({
      code: "a11y.pdf_ua_rule_failed",
      message: `PDF/UA rule ${r.rule} (veraPDF's id) fails ${r.count === 1 ? "once" : `${r.count} times`}: ${r.description}; first at ${r.first}`,
      // veraPDF's description of the rule is its own English: a value, as the rule's id is.
      words: traceWords("trace.accessibility.pdfUaRuleFailed", {
        rule: r.rule,
        count: r.count,
        description: r.description,
        first: r.first,
      }),
    });
  }

  const layoutMs = input.timings?.layoutMs ?? 0;
  const totalNodes = f?.layout.pages.reduce((n, p) => n + p.nodeCount, 0) ?? 0;
  const template = input.template;
  const trace = {
    schema: TRACE_SCHEMA,
    correlationId: input.correlationId,
    render: {
      kind: input.kind,
      referenceId: input.referenceId ?? null,
      recordIndex: input.recordIndex ?? null,
      requestedBy: input.requestedBy,
    },
    createdAt: input.createdAt.toISOString(),
    retention: input.retention ? { ...input.retention, ...isoMoments(input.createdAt, input.retention) } : null,
    outcome: input.failure ? "failed" : "rendered",
    template: template && {
      path: template.path,
      version: template.version,
      title: template.title,
      ...(isFullTemplate(template) ? { fields: template.fields } : {}),
      loadMs: ms(input.timings?.templateLoadMs),
    },
    dataBinding: {
      tokens,
      missing,
      empty,
      sections: f?.binding.sections ?? [],
      conditions: f?.binding.conditions ?? [],
      // The binder never shortens a value; markup in a value is kept as literal text.
      valuesCut: [] as string[],
      valuesKeptLiteral: [...new Set(tokens.filter((t) => t.markupKeptLiteral).map((t) => t.token))],
      ms: ms(input.timings?.dataBindingMs),
    },
    layout: {
      pageCount: f?.layout.pages.length ?? 0,
      pages: (f?.layout.pages ?? []).map((p) => ({
        page: p.page,
        elementCount: p.elementCount,
        nodeCount: p.nodeCount,
        // react-pdf lays out the whole document in one pass: a page's time is its share of the nodes.
        layoutMsShare: totalNodes ? ms((layoutMs * p.nodeCount) / totalNodes) : null,
        usedHeightPt: Math.round((p.usedBottom - p.contentTop) * 10) / 10,
        availableHeightPt: Math.round((p.contentBottom - p.contentTop) * 10) / 10,
      })),
      events,
      ms: ms(input.timings?.layoutMs),
    },
    styling: isFullTemplate(template) && f ? styleDecisions(template, elements, f.layout.styles) : null,
    accessibility: {
      headings,
      images: {
        total: images.length,
        withAlt: images.length - withoutAlt.length,
        withoutAlt: withoutAlt.map((i) => ({ elementId: i.id, url: i.url, line: i.line })),
        altCoveragePercent: images.length ? Math.round(((images.length - withoutAlt.length) / images.length) * 1000) / 10 : null,
      },
      contrast: { pairs, worst: worstLevel(pairs.map((p) => p.level)) },
      // null for a render made before the check existed, or without a PDF (a failed render).
      pdfUa,
    },
    performance: {
      templateLoadMs: ms(input.timings?.templateLoadMs),
      dataBindingMs: ms(input.timings?.dataBindingMs),
      layoutMs: ms(input.timings?.layoutMs),
      postProcessingMs: ms(input.timings?.postProcessingMs),
      captureInRenderMs: ms(f?.captureMs),
      pdfUaCheckMs: ms(f?.pdfUaCheckMs),
      assembleMs: 0,
      totalMs: ms(input.timings?.totalMs),
    },
    messages,
    summary: {
      errors: messages.filter((m) => m.severity === "error").length,
      warnings: messages.filter((m) => m.severity === "warning").length,
      infos: messages.filter((m) => m.severity === "info").length,
    },
  };
  trace.performance.assembleMs = ms(performance.now() - t0)!;
  return trace;
}

export type Trace = ReturnType<typeof assembleTrace>;
