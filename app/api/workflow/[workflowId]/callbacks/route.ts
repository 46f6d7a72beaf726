import { methods, route } from "@/lib/http/route";
import { callbacksAnswer } from "@/lib/workflow/answer-schemas";
import { workflowIdParams } from "@/lib/workflow/api-schemas";
import { listCallbackAttempts } from "@/lib/workflow/callback/list-callback-attempts";

export const dynamic = "force-dynamic";

const get = route(
  {
    auth: "bearer",
    feature: "workflow",
    params: workflowIdParams,
    summary: "The callback attempts of a workflow",
    responses: { 200: callbacksAnswer },
    problems: ["workflow.not_found"],
  },
  ({ principal, params }) =>
    listCallbackAttempts(principal.tenant.id, params.workflowId),
);

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({ GET: get });
