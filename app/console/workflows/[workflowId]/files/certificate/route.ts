import { consoleFile } from "@/lib/console/file-route";
import { methods } from "@/lib/http/route";
import { certificateResponse } from "@/lib/signing/certificate/certificate-file";

export const dynamic = "force-dynamic";

const get = consoleFile((principal, { workflowId }) => certificateResponse(principal, workflowId), "workflow");

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({ GET: get });
