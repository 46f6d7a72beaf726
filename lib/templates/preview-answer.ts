import { z } from "zod";
import { answerOf } from "@/lib/openapi/answer";
import type { Preview } from "./preview";

/** POST /api/templates/preview (not in the spec). */
export const previewAnswer = answerOf<Preview>()(
  z.object({
    templatePath: z.string().describe("`preview.md` for a template given as text"),
    title: z.string(),
    locale: z.string(),
    fields: z
      .array(
        z.object({
          key: z.string(),
          label: z.string(),
          type: z.string(),
          required: z.boolean(),
          options: z.array(z.union([z.string(), z.number()])).optional(),
        }),
      )
      .describe("The template's fields, to make a form of"),
    pageCount: z.int(),
    byteSize: z.int(),
    pdf: z.base64().describe("The rendered PDF"),
    findings: z.array(
      z.object({
        severity: z.enum(["error", "warning", "info"]),
        code: z.string(),
        message: z.string(),
        line: z.int().optional(),
        field: z.string().optional(),
      }),
    ),
    conditions: z.array(
      z.object({
        kind: z.enum(["if", "unless"]),
        expression: z.string(),
        held: z.boolean(),
        line: z.int().optional(),
        column: z.int().optional(),
      }),
    ),
    accessibility: z.object({
      headings: z.enum(["PASS", "FAIL", "NONE"]),
      contrast: z.string().nullable(),
      altTextCoveragePercent: z.number().nullable(),
      pdfUa: z
        .object({
          result: z.enum(["PASS", "FAIL"]).describe("The PDF against the PDF/UA-1 rules a machine can decide"),
          failedRules: z
            .array(z.string())
            .describe(
              "veraPDF's ids of the rules that fail, such as 7.4.2-1 (heading levels); a finding a11y.pdf_ua_rule_failed says more",
            ),
        })
        .nullable(),
    }),
  }),
);
