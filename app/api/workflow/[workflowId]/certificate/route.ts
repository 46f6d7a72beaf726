import { storedPdfResponse } from "@/lib/http/pdf-response";
import { methods, route } from "@/lib/http/route";
import { workflowIdParams } from "@/lib/workflow/api-schemas";
import { readCertificate } from "@/lib/signing/certificate/certificate-file";
import { md } from "@/lib/openapi/markdown";

export const dynamic = "force-dynamic";

const get = route(
  {
    auth: "bearer",
    feature: "workflow",
    params: workflowIdParams,
    summary: "The certificate of completion",
    description: md(
      "The initiator, an approver who approved the workflow (they answer for what was signed), or an admin, else 403 `workflow.not_initiator`: it lists every signer's IP address and user agent. The certificate of completion, a PDF signed with the tenant's key (`X-Content-SHA256`, `X-Activity-Chain-Head`). 409 `esign.certificate_not_ready` while signers are still signing, and with `Retry-After: 5` in the moment between the end of signing and the certificate being stored; 409 `esign.not_enabled`. When it is made is in the area.",
    ),
    responses: {
      200: {
        contentType: "application/pdf",
        headers: {
          "X-Content-SHA256": "SHA-256 of the file",
          "X-Activity-Chain-Head": "The head of the activity chain the certificate records",
        },
      },
    },
  },
  async ({ principal, params }) => {
    const cert = await readCertificate(principal, params.workflowId);
    return storedPdfResponse(cert, { "x-activity-chain-head": cert.chainHead });
  },
);

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({ GET: get });
