import { z } from "zod";
import { answerOf } from "@/lib/openapi/answer";
import type { advanceWorkflow } from "./advance-workflow";
import type { cancelWorkflow } from "./cancel-workflow";
import type { approveWorkflow, rejectWorkflow } from "./decide-workflow";
import type { listWorkflows } from "./list-workflows";
import type { sendOtp } from "./otp/send-otp";
import type { verifyOtp } from "./otp/verify-otp";
import type { workflowStatus } from "./present-workflow";
import type { saveStep } from "./save-step";
import { signingAnswer } from "./signing/answer-schemas";
import type { statusWithSigning } from "./signing/status-with-signing";
import { workflowStates } from "./states";

type Answer<F extends (...args: never[]) => unknown> = Awaited<ReturnType<F>>;

const instant = z.iso.datetime();
const state = z.enum(workflowStates);
const validationOutcome = z.enum(["passed", "failed"]).nullable();

/** POST /api/workflow: 201 when created, 200 when `correlationId` named an existing workflow (`idempotent: true`). */
export const createWorkflowAnswer = z.object({
  workflowId: z.uuid(),
  correlationId: z.string(),
  state,
  portalUrl: z.url().describe("The participant's portal link; it holds their portal token"),
  idempotent: z.boolean(),
});

const statusFields = answerOf<ReturnType<typeof workflowStatus>>()(
  z.object({
    workflowId: z.uuid(),
    correlationId: z.string(),
    state,
    currentStepIndex: z.int(),
    totalSteps: z.int(),
    validationOutcome,
    currentApprovalStage: z.int().describe("1-based; 0 before approval"),
    totalApprovalStages: z.int(),
    version: z.int().describe("Changes with every write; send it back on a step save to detect a concurrent change"),
    updatedAt: instant,
    sealedSha256: z.string().nullable(),
    sealedAt: instant.nullable(),
  }),
);

export const workflowStatusAnswer = answerOf<Answer<typeof statusWithSigning>>()(
  statusFields.extend({ signing: signingAnswer.nullable().describe("null for a workflow without e-signature") }),
);

export const saveStepAnswer = answerOf<Answer<typeof saveStep>>()(
  z.object({
    stepIndex: z.int(),
    title: z.string(),
    data: z.record(z.string(), z.unknown()),
    fieldUpdatedAt: z.record(z.string(), instant),
    updatedAt: instant.nullable(),
    version: z.int(),
  }),
);

const validationResult = z.object({
  ruleId: z.string(),
  passed: z.boolean(),
  severity: z.enum(["error", "warning"]),
  message: z.string(),
  fieldKey: z.string(),
  stepIndex: z.int(),
});

export const advanceAnswer = answerOf<Answer<typeof advanceWorkflow>>()(
  z.object({ state, validationOutcome, validationResults: z.array(validationResult), currentStepIndex: z.int(), totalSteps: z.int(), version: z.int() }),
);

const changeRequest = z.object({
  id: z.string(),
  message: z.string(),
  fieldKey: z.string().nullable(),
  stepIndex: z.int().nullable(),
  severity: z.enum(["info", "warning", "error"]),
  category: z.string().nullable(),
  dueDate: z.string().nullable(),
  requestedAt: instant,
});

const approvalEntry = z.object({
  action: z.enum(["approved", "approved-with-exception", "rejected", "changes-requested", "escalated", "seal-requested"]),
  stage: z.int(),
  by: z.string(),
  comment: z.string().nullable(),
  at: instant,
  to: z.string().optional().describe("escalated: the approver the pending approval moved to"),
  changes: z.array(changeRequest).optional(),
});

export const approveAnswer = answerOf<Answer<typeof approveWorkflow>>()(
  z.object({
    workflowId: z.uuid(),
    correlationId: z.string(),
    state,
    currentApprovalStage: z.int(),
    approvalHistory: z.array(approvalEntry),
    completedAt: instant.nullable(),
  }),
);

/** GET /api/workflow/{workflowId}/export?format=json (format=csv has the rows' columns as a header row). */
export const exportAnswer = z.object({
  workflowId: z.uuid(),
  correlationId: z.string(),
  state,
  exportedAt: instant,
  rows: z.array(
    z.object({ step: z.int(), stepTitle: z.string(), key: z.string(), label: z.string(), value: z.unknown(), updatedAt: instant.nullable() }),
  ),
});

/** GET /api/workflow: newest first. */
export const workflowListAnswer = answerOf<Answer<typeof listWorkflows>>()(
  z.object({
    total: z.int(),
    limit: z.int(),
    offset: z.int(),
    workflows: z.array(
      statusFields.extend({ title: z.string(), templatePath: z.string(), createdBy: z.string(), createdAt: instant, completedAt: instant.nullable() }),
    ),
  }),
);

export const cancelWorkflowAnswer = answerOf<Answer<typeof cancelWorkflow>>()(
  z.object({ workflowId: z.uuid(), correlationId: z.string(), state, completedAt: instant.nullable() }),
);

/** Approve and reject answer alike: the workflow's approval state after the decision. */
export const rejectAnswer = answerOf<Answer<typeof rejectWorkflow>>()(approveAnswer);

export const otpSentAnswer = answerOf<Answer<typeof sendOtp>>()(
  z.object({ sent: z.boolean(), expiresAt: instant, nextSendAt: instant, to: z.string().describe("The address, masked") }),
);

export const otpVerifiedAnswer = answerOf<Answer<typeof verifyOtp>>()(z.object({ verified: z.boolean(), workflowId: z.uuid() }));
