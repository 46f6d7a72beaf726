import { methods, route } from "@/lib/http/route";
import { fixValidationAnswer } from "@/lib/workflow/answer-schemas";
import { workflowIdParams } from "@/lib/workflow/api-schemas";
import { fixValidation } from "@/lib/workflow/validation/fix-validation";
import { md } from "@/lib/openapi/markdown";

export const dynamic = "force-dynamic";

const post = route(
  {
    auth: "portal",
    portalRoles: ["participant"],
    params: workflowIdParams,
    summary: "Go back to the step whose validation failed",
    description: md(
      "validation-failed → in-progress at the step of the first failing error (lowest step index). Answers `{state, currentStepIndex, totalSteps, validationOutcome, validationResults, version}`. The last results stay (and `validationOutcome` stays `failed`) so the portal can show them next to the fields, until the next final advance replaces them.",
    ),
    responses: { 200: fixValidationAnswer },
  },
  ({ portal }) => fixValidation(portal),
);

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({ POST: post });
