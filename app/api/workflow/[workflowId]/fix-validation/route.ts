import { methods, route } from "@/lib/http/route";
import { fixValidationAnswer } from "@/lib/workflow/answer-schemas";
import { workflowIdParams } from "@/lib/workflow/api-schemas";
import { fixValidation } from "@/lib/workflow/fix-validation";

export const dynamic = "force-dynamic";

const post = route(
  {
    auth: "portal",
    portalRoles: ["participant"],
    params: workflowIdParams,
    summary: "Go back to the step whose validation failed",
    responses: { 200: fixValidationAnswer },
    problems: ["workflow.not_found", "workflow.invalid_state"],
  },
  ({ portal }) => fixValidation(portal),
);

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({ POST: post });
