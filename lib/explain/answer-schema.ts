import { z } from "zod";
import { answerOf } from "@/lib/openapi/answer";
import type { Trace } from "./assemble-trace";

const section = (description: string) => z.looseObject({}).describe(description);

/**
 * GET /api/explain/trace (`schema: "sealpost.explain-trace/1"`). The top level and the messages are
 * described in full; the sections' members are in the explain area's description (lib/openapi/descriptions/explain.ts, Trace JSON) and may grow.
 */
export const traceAnswer = answerOf<Trace>()(
  z.object({
    schema: z.literal("sealpost.explain-trace/1"),
    correlationId: z.string(),
    render: z.object({
      kind: z.enum(["single", "batch-record", "sealed-workflow"]),
      referenceId: z.string().nullable().describe("The batch or workflow id"),
      recordIndex: z.int().nullable(),
      requestedBy: z.string().describe("The setting that asked for the trace"),
    }),
    createdAt: z.iso.datetime(),
    retention: section("autoArchiveAfterDays, traceRetentionYears, archiveAfter, deleteAfter").nullable(),
    outcome: z.enum(["rendered", "failed"]),
    template: section("path, version (SHA-256 of the file), title, fields, loadMs").nullable(),
    dataBinding: section(
      "tokens (source, valueType, length, line, column), missing, empty, sections, conditions (kind, expression, held, line, column), valuesKeptLiteral, valuesCut, ms",
    ),
    layout: section(
      "pageCount, pages, events (wrapped-across-pages, moved-to-next-page, orphaned-heading, text-overflow, clipped, image-scaled, image-omitted), ms",
    ),
    styling: section("page and elements: every resolved style with where it came from").nullable(),
    accessibility: section(
      "headings, images, contrast (WCAG 2.x pairs and the worst level), PDF/UA rules (veraPDF ids of those that fail)",
    ),
    performance: z
      .record(z.string(), z.number().nullable())
      .describe(
        "templateLoadMs, dataBindingMs, layoutMs, postProcessingMs, totalMs (their sum), captureInRenderMs (inside binding and layout), pdfUaCheckMs and assembleMs (after the render, outside the total)",
      ),
    messages: z.array(
      z.object({
        severity: z.enum(["error", "warning", "info"]),
        code: z
          .string()
          .describe(
            "Stable: binding.missing, layout.text_overflow, a11y.contrast_insufficient, a11y.pdf_ua_rule_failed, render.failed, record.field_warning…",
          ),
        message: z.string(),
        line: z.int().optional(),
        elementId: z.string().optional(),
        recovery: z.string().optional().describe("What was done instead of failing"),
      }),
    ),
    summary: z.object({ errors: z.int(), warnings: z.int(), infos: z.int() }),
  }),
);
