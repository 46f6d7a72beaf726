import { methods, route } from "@/lib/http/route";
import { sealAnswer } from "@/lib/workflow/answer-schemas";
import { workflowIdParams } from "@/lib/workflow/api-schemas";
import { requestSealByCaller } from "@/lib/workflow/request-seal";

export const dynamic = "force-dynamic";

const post = route(
  {
    auth: "bearer",
    feature: "workflow",
    params: workflowIdParams,
    summary: "Seal the workflow's document now",
    responses: { 200: sealAnswer },
    problems: ["workflow.not_found", "workflow.invalid_state", "workflow.not_initiator"],
  },
  ({ principal, params }) => requestSealByCaller(principal, params.workflowId),
);

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({ POST: post });
