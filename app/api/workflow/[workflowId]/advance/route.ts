import { methods, route } from "@/lib/http/route";
import { advanceWorkflow } from "@/lib/workflow/advance-workflow";
import { workflowIdParams } from "@/lib/workflow/api-schemas";

export const dynamic = "force-dynamic";

const post = route({ auth: "portal", portalRoles: ["participant"], params: workflowIdParams }, ({ portal }) => advanceWorkflow(portal));

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({ POST: post });
