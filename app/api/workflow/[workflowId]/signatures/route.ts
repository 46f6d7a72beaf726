import { methods, route } from "@/lib/http/route";
import { verificationAnswerSchema } from "@/lib/esign/answer-schema";
import { workflowIdParams } from "@/lib/workflow/api-schemas";
import { verifyWorkflowDocument } from "@/lib/workflow/signing/verify-workflow-document";

export const dynamic = "force-dynamic";

const get = route(
  { auth: "bearer", feature: "workflow", params: workflowIdParams, summary: "Verify the signatures of a workflow's document", responses: { 200: verificationAnswerSchema }, problems: ["workflow.not_found", "esign.not_enabled", "esign.no_document"] },
  ({ principal, params }) => verifyWorkflowDocument(principal.tenant.id, params.workflowId));

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({ GET: get });
