import { methods, route } from "@/lib/http/route";
import { workflowIdParams } from "@/lib/workflow/api-schemas";
import { certificateChainAnswer } from "@/lib/workflow/signing/answer-schemas";
import { recheckCertificateChain } from "@/lib/workflow/signing/certificate-file";

export const dynamic = "force-dynamic";

const get = route(
  {
    auth: "bearer",
    feature: "workflow",
    params: workflowIdParams,
    summary: "Recheck the activity chain the certificate of completion records",
    responses: { 200: certificateChainAnswer },
    problems: ["workflow.not_found", "workflow.not_initiator", "esign.not_enabled", "esign.certificate_not_ready"],
  },
  ({ principal, params }) => recheckCertificateChain(principal, params.workflowId),
);

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({ GET: get });
