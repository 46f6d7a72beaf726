import { methods, route } from "@/lib/http/route";
import { workflowStatusAnswer } from "@/lib/workflow/answer-schemas";
import { workflowIdParams } from "@/lib/workflow/api-schemas";
import { statusWithSigning } from "@/lib/signing/signers/status-with-signing";
import { md } from "@/lib/openapi/markdown";

export const dynamic = "force-dynamic";

const get = route(
  {
    auth: "bearer-or-portal",
    feature: "workflow",
    params: workflowIdParams,
    summary: "A workflow's status, with its signing progress",
    description: md(
      "The spec's `{workflowId, state, currentStepIndex, totalSteps, validationOutcome, currentApprovalStage, totalApprovalStages}` plus `correlationId`, `version`, `updatedAt`, `sealedSha256`, `sealedAt` and `sealedFileName` (null until sealed; the name `GET …/sealed` gives the file). `currentApprovalStage` is 0 before approval and the 1-based stage awaiting approval from pending-approval on; `totalApprovalStages` is the schema's number of stages, or 1 when it names none (the tenant's approvers). `signing` as in the bootstrap: a participant's portal token gets the signers' addresses masked, bearer callers and reviewers see them whole. Readable by a participant token before its passcode is verified (state and step counts only).",
    ),
    responses: { 200: workflowStatusAnswer },
  },
  async ({ principal, portal, params }) =>
    statusWithSigning(principal?.tenant.id ?? portal!.tenantId, params.workflowId, { mask: portal?.role === "participant" }),
);

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({ GET: get });
