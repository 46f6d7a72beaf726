import { methods, route } from "@/lib/http/route";
import { workflowStatusAnswer } from "@/lib/workflow/answer-schemas";
import { workflowIdParams } from "@/lib/workflow/api-schemas";
import { statusWithSigning } from "@/lib/workflow/signing/status-with-signing";

export const dynamic = "force-dynamic";

const get = route(
  {
    auth: "bearer-or-portal",
    feature: "workflow",
    params: workflowIdParams,
    summary: "A workflow's status, with its signing progress",
    description: "A participant's portal token gets the signers' addresses masked.",
    responses: { 200: workflowStatusAnswer },
    problems: ["workflow.not_found"],
  },
  async ({ principal, portal, params }) =>
    statusWithSigning(principal?.tenant.id ?? portal!.tenantId, params.workflowId, { mask: portal?.role === "participant" }),
);

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({ GET: get });
