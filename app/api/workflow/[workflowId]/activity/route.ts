import { methods, route } from "@/lib/http/route";
import { activityAnswer } from "@/lib/workflow/answer-schemas";
import { workflowIdParams } from "@/lib/workflow/api-schemas";
import { listActivity } from "@/lib/workflow/list-activity";
import { md } from "@/lib/openapi/markdown";

export const dynamic = "force-dynamic";

const get = route(
  {
    auth: "bearer",
    feature: "workflow",
    params: workflowIdParams,
    summary: "A workflow's activity",
    description: md(
      "Not in the spec. `{workflowId, events: [{seq, kind, actor, at, detail}]}`, oldest first; the kinds and actors are listed in the area. Addresses the events name (`invite.resent`) are shown to bearer callers only.",
    ),
    responses: { 200: activityAnswer },
  },
  ({ principal, params }) => listActivity(principal.tenant.id, params.workflowId),
);

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({ GET: get });
