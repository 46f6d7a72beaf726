import { consoleFile } from "@/lib/http/console-file";
import { storedPdfResponse } from "@/lib/http/pdf-response";
import { methods } from "@/lib/http/route";
import { readSealed } from "@/lib/workflow/sealing/read-sealed";

export const dynamic = "force-dynamic";

const get = consoleFile(
  async (principal, { workflowId }) => storedPdfResponse(await readSealed(principal.tenant.id, workflowId)),
  "workflow",
);

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({ GET: get });
