import type { PortalRole } from "@/lib/auth/portal-token";
import type { Workflow } from "@/lib/db/schema";
import { changesSinceReview } from "./approval/changes-since-review";
import { sealedFileName } from "./sealing/sealed-file-name";
import { DEFAULT_LOCALE } from "@/lib/i18n/locales";
import { stepUpdatedAt, stepValues } from "./schema/step-data";
import { isoMoment } from "@/lib/iso-moment";

/** Stages an approval has: the schema's, or one (the tenant's approvers) when the schema names none. */
export const totalApprovalStages = (wf: Workflow): number => Math.max(wf.schema.approval.stages.length, 1);

/** GET /api/workflow/{id}/status (docs/spec.md, "Workflow create request": status response), plus correlationId, version and updatedAt (and `signing`: status-with-signing.ts). */
export function workflowStatus(wf: Workflow) {
  return {
    workflowId: wf.id,
    correlationId: wf.correlationId,
    state: wf.state,
    currentStepIndex: wf.currentStepIndex,
    totalSteps: wf.schema.steps.length,
    validationOutcome: wf.validationOutcome,
    currentApprovalStage: wf.approvalStage,
    totalApprovalStages: totalApprovalStages(wf),
    version: wf.version,
    updatedAt: wf.updatedAt.toISOString(),
    sealedSha256: wf.sealedSha256,
    sealedAt: isoMoment(wf.sealedAt),
  };
}

/** Item of GET /api/workflow. */
export function workflowSummary(wf: Workflow) {
  return {
    ...workflowStatus(wf),
    title: wf.title,
    templatePath: wf.templatePath,
    createdBy: wf.createdBy,
    createdAt: wf.createdAt.toISOString(),
    completedAt: isoMoment(wf.completedAt),
  };
}

/** The step entity: what PATCH answers and what the bootstrap lists per step. */
export function stepEntity(wf: Workflow, stepIndex: number) {
  const stored = wf.data[stepIndex];
  return {
    stepIndex,
    title: wf.schema.steps[stepIndex].title,
    data: stepValues(stored),
    fieldUpdatedAt: Object.fromEntries(Object.entries(stored ?? {}).map(([k, v]) => [k, v.updatedAt])),
    updatedAt: stepUpdatedAt(stored),
    version: wf.version,
  };
}

/** What a reviewer link may do, for the reviewer page: decide only when the server would accept it. */
export interface ReviewerView {
  email: string;
  stage: number;
  mayDecide: boolean;
  /** Why not, in words, when the state would allow a decision but this link may not make it. */
  refusal: { code: string; detail: string } | null;
}

/**
 * GET /api/workflow/{id}?token=…: everything the portal needs to draw the session: the instance, each
 * step with its fields and current data, the cross-field rules (the portal evaluates them with the
 * same JSON Logic library), the last validation and the change requests (all, and per step those of
 * its fields). A reviewer also gets what changed since the last review, the approval history, any
 * exception and what its link may do; a participant does not see the approvers' names and comments.
 */
export function bootstrapPayload(wf: Workflow, role: PortalRole, reviewer?: ReviewerView) {
  const common = {
    workflow: {
      ...workflowStatus(wf),
      title: wf.title,
      organizationName: wf.settings.organizationName ?? null,
      locale: wf.settings.locale ?? DEFAULT_LOCALE,
      requireOtp: wf.settings.requireOtp,
      createdAt: wf.createdAt.toISOString(),
      // The portal saves the sealed PDF under the name GET …/sealed gives it (it downloads through fetch, so it names the file itself).
      sealedFileName: wf.sealedKey ? sealedFileName(wf) : null,
    },
    role,
    steps: wf.schema.steps.map((s, i) => {
      const { stepIndex, data, fieldUpdatedAt, updatedAt } = stepEntity(wf, i);
      const changeRequests = wf.changeRequests.filter((c) => c.stepIndex === i);
      return {
        stepIndex,
        title: s.title,
        description: s.description ?? null,
        fields: s.fields,
        data,
        fieldUpdatedAt,
        updatedAt,
        changeRequests,
      };
    }),
    rules: wf.schema.rules,
    validationResults: wf.validationResults,
    validatedAt: isoMoment(wf.validatedAt),
    changeRequests: wf.changeRequests,
  };
  if (role === "participant") return common;
  return {
    ...common,
    reviewer: reviewer ?? null,
    changesSinceReview: changesSinceReview(wf),
    approvalHistory: wf.approvalHistory,
    approvalException: wf.approvalException,
  };
}
