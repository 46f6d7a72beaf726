import { cookies } from "next/headers";
import { methods, route } from "@/lib/http/route";
import { advanceWorkflow } from "@/lib/workflow/advance-workflow";
import { advanceAnswer } from "@/lib/workflow/answer-schemas";
import { workflowIdParams } from "@/lib/workflow/api-schemas";
import { md } from "@/lib/openapi/markdown";

export const dynamic = "force-dynamic";

const post = route(
  {
    auth: "portal",
    portalRoles: ["participant"],
    params: workflowIdParams,
    summary: "Submit the current step: validate and move on (or to approval after the last)",
    description: md(
      "- **Answer**: `{state, validationOutcome, validationResults, currentStepIndex, totalSteps, version}`.",
      "- Before the last step it moves on without checking (outcome null, results empty; the portal checks each step with the same rules).",
      "- On the last step it runs every field rule and every cross-field rule: pending-approval with outcome `passed`, or validation-failed with `failed`, both HTTP 200. Only error-severity failures fail the outcome; warnings are listed.",
      "- **Results**: `{ruleId, passed, severity, message, fieldKey, stepIndex}`; field rules appear only when they fail, with ruleIds `field:<key>:<rule>` (`required`, `type`, `format`, `options`, `min`, `max`, `maxLength`, `pattern`); every cross-field rule appears, passed or not.",
      "- **Declaration** (not in the spec): the final advance is the participant's submission, under the check-answers page's declaration (\"By submitting you confirm that, to the best of your knowledge, the answers you are giving are correct\"). Its `workflow.validated` event in the activity records `declaration: {locale, sha256}`: the language the page showed it in (decided from this request as the page was: the language menu's cookie, else the participant's language as stored, else Accept-Language) and the SHA-256 of that text (UTF-8), each language's texts kept in the repository (`lib/workflow/portal/declaration.ts`).",
      "- **Resubmission**: in changes-requested the final advance resubmits: validation again, then pending-approval (approval restarts at stage 1, since earlier stages approved other data; the approvers are mailed again) or validation-failed.",
    ),
    responses: { 200: advanceAnswer },
  },
  async ({ portal, req }) => advanceWorkflow(portal, { cookies: await cookies(), headers: req.headers }),
);

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({ POST: post });
