import { methods, route } from "@/lib/http/route";
import { advanceWorkflow } from "@/lib/workflow/advance-workflow";
import { advanceAnswer } from "@/lib/workflow/answer-schemas";
import { workflowIdParams } from "@/lib/workflow/api-schemas";

export const dynamic = "force-dynamic";

const post = route(
  {
    auth: "portal",
    portalRoles: ["participant"],
    params: workflowIdParams,
    summary: "Submit the current step: validate and move on (or to approval after the last)",
    responses: { 200: advanceAnswer },
    problems: ["workflow.not_found", "workflow.invalid_state", "otp.required"],
  },
  ({ portal }) => advanceWorkflow(portal));

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({ POST: post });
