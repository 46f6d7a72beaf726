import { z } from "zod";
import { answerOf } from "@/lib/openapi/answer";
import type { BatchCheck } from "./check-batch";
import type { batchActivity, listDocuments } from "./documents";
import type { batchDetail, batchSummary } from "./present-batch";
import { resolvedSchema } from "./resolve-distribution";
import { batchStates } from "./states";

const instant = z.iso.datetime();
const readiness = z.enum(["READY", "PARTIAL", "INVALID"]);

const summaryFields = {
  batchId: z.uuid(),
  state: z.enum(batchStates),
  dispatchReadiness: readiness,
  title: z.string(),
  documentCount: z.int(),
  readyCount: z.int().describe("Records ready or with warnings at intake"),
  failedCount: z.int().describe("Invalid at intake plus failed in processing"),
  warningCount: z.int(),
  createdAt: instant,
};

/** docs/spec.md, "Batch summary". */
export const batchSummaryAnswer = answerOf<ReturnType<typeof batchSummary>>()(
  z.object({ ...summaryFields, activityItemId: z.uuid(), updatedAt: instant }),
);

export const batchListAnswer = z.object({
  total: z.int(),
  limit: z.int(),
  offset: z.int(),
  batches: z.array(batchSummaryAnswer).describe("Newest first"),
});

/** docs/spec.md, "Batch detail", plus correlationId, approvers, startedAt, distribution, sourceSystem, documentId and templateVersion. */
export const batchDetailAnswer = answerOf<ReturnType<typeof batchDetail>>()(
  z.object({
    ...summaryFields,
    correlationId: z.string(),
    templatePath: z.string(),
    templateVersion: z.string().describe("SHA-256 of the template file at intake: the version every document renders"),
    processedCount: z.int(),
    errorCount: z.int(),
    submittedBy: z.string(),
    approvedBy: z.string().nullable(),
    approvers: z.array(z.string()),
    decidedAt: instant.nullable(),
    queuedAt: instant.nullable(),
    startedAt: instant.nullable(),
    completedAt: instant.nullable(),
    decisionComments: z.string().nullable(),
    validationResults: z
      .array(
        z.object({
          index: z.int(),
          status: z.enum(["warning", "invalid"]),
          outcome: z.enum(["DISPATCH_READY", "INVALID"]),
          messages: z.array(z.string()).describe("What is wrong with the record, or worth a look, one sentence each"),
        }),
      )
      .describe("The records that have messages"),
    distribution: resolvedSchema,
    sourceSystem: z.string().nullable(),
    documentId: z.string().nullable(),
  }),
);

export const decideAnswer = z.object({ batchId: z.uuid(), state: z.enum(batchStates), decidedAt: instant.nullable() });

/** The headers of render's receipt answer (docs/spec.md, "Batch dispatch": response headers of POST /api/render). */
export const receiptHeaders = {
  "X-Svc-BatchId": "The batch's id",
  "X-Svc-CorrelationId": "The batch's correlation id (percent-encoded where not visible ASCII)",
  "X-Svc-DispatchReadiness": "READY, PARTIAL or INVALID",
  "X-Svc-Idempotent-Replay": "true when options.correlationId named an existing batch, whose receipt this is",
};

export const cancelBatchAnswer = z.object({ batchId: z.uuid(), state: z.enum(batchStates) });

const ms = z.number();

/** GET /api/dispatch/batch/{batchId}/documents. */
export const documentsAnswer = answerOf<Awaited<ReturnType<typeof listDocuments>>>()(
  z.object({
    batchId: z.uuid(),
    total: z.int(),
    documents: z.array(
      z.object({
        index: z.int(),
        correlationId: z.string(),
        documentId: z.string().nullable(),
        fileName: z.string(),
        status: z.enum(["pending", "rendered", "failed"]),
        error: z.string().nullable(),
        byteSize: z.int().nullable(),
        renderedAt: instant.nullable(),
        timings: z
          .object({ templateLoadMs: ms, dataBindingMs: ms, layoutMs: ms, postProcessingMs: ms, totalMs: ms })
          .nullable()
          .describe("The pipeline's stage times in ms"),
      }),
    ),
  }),
);

/** GET /api/dispatch/activity?batchId=…: the batch's activity item, then one per record. */
export const batchActivityAnswer = answerOf<Awaited<ReturnType<typeof batchActivity>>>()(
  z.object({
    batchId: z.uuid(),
    total: z.int(),
    items: z.array(
      z.object({
        activityItemId: z.uuid(),
        kind: z.enum(["batch", "record"]),
        referenceId: z.uuid().nullable().describe("The batch's id"),
        correlationId: z.string(),
        title: z.string(),
        status: z.string(),
        detail: z.unknown(),
        createdAt: instant,
        updatedAt: instant,
      }),
    ),
  }),
);

const finding = z.object({
  field: z.string().describe("The field or setting it is about"),
  severity: z.enum(["error", "warning"]),
  message: z
    .string()
    .describe('The line as the receipt\'s API fields give it, naming the field by its key ("amountDue: must be a number")'),
  text: z
    .string()
    .describe('The same finding as a person reads it, naming the field by its label ("Amount due must be a number"): what to show people'),
});

/** POST /api/dispatch/batch/check (not in the spec). */
export const batchCheckAnswer = answerOf<BatchCheck>()(
  z.object({
    templatePath: z.string(),
    templateTitle: z.string(),
    format: z.enum(["json", "csv", "jsonl"]).describe("json when dataSource was given; csv or jsonl as recordsText was read"),
    readiness,
    counts: z
      .object({ total: z.int(), ready: z.int(), warning: z.int(), invalid: z.int() })
      .describe("The receipt's three classes: a record with warnings is not also counted ready"),
    unknownColumns: z.array(z.string()).describe("Columns or keys that name no field: kept with the records, not checked"),
    records: z.array(
      z.object({
        index: z.int(),
        status: z.enum(["ready", "warning", "invalid"]),
        findings: z.array(finding).describe("Errors first, then warnings, as the receipt lists them"),
        fileName: z.string().nullable(),
        documentId: z.string().nullable(),
      }),
    ),
    dataSource: z
      .array(z.record(z.string(), z.unknown()))
      .optional()
      .describe("The records read from recordsText, ready to send as POST /api/render's dataSource"),
  }),
);
