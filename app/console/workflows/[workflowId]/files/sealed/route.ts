import { consoleFile } from "@/lib/console/file-route";
import { methods } from "@/lib/http/route";
import { sealedResponse } from "@/lib/workflow/sealing/read-sealed";

export const dynamic = "force-dynamic";

const get = consoleFile((principal, { workflowId }) => sealedResponse(principal.tenant.id, workflowId), "workflow");

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({ GET: get });
