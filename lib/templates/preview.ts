import type { Words } from "@/lib/i18n/words";
import { z } from "zod";
import type { Principal } from "@/lib/auth/bearer";
import { assembleTrace, type TraceMessage } from "@/lib/explain/assemble-trace";
import type { ConditionFact } from "@/lib/explain/facts";
import { newId } from "@/lib/ids";
import { renderFromTemplate } from "@/lib/pdf/render-pool";
import { loadTemplate, parseTemplate } from "./load-template";
import type { Template } from "./types";
import { normalizeValues } from "./normalize-value";
import { validateRecord } from "./validate-record";

/** The name a template given as text goes by in messages ("preview.md line 12: …"). */
const INLINE_NAME = "preview.md";

export const previewBody = z
  .object({
    templatePath: z.string().min(1).max(500).optional().describe("A template under TEMPLATES_DIR"),
    template: z
      .string()
      .min(1)
      .max(200_000)
      .optional()
      .describe("Or a template's whole text (front matter and body), as an author edits it; nothing is saved"),
    record: z.record(z.string(), z.unknown()).default({}).describe("One record, as an element of dataSource"),
  })
  .refine((b) => (b.templatePath === undefined) !== (b.template === undefined), {
    message: "give either templatePath or template",
    path: ["templatePath"],
  });

export type PreviewBody = z.infer<typeof previewBody>;

/** What an author sees beside the pages: the record's checks, then the explain trace's findings. */
export interface PreviewFinding {
  severity: "error" | "warning" | "info";
  code: string;
  message: string;
  /** The template file's line, where the finding has one. */
  line?: number;
  /** The record field, for the record's own checks. */
  field?: string;
  /**
   * The message in any language (lib/i18n/words-text.ts), for pages: a record check's (`finding.*`) or
   * a trace message's Sealpost writes (`trace.*`). The API's answer leaves it out.
   */
  words?: Words;
}

export interface Preview {
  templatePath: string;
  title: string;
  locale: string;
  fields: Array<{ key: string; label: string; type: string; required: boolean; options?: Array<string | number> }>;
  pageCount: number;
  byteSize: number;
  /** The rendered PDF, base64: one answer holds the pages and what was found in them. */
  pdf: string;
  findings: PreviewFinding[];
  conditions: ConditionFact[];
  /** The explain scorecard's three checks: NONE where there was nothing to check. */
  accessibility: {
    headings: "PASS" | "FAIL" | "NONE";
    contrast: string | null;
    altTextCoveragePercent: number | null;
    pdfUa: { result: "PASS" | "FAIL"; failedRules: string[] } | null;
  };
}

/**
 * Renders one record through a template, saved or given as text, with the explain capture on, and
 * answers the PDF with the record's checks and the trace's findings (missing values, layout,
 * contrast, headings, alt text). Nothing is stored: no batch, no trace, no document.
 */
export async function previewTemplate(principal: Principal, body: PreviewBody): Promise<Preview> {
  const template: Template =
    body.template !== undefined ? await parseTemplate(INLINE_NAME, body.template) : await loadTemplate(body.templatePath!);
  const record = normalizeValues(template.fields, body.record);
  const validation = validateRecord(template, record);
  const correlationId = newId();
  const result = await renderFromTemplate({
    templatePath: template.path,
    templateSource: body.template,
    record,
    meta: { correlationId, title: template.title, documentId: null },
    explain: true,
  });
  const trace = assembleTrace({
    correlationId,
    tenantId: principal.tenant.id,
    kind: "single",
    requestedBy: "preview",
    template: result.template ?? null,
    timings: result.timings,
    facts: result.explain ?? null,
    createdAt: new Date(),
  });
  const recordFindings: PreviewFinding[] = validation.issues.map((i) => ({
    severity: i.severity,
    code: i.severity === "error" ? "record.field_invalid" : "record.field_warning",
    message: i.text,
    field: i.fieldKey,
    words: i.words,
  }));
  const traceFindings: PreviewFinding[] = trace.messages.map((m: TraceMessage) => ({
    severity: m.severity,
    code: m.code,
    message: m.message,
    ...(m.line !== undefined ? { line: m.line } : {}),
    ...(m.words ? { words: m.words } : {}),
  }));
  return {
    templatePath: template.path,
    title: template.title,
    locale: template.locale,
    fields: template.fields.map((f) => ({
      key: f.key,
      label: f.label ?? f.key,
      type: f.type,
      required: f.required,
      ...(f.options ? { options: f.options } : {}),
    })),
    pageCount: trace.layout.pageCount,
    byteSize: result.pdf.byteLength,
    pdf: Buffer.from(result.pdf).toString("base64"),
    findings: [...recordFindings, ...traceFindings],
    conditions: result.explain?.binding.conditions ?? [],
    accessibility: {
      headings: trace.accessibility.headings.result,
      contrast: trace.accessibility.contrast.worst,
      altTextCoveragePercent: trace.accessibility.images.altCoveragePercent,
      pdfUa: trace.accessibility.pdfUa && {
        result: trace.accessibility.pdfUa.passed ? "PASS" : "FAIL",
        failedRules: trace.accessibility.pdfUa.failures.map((f) => f.rule),
      },
    },
  };
}

/** The preview as the API answers it: each finding's message in English, without the words pages translate. */
export const withoutWords = (preview: Preview): Preview => ({
  ...preview,
  findings: preview.findings.map(({ words: _words, ...finding }) => finding),
});
