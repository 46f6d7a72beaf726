import { z } from "zod";
import { portalRoles } from "@/lib/auth/portal-token";
import { fieldSchema } from "@/lib/templates/front-matter";
import { answerOf } from "@/lib/openapi/answer";
import type { advanceWorkflow } from "./advance-workflow";
import type { listCallbackAttempts } from "./callback/list-callback-attempts";
import type { cancelWorkflow } from "./cancel-workflow";
import type { approveWorkflow, rejectWorkflow } from "./approval/decide-workflow";
import type { escalateByCaller } from "./approval/escalate-workflow";
import type { fixValidation } from "./validation/fix-validation";
import type { governanceDecision } from "./approval/governance-decision";
import type { listActivity } from "./list-activity";
import type { listWorkflows } from "./list-workflows";
import type { portalBootstrap } from "./portal/portal-bootstrap";
import type { sendOtp } from "./otp/send-otp";
import type { verifyOtp } from "./otp/verify-otp";
import type { workflowStatus } from "./present-workflow";
import type { requestChanges } from "./approval/request-changes";
import type { requestSealByCaller } from "./sealing/request-seal";
import type { resendInvite } from "./portal/resend-invite";
import type { saveStep } from "./portal/save-step";
import { ruleSchema } from "./schema/schema-format";
import { signingAnswer } from "@/lib/signing/answer-schemas";
import type { statusWithSigning } from "@/lib/signing/signers/status-with-signing";
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
  statusFields.extend({
    sealedFileName: z
      .string()
      .nullable()
      .describe("The name GET …/sealed gives the finished PDF (…-sealed.pdf, or …-signed.pdf with e-signature), once there is one"),
    signing: signingAnswer.nullable().describe("null for a workflow without e-signature"),
  }),
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
  z.object({
    state,
    validationOutcome,
    validationResults: z.array(validationResult),
    currentStepIndex: z.int(),
    totalSteps: z.int(),
    version: z.int(),
  }),
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
    z.object({
      step: z.int(),
      stepTitle: z.string(),
      key: z.string(),
      label: z.string(),
      value: z.unknown(),
      updatedAt: instant.nullable(),
    }),
  ),
});

/** GET /api/workflow: newest first. */
export const workflowListAnswer = answerOf<Answer<typeof listWorkflows>>()(
  z.object({
    total: z.int(),
    limit: z.int(),
    offset: z.int(),
    workflows: z.array(
      statusFields.extend({
        title: z.string(),
        templatePath: z.string(),
        createdBy: z.string(),
        createdAt: instant,
        completedAt: instant.nullable(),
      }),
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

/** Fix-validation answers as advance does: where the participant is now, the failed results kept. */
export const fixValidationAnswer = answerOf<Answer<typeof fixValidation>>()(advanceAnswer);

/** A governance decision answers as approve and reject do. */
export const governanceDecisionAnswer = answerOf<Answer<typeof governanceDecision>>()(approveAnswer);

export const requestChangesAnswer = answerOf<Answer<typeof requestChanges>>()(
  z.object({ workflowId: z.uuid(), state, currentStepIndex: z.int(), changeRequests: z.array(changeRequest) }),
);

export const escalateAnswer = answerOf<Answer<typeof escalateByCaller>>()(
  z.object({
    workflowId: z.uuid(),
    state,
    currentApprovalStage: z.int(),
    escalatedTo: z.string().nullable().describe("The approver the pending approval moved to"),
    approvalRequestedAt: instant.nullable(),
  }),
);

export const sealAnswer = answerOf<Answer<typeof requestSealByCaller>>()(z.object({ workflowId: z.uuid(), state }));

export const resendInviteAnswer = answerOf<Answer<typeof resendInvite>>()(
  z.object({
    sent: z.int().describe("How many addresses the mail went to"),
    audience: z.enum(["participants", "approvers"]),
    nextAllowedAt: instant,
  }),
);

/** GET /api/workflow/{workflowId}/activity: every recorded change, oldest first. */
export const activityAnswer = answerOf<Answer<typeof listActivity>>()(
  z.object({
    workflowId: z.uuid(),
    events: z.array(
      z.object({ seq: z.int(), kind: z.string(), actor: z.string(), at: instant, detail: z.record(z.string(), z.unknown()) }),
    ),
  }),
);

/** GET /api/workflow/{workflowId}/callbacks: every delivery attempt, oldest first. */
export const callbacksAnswer = answerOf<Answer<typeof listCallbackAttempts>>()(
  z.object({
    workflowId: z.uuid(),
    callbackHost: z.string().nullable(),
    status: z.enum(["none", "pending", "delivered", "gave-up", "refused"]),
    attempts: z.array(
      z.object({
        messageId: z.string(),
        attemptNo: z.int(),
        at: instant,
        state: z.string().describe("The workflow's state the callback announced"),
        urlHost: z.string(),
        outcome: z.enum(["delivered", "retry", "gave-up", "refused"]),
        statusCode: z.int().nullable(),
        error: z.string().nullable(),
        durationMs: z.int(),
      }),
    ),
  }),
);

const fullBootstrapFields = {
  workflow: statusFields.extend({
    title: z.string(),
    organizationName: z.string().nullable(),
    locale: z.string(),
    requireOtp: z.boolean(),
    createdAt: instant,
    sealedFileName: z.string().nullable().describe("The name GET …/sealed gives the sealed PDF, once there is one"),
  }),
  role: z.enum(portalRoles),
  steps: z.array(
    z.object({
      stepIndex: z.int(),
      title: z.string(),
      description: z.string().nullable(),
      fields: z.array(fieldSchema),
      data: z.record(z.string(), z.unknown()),
      fieldUpdatedAt: z.record(z.string(), instant),
      updatedAt: instant.nullable(),
      changeRequests: z.array(changeRequest),
    }),
  ),
  rules: z.array(ruleSchema),
  validationResults: z.array(validationResult),
  validatedAt: instant.nullable(),
  changeRequests: z.array(changeRequest),
  signing: signingAnswer.nullable().describe("null for a workflow without e-signature; addresses masked for a participant"),
  otpRequired: z.boolean(),
  otpVerified: z.boolean().nullable().describe("null when the workflow needs no passcode"),
};

const participantBootstrap = z.object(fullBootstrapFields);

const reviewerBootstrap = z.object({
  ...fullBootstrapFields,
  reviewer: z
    .object({
      email: z.string(),
      stage: z.int(),
      mayDecide: z.boolean(),
      refusal: z
        .object({ code: z.string(), detail: z.string() })
        .nullable()
        .describe("Why this link may not decide, when the state would allow it"),
    })
    .nullable(),
  changesSinceReview: z.array(
    z.object({ fieldKey: z.string(), label: z.string(), stepIndex: z.int(), before: z.unknown(), after: z.unknown() }),
  ),
  approvalHistory: z.array(approvalEntry),
  approvalException: z
    .object({ justification: z.string(), failedRules: z.array(z.string()), stage: z.int(), by: z.string(), at: instant })
    .nullable(),
});

/** Before the passcode is verified (requireOtp), only what the gate page needs: no title, no schema, no data. */
const lockedPortalBootstrap = z.object({
  workflow: z.object({ workflowId: z.uuid(), state, organizationName: z.string().nullable(), requireOtp: z.literal(true) }),
  role: z.enum(portalRoles),
  otpRequired: z.literal(true),
  otpVerified: z.literal(false),
  otp: z.object({
    sentAt: instant.nullable(),
    expiresAt: instant.nullable(),
    nextSendAt: instant.nullable(),
    lockedUntil: instant.nullable(),
  }),
});

/** GET /api/workflow/{workflowId}: the portal page's bootstrap, a participant's, a reviewer's, or the passcode gate's. */
export const portalBootstrapAnswer = answerOf<Answer<typeof portalBootstrap>>()(
  z.union([reviewerBootstrap, participantBootstrap, lockedPortalBootstrap]),
);
