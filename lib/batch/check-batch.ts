import { z } from "zod";
import { env } from "@/lib/env";
import { AppError } from "@/lib/http/problem";
import { loadTemplate } from "@/lib/templates/load-template";
import { distributionSettingsSchema } from "@/lib/templates/front-matter";
import { recordsFromText, recordsProblemText, unknownKeys } from "./records-from-text";
import { resolveDistribution } from "./resolve-distribution";
import { checkRecords, type IntakeCheck } from "./validate-records";

/** Body of POST /api/dispatch/batch/check: what POST /api/render would take, or the records as text. */
export const batchCheckBody = z
  .object({
    templatePath: z.string().min(1).max(500),
    dataSource: z.array(z.record(z.string(), z.unknown()), { error: "dataSource must be an array of JSON objects" }).optional(),
    recordsText: z
      .string()
      .optional()
      .describe(
        "CSV (a header row naming fields by key or label; comma, semicolon or tab) or JSON Lines, as a spreadsheet exports it. Give this or dataSource.",
      ),
    templateSettings: z.object({ distribution: distributionSettingsSchema.optional() }).loose().default({}),
    options: z
      .object({ documentIdTemplate: z.string().min(1).max(500).optional() })
      .loose()
      .default({}),
  })
  .refine((b) => (b.dataSource === undefined) !== (b.recordsText === undefined), {
    message: "give either dataSource or recordsText",
    path: ["dataSource"],
  });

export type BatchCheckBody = z.infer<typeof batchCheckBody>;

export interface BatchCheck {
  templatePath: string;
  templateTitle: string;
  /** How the records were given: json (dataSource), csv or jsonl (recordsText). */
  format: "json" | "csv" | "jsonl";
  readiness: IntakeCheck["readiness"];
  counts: IntakeCheck["counts"];
  /** Columns or keys that name no field: kept with each record, not checked. */
  unknownColumns: string[];
  records: Array<{
    index: number;
    status: "ready" | "warning" | "invalid";
    /** The API's findings: `words` is for Sealpost's own pages and documents, not part of the answer. */
    findings: Array<Omit<IntakeCheck["records"][number]["findings"][number], "words">>;
    fileName: string | null;
    documentId: string | null;
  }>;
  /** The records read from recordsText, as POST /api/render takes them as dataSource; absent when dataSource was given. */
  dataSource?: Record<string, unknown>[];
}

/**
 * Intake's check without intake: the records are read and checked exactly as POST /api/render with
 * an array dataSource would check them (the same checkRecords, template and distribution), and
 * nothing is stored, rendered or mailed. A client shows the findings before it sends.
 */
export async function checkBatch(body: BatchCheckBody): Promise<BatchCheck> {
  const template = await loadTemplate(body.templatePath);
  let records: Record<string, unknown>[];
  let format: BatchCheck["format"] = "json";
  let unknownColumns: string[] = [];
  if (body.recordsText !== undefined) {
    const read = recordsFromText(body.recordsText, template.fields);
    if (read.problems.length) {
      const problems = read.problems.map(recordsProblemText);
      throw new AppError("batch.records_unreadable", problems.join("; "), { problems });
    }
    ({ records, format, unknownColumns } = read);
  } else {
    records = body.dataSource ?? [];
    unknownColumns = unknownKeys(records, template.fields);
  }
  if (records.length === 0) throw new AppError("batch.empty", recordsProblemText({ code: "noRecords" }));
  const max = env().BATCH_MAX_RECORDS;
  if (records.length > max)
    throw new AppError("batch.too_many_records", `A batch holds at most ${max} records; this one has ${records.length}`, {
      maxRecords: max,
      records: records.length,
    });

  const distribution = resolveDistribution(template.distribution, body.templateSettings.distribution);
  const check = await checkRecords(template, records, distribution, body.options.documentIdTemplate);
  return {
    templatePath: body.templatePath,
    templateTitle: template.title,
    format,
    readiness: check.readiness,
    counts: check.counts,
    unknownColumns,
    records: check.records.map(({ index, status, findings, fileName, documentId }) => ({
      index,
      status,
      findings: findings.map(({ field, severity, message, text }) => ({ field, severity, message, text })),
      fileName,
      documentId,
    })),
    ...(body.recordsText !== undefined ? { dataSource: records } : {}),
  };
}
