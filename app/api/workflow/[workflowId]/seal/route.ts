import { methods, route } from "@/lib/http/route";
import { sealAnswer } from "@/lib/workflow/answer-schemas";
import { workflowIdParams } from "@/lib/workflow/api-schemas";
import { requestSealByCaller } from "@/lib/workflow/sealing/request-seal";
import { md } from "@/lib/openapi/markdown";

export const dynamic = "force-dynamic";

const post = route(
  {
    auth: "bearer",
    feature: "workflow",
    params: workflowIdParams,
    summary: "Seal the workflow's document now",
    description: md(
      'Only the initiator or an `admin` (403 `workflow.not_initiator`). From pending-approval it seals without the approval gate (the history records `seal-requested` by the caller); in sealing it sends the seal job again (retry of a failed or stuck seal). In-progress, validation-failed and changes-requested are never sealed (unvalidated data) and ended workflows stay ended: 409 `workflow.invalid_state`. Answers `{workflowId, state: "sealing"}`; the seal job does the rest (see the area).',
    ),
    responses: { 200: sealAnswer },
  },
  ({ principal, params }) => requestSealByCaller(principal, params.workflowId),
);

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({ POST: post });
