import { methods, route } from "@/lib/http/route";
import { callbacksAnswer } from "@/lib/workflow/answer-schemas";
import { workflowIdParams } from "@/lib/workflow/api-schemas";
import { listCallbackAttempts } from "@/lib/workflow/callback/list-callback-attempts";
import { md } from "@/lib/openapi/markdown";

export const dynamic = "force-dynamic";

const get = route(
  {
    auth: "bearer",
    feature: "workflow",
    params: workflowIdParams,
    summary: "The callback attempts of a workflow",
    description: md(
      "Not in the spec. `{workflowId, callbackHost, status, attempts: [{messageId, attemptNo, at, state, urlHost, outcome, statusCode, error, durationMs}]}`, oldest first; `outcome` is `delivered`, `retry`, `gave-up` or `refused`; `status` is `none` (no callbackUrl, or no terminal state yet), `pending`, or the last attempt's final outcome. How callbacks are signed, retried and guarded is in the area.",
    ),
    responses: { 200: callbacksAnswer },
  },
  ({ principal, params }) => listCallbackAttempts(principal.tenant.id, params.workflowId),
);

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({ GET: get });
