import { methods, route } from "@/lib/http/route";
import { workflowIdParams } from "@/lib/workflow/api-schemas";
import { verifyWorkflowDocument } from "@/lib/workflow/signing/verify-workflow-document";

export const dynamic = "force-dynamic";

const get = route({ auth: "bearer", feature: "workflow", params: workflowIdParams }, ({ principal, params }) => verifyWorkflowDocument(principal.tenant.id, params.workflowId));

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({ GET: get });
