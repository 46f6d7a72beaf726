import { pdfResponse } from "@/lib/http/pdf-response";
import { methods, route } from "@/lib/http/route";
import { workflowIdParams } from "@/lib/workflow/api-schemas";
import { readSealed } from "@/lib/workflow/request-seal";

export const dynamic = "force-dynamic";

/** The sealed PDF: a bearer caller of the tenant, or the workflow's participant or reviewer portal token. */
const get = route({ auth: "bearer-or-portal", feature: "workflow", params: workflowIdParams }, async ({ principal, portal, params }) => {
  const { pdf, sha256, fileName } = await readSealed(principal?.tenant.id ?? portal!.tenantId, params.workflowId);
  return pdfResponse(pdf, { filename: fileName, headers: { "x-content-sha256": sha256 } });
});

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({ GET: get });
