import type { Workflow } from "@/lib/db/schema";
import { newId } from "@/lib/ids";
import type { WorkflowSchema } from "@/lib/workflow/schema/schema-format";

const T0 = new Date("2026-03-02T09:00:00.000Z");

/** A workflow row of tenant acme in pending-approval at stage 1 of one stage (stage@acme.test, escalate after 4 days), for unit tests that write it directly. */
export function workflowRow(over: Partial<Workflow> = {}): Workflow {
  const schema: WorkflowSchema = {
    source: null,
    steps: [{ title: "Only", fields: [{ key: "name", label: "Name", type: "string", required: false, severity: "error" }] }],
    rules: [],
    approval: { stages: [["stage@acme.test"]], escalateAfterDays: 4 },
    autoValidateOnCreate: false,
  } as WorkflowSchema;
  return {
    id: newId(),
    tenantId: "acme",
    correlationId: newId(),
    title: "Leave request",
    templatePath: "workflow/leave.md",
    templateVersion: "0".repeat(64),
    schema,
    settings: { recipients: [], requireOtp: false, options: {} },
    state: "pending-approval",
    currentStepIndex: 0,
    data: [{}],
    version: 1,
    validationOutcome: "passed",
    validationResults: [],
    validatedAt: T0,
    approvalStage: 1,
    approvalHistory: [],
    changeRequests: [],
    escalatedTo: [],
    approvalRequestedAt: T0,
    reminderSentAt: null,
    reviewSnapshot: null,
    approvalException: null,
    sealedKey: null,
    documentRevision: null,
    documentKey: null,
    documentSha256: null,
    sealedSha256: null,
    sealedAt: null,
    callbackUrl: null,
    createdBy: "init@acme.test",
    createdAt: T0,
    updatedAt: T0,
    completedAt: null,
    ...over,
  };
}
