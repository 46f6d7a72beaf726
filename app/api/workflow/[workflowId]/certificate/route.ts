import { methods, route } from "@/lib/http/route";
import { workflowIdParams } from "@/lib/workflow/api-schemas";
import { certificateResponse } from "@/lib/workflow/signing/certificate-file";

export const dynamic = "force-dynamic";

const get = route({ auth: "bearer", feature: "workflow", params: workflowIdParams }, ({ principal, params }) => certificateResponse(principal, params.workflowId));

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({ GET: get });
