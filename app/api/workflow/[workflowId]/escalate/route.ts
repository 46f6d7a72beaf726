import { methods, route } from "@/lib/http/route";
import { workflowIdParams } from "@/lib/workflow/api-schemas";
import { escalateByCaller } from "@/lib/workflow/escalate-workflow";

export const dynamic = "force-dynamic";

const post = route({ auth: "bearer", feature: "workflow", params: workflowIdParams }, ({ principal, params }) => escalateByCaller(principal, params.workflowId));

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({ POST: post });
