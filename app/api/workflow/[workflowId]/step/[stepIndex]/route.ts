import { stepExamples } from "@/lib/workflow/api-examples";
import { methods, route } from "@/lib/http/route";
import { saveStepAnswer } from "@/lib/workflow/answer-schemas";
import { stepBody, stepParams } from "@/lib/workflow/api-schemas";
import { saveStep } from "@/lib/workflow/save-step";

export const dynamic = "force-dynamic";

const patch = route(
  {
    auth: "portal",
    portalRoles: ["participant"],
    params: stepParams,
    body: stepBody,
    examples: stepExamples,
    bodyLimit: 1 << 20,
    summary: "Save a step's data (autosave)",
    description: "Send the `version` last seen to be told (409 workflow.stale_version) when the data changed since.",
    responses: { 200: saveStepAnswer },
    problems: ["workflow.not_found", "workflow.invalid_state", "workflow.step_not_found", "workflow.step_not_reached", "workflow.stale_version", "workflow.field_invalid", "otp.required"],
  },
  ({ portal, params, body }) =>
    saveStep(portal, params.stepIndex, body.data, body.version),
);

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({ PATCH: patch });
