import type { Principal } from "@/lib/auth/bearer";
import { getBlobStore } from "@/lib/blob/store";
import { insertMany } from "@/lib/db/insert-many";
import { getDb } from "@/lib/db/client";
import { createOnce } from "@/lib/db/idempotent-create";
import type { BatchValidationEntry } from "@/lib/db/json/batch";
import { activityItems, auditEvents, batches, batchRecords, type Batch, type NewBatch } from "@/lib/db/schema";
import { env } from "@/lib/env";
import { AppError } from "@/lib/http/problem";
import { explainSettings } from "@/lib/explain/settings";
import { requireFeature } from "@/lib/http/require-feature";
import { newId } from "@/lib/ids";
import { sendEvent } from "@/lib/jobs/send-event";
import { snapshotTemplate } from "@/lib/templates/snapshot";
import type { Template } from "@/lib/templates/types";
import { approverRefusal, chooseApprovers } from "./batch-approvers";
import { notifyApprovers } from "./notify-approvers";
import { buildReceipt, receiptKey } from "./receipt";
import type { RenderRequest } from "./request-schema";
import type { Distribution } from "./resolve-distribution";
import type { BatchState } from "./states";
import { checkRecords, type IntakeCheck } from "./validate-records";

export interface IntakeResult {
  batch: Batch;
  receipt: Uint8Array;
  /** True when the correlationId was seen before and the earlier batch is returned. */
  replayed: boolean;
}

/**
 * Records per INSERT. Each statement's rows are turned into one JSON text on the event loop without
 * a break (insertMany): 1,000 notice records are a few ms, yet a request's data may be far larger,
 * so the pause other requests see stays bounded by the chunk, not by the request.
 */
const INSERT_CHUNK = 1000;

/** POST /api/render with an array dataSource: validate, write the receipt, persist, notify or enqueue. */
export async function submitBatch(
  principal: Principal,
  request: RenderRequest,
  records: Record<string, unknown>[],
  template: Template,
  distribution: Distribution,
): Promise<IntakeResult> {
  requireFeature(principal, "batchDispatch");
  if (records.length === 0) throw new AppError("batch.empty", "dataSource holds no records");
  const max = env().BATCH_MAX_RECORDS;
  if (records.length > max) {
    throw new AppError("batch.too_many_records", `A batch holds at most ${max} records; this one has ${records.length}`, {
      maxRecords: max,
      records: records.length,
    });
  }
  const explain = explainSettings(principal.tenant, request, template);
  const tenantId = principal.tenant.id;
  const correlationId = request.options.correlationId ?? newId();
  return createOnce(
    batches,
    { tenantId, correlationId },
    () => intake({ principal, request, records, template, distribution, explain, correlationId }),
    replay,
  );
}

interface IntakeInput {
  principal: Principal;
  request: RenderRequest;
  records: Record<string, unknown>[];
  template: Template;
  distribution: Distribution;
  explain: ReturnType<typeof explainSettings>;
  correlationId: string;
}

/** A new batch: checked, its receipt stored, then written with its records, activity and first step. */
async function intake({ principal, request, records, template, distribution, explain, correlationId }: IntakeInput): Promise<IntakeResult> {
  const tenantId = principal.tenant.id;
  const submittedBy = request.options.generatedBy ?? principal.email ?? principal.subject;
  const options = { ...request.options, submitterEmail: principal.email, submitterSubject: principal.subject };
  // Never the submitter: a batch waits only on people allowed to decide it.
  const choice = chooseApprovers(distribution, principal.tenant.approvers, { submittedBy, options });
  const refusal = distribution.requireApproval ? approverRefusal(choice) : null;
  if (refusal) throw refusal;
  const check = await checkRecords(template, records, distribution, request.options.documentIdTemplate);
  const state: BatchState = check.readiness === "INVALID" ? "invalid" : distribution.requireApproval ? "pending-approval" : "queued";
  const now = new Date();
  const id = newId();
  const batch = {
    id,
    tenantId,
    correlationId,
    state,
    readiness: check.readiness,
    title: request.options.title ?? template.title,
    templatePath: template.path,
    templateVersion: template.version,
    locale: template.localeNamed ? template.locale : null,
    documentId: request.options.documentId,
    sourceSystem: request.options.sourceSystem,
    documentCount: check.counts.total,
    readyCount: check.counts.ready + check.counts.warning,
    failedCount: check.counts.invalid,
    warningCount: check.counts.warning,
    invalidCount: check.counts.invalid,
    submittedBy,
    approvers: choice.approvers,
    ...(state === "queued" ? { approvedBy: "auto-approved", decidedAt: now, queuedAt: now } : {}),
    validationResults: validationResults(check),
    distribution,
    options,
    activityItemId: newId(),
    receiptKey: receiptKey(tenantId, id),
    explainRequestedBy: explain.requestedBy,
    explainRetention: explain.retention,
    createdAt: now,
    updatedAt: now,
  } satisfies NewBatch;
  // What the approver approves is what gets rendered: the validated version is kept.
  if (state !== "invalid") await snapshotTemplate(template);
  // The receipt is stored before the batch is written, so a batch that exists always has its receipt
  // (a replay returns it), and a store that refuses it leaves nothing behind (the route answers 503).
  // It is not laid out beside the writes: that saves little and holds a transaction open while the
  // receipt queues behind other batches' renders.
  const receipt = await buildReceipt(batch, check, template, principal.tenant.defaultLocale);
  await getBlobStore().put(batch.receiptKey, receipt, "application/pdf");

  return { batch: await persist(batch, check), receipt, replayed: false };
}

/** Writes the batch with its records, activity and audit, and hands it on; returns the batch as stored. */
async function persist(values: NewBatch, check: IntakeCheck): Promise<Batch> {
  const db = await getDb();
  return db.transaction(async (tx) => {
    const [batch] = await tx.insert(batches).values(values).returning();
    if (batch.state !== "invalid") {
      const rows = check.records.map((r) => ({
        batchId: batch.id,
        recordIndex: r.index,
        tenantId: batch.tenantId,
        data: r.data,
        correlationId: newId(),
        documentId: r.documentId,
        fileName: r.fileName ?? `document-${r.index + 1}.pdf`,
      }));
      for (let i = 0; i < rows.length; i += INSERT_CHUNK) await insertMany(tx, batchRecords, rows.slice(i, i + INSERT_CHUNK));
    }
    await tx.insert(activityItems).values({
      id: batch.activityItemId,
      tenantId: batch.tenantId,
      kind: "batch",
      referenceId: batch.id,
      correlationId: batch.correlationId,
      title: batch.title,
      status: batch.state,
      detail: { documentCount: batch.documentCount, readiness: batch.readiness },
    });
    await tx.insert(auditEvents).values({
      tenantId: batch.tenantId,
      subjectType: "batch",
      subjectId: batch.id,
      action: "batch.submitted",
      actor: batch.submittedBy,
      detail: { state: batch.state, readiness: batch.readiness, documentCount: batch.documentCount },
    });
    if (batch.state === "pending-approval") await notifyApprovers(tx, batch);
    if (batch.state === "queued") {
      await sendEvent(tx, { name: "dispatch/batch.approved", data: { batchId: batch.id, tenantId: batch.tenantId }, id: batch.id });
    }
    return batch;
  });
}

function validationResults(check: IntakeCheck): BatchValidationEntry[] {
  return check.records
    .filter((r) => r.messages.length > 0)
    .map((r) => ({
      index: r.index,
      status: r.status === "invalid" ? "invalid" : "warning",
      outcome: r.status === "invalid" ? "INVALID" : "DISPATCH_READY",
      messages: r.messages,
      findings: r.findings.map((f) => f.words),
    }));
}

async function replay(batch: Batch): Promise<IntakeResult> {
  const receipt = batch.receiptKey ? await getBlobStore().get(batch.receiptKey) : null;
  if (!receipt) throw new AppError("internal", `The receipt of batch ${batch.id} is missing from the blob store`);
  return { batch, receipt, replayed: true };
}
