import { consoleFile } from "@/lib/console/file-route";
import { sealedResponse } from "@/lib/workflow/request-seal";

export const dynamic = "force-dynamic";

export const GET = consoleFile((principal, { workflowId }) => sealedResponse(principal.tenant.id, workflowId), "workflow");
