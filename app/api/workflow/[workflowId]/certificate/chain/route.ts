import { methods, route } from "@/lib/http/route";
import { workflowIdParams } from "@/lib/workflow/api-schemas";
import { certificateChainAnswer } from "@/lib/signing/answer-schemas";
import { recheckCertificateChain } from "@/lib/signing/certificate/certificate-file";
import { md } from "@/lib/openapi/markdown";

export const dynamic = "force-dynamic";

const get = route(
  {
    auth: "bearer",
    feature: "workflow",
    params: workflowIdParams,
    summary: "Recheck the activity chain the certificate of completion records",
    description: md(
      'The same callers as the certificate. The activity as it is now, re-checked against the hash chain the certificate printed: `{workflowId, chainHead, valid: true, head, checked, notCovered}` or `{valid: false, checked, broken: {index, eventId, problem: "edited" | "removed" | "inserted"}, message}`, naming the first event that no longer matches. Events recorded after the certificate (`certificate.issued`, later mail failures) are `notCovered`.',
    ),
    responses: { 200: certificateChainAnswer },
  },
  ({ principal, params }) => recheckCertificateChain(principal, params.workflowId),
);

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({ GET: get });
