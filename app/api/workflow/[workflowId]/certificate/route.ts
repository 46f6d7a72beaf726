import { methods, route } from "@/lib/http/route";
import { workflowIdParams } from "@/lib/workflow/api-schemas";
import { certificateResponse } from "@/lib/workflow/signing/certificate-file";

export const dynamic = "force-dynamic";

const get = route(
  {
    auth: "bearer",
    feature: "workflow",
    params: workflowIdParams,
    summary: "The certificate of completion",
    responses: { 200: { contentType: "application/pdf", headers: { "X-Content-SHA256": "SHA-256 of the file", "X-Activity-Chain-Head": "The head of the activity chain the certificate records" } } },
    problems: ["workflow.not_found", "workflow.not_initiator", "esign.not_enabled", "esign.certificate_not_ready"],
  },
  ({ principal, params }) => certificateResponse(principal, params.workflowId),
);

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({ GET: get });
