import { stepExamples } from "@/lib/workflow/api-examples";
import { methods, route } from "@/lib/http/route";
import { saveStepAnswer } from "@/lib/workflow/answer-schemas";
import { stepBody, stepParams } from "@/lib/workflow/api-schemas";
import { saveStep } from "@/lib/workflow/portal/save-step";
import { md } from "@/lib/openapi/markdown";

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
    description: md(
      "- **Answer**, the step entity: `{stepIndex, title, data, fieldUpdatedAt, updatedAt, version}`: `data` the step's values, `fieldUpdatedAt` when each was last written, `updatedAt` the latest of those (null before any), `version` the workflow's data version.",
      "- **Body** `{data, version?}`: values are merged into the step (`null` removes one). Allowed in in-progress and changes-requested on any step up to the current one (409 `workflow.step_not_reached` beyond it, 404 `workflow.step_not_found` past the last).",
      "- **Checks**: each value must be a field of that step and of its type (string, number, whole number, boolean, YYYY-MM-DD date, one of an enum's options): otherwise 422 `workflow.field_invalid` with `errors[]` naming every bad field (`data.<key>`) and nothing is saved. Email format, bounds, patterns, length and `required` are checked by the final advance, because autosave sends half-typed values.",
      "- **Versions**: every write bumps `version`; a PATCH that sends `version` and is not at the current one is 409 `workflow.stale_version` with `currentVersion`, so two tabs never overwrite each other silently (without `version` the last write wins per field).",
    ),
    responses: { 200: saveStepAnswer },
  },
  ({ portal, params, body }) => saveStep(portal, params.stepIndex, body.data, body.version),
);

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({ PATCH: patch });
