import { consoleFile } from "@/lib/http/console-file";
import { storedPdfResponse } from "@/lib/http/pdf-response";
import { methods } from "@/lib/http/route";
import { readCertificate } from "@/lib/signing/certificate/certificate-file";

export const dynamic = "force-dynamic";

const get = consoleFile(async (principal, { workflowId }) => {
  const cert = await readCertificate(principal, workflowId);
  return storedPdfResponse(cert, { "x-activity-chain-head": cert.chainHead });
}, "workflow");

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({ GET: get });
