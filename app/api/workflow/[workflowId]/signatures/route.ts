import { methods, route } from "@/lib/http/route";
import { verificationAnswerSchema } from "@/lib/signing/verification/answer-schema";
import { workflowIdParams } from "@/lib/workflow/api-schemas";
import { verifyWorkflowDocument } from "@/lib/signing/verification/verify-workflow-document";
import { md } from "@/lib/openapi/markdown";

export const dynamic = "force-dynamic";

const get = route(
  {
    auth: "bearer",
    feature: "workflow",
    params: workflowIdParams,
    summary: "Verify the signatures of a workflow's document",
    description: md(
      "Any user of the tenant, as for the status. The verification report (see the area) for the workflow's current document (the last revision), plus `document {revision, sha256, storedSha256, matchesStored}` and `revisions [{revision, recordedSha256, fileSha256, matches}]`: each revision's bytes in the file against the SHA-256 recorded when it was made (revision 0 by the seal, each later one by its signature), so a file replaced in the blob store shows. 409 `esign.not_enabled` (no e-signature), 409 `esign.no_document` (not sealed yet), 404 another tenant's or an unknown id.",
    ),
    responses: { 200: verificationAnswerSchema },
  },
  ({ principal, params }) => verifyWorkflowDocument(principal.tenant.id, params.workflowId),
);

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({ GET: get });
