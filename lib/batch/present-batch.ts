import type { Batch } from "@/lib/db/schema";
import { isoMoment } from "@/lib/iso-moment";

/** Item of GET /api/dispatch/batch (docs/spec.md, "Batch summary"). */
export function batchSummary(b: Batch) {
  return {
    batchId: b.id,
    state: b.state,
    dispatchReadiness: b.readiness,
    title: b.title,
    documentCount: b.documentCount,
    readyCount: b.readyCount,
    failedCount: b.failedCount,
    warningCount: b.warningCount,
    activityItemId: b.activityItemId,
    createdAt: b.createdAt.toISOString(),
    updatedAt: b.updatedAt.toISOString(),
  };
}

/** GET /api/dispatch/batch/{batchId} (docs/spec.md, "Batch detail"), plus correlationId, approvers and distribution. */
export function batchDetail(b: Batch) {
  const { activityItemId: _a, updatedAt: _u, ...summary } = batchSummary(b);
  return {
    ...summary,
    correlationId: b.correlationId,
    templatePath: b.templatePath,
    templateVersion: b.templateVersion,
    processedCount: b.processedCount,
    errorCount: b.errorCount,
    submittedBy: b.submittedBy,
    approvedBy: b.approvedBy,
    approvers: b.approvers,
    decidedAt: isoMoment(b.decidedAt),
    queuedAt: isoMoment(b.queuedAt),
    startedAt: isoMoment(b.startedAt),
    completedAt: isoMoment(b.completedAt),
    decisionComments: b.decisionComments,
    // The findings' words are the console's: the API answers each record's English messages.
    validationResults: b.validationResults.map(({ findings: _findings, ...entry }) => entry),
    distribution: b.distribution,
    sourceSystem: b.sourceSystem,
    documentId: b.documentId,
  };
}
