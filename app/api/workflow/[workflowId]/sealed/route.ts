import { methods, route } from "@/lib/http/route";
import { workflowIdParams } from "@/lib/workflow/api-schemas";
import { sealedResponse } from "@/lib/workflow/request-seal";

export const dynamic = "force-dynamic";

/** The sealed PDF: a bearer caller of the tenant, or the workflow's participant or reviewer portal token. */
const get = route(
  {
    auth: "bearer-or-portal",
    feature: "workflow",
    params: workflowIdParams,
    summary: "The sealed PDF",
    responses: { 200: { contentType: "application/pdf", headers: { "X-Content-SHA256": "SHA-256 of the file" } } },
    problems: ["workflow.not_found", "workflow.not_sealed"],
  },
  ({ principal, portal, params }) =>
    sealedResponse(principal?.tenant.id ?? portal!.tenantId, params.workflowId),
);

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({ GET: get });
