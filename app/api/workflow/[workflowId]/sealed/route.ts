import { storedPdfResponse } from "@/lib/http/pdf-response";
import { methods, route } from "@/lib/http/route";
import { workflowIdParams } from "@/lib/workflow/api-schemas";
import { readSealed } from "@/lib/workflow/sealing/read-sealed";
import { md } from "@/lib/openapi/markdown";

export const dynamic = "force-dynamic";

/** The sealed PDF: a bearer caller of the tenant, or the workflow's participant or reviewer portal token. */
const get = route(
  {
    auth: "bearer-or-portal",
    feature: "workflow",
    params: workflowIdParams,
    summary: "The sealed PDF",
    description: md(
      "Not in the spec. Any bearer caller of the tenant, or the workflow's participant or reviewer token, once complete; 409 `workflow.not_sealed` before. `X-Content-SHA256` is the SHA-256 the status reports as `sealedSha256`; `Content-Disposition` names the file as the bootstrap's `sealedFileName`. With e-signature this is the signed file.",
    ),
    responses: { 200: { contentType: "application/pdf", headers: { "X-Content-SHA256": "SHA-256 of the file" } } },
  },
  async ({ principal, portal, params }) => storedPdfResponse(await readSealed(principal?.tenant.id ?? portal!.tenantId, params.workflowId)),
);

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({ GET: get });
