import type { PortalPrincipal } from "@/lib/auth/portal-token";
import { AppError } from "@/lib/http/problem";
import { changeWorkflow } from "../change-workflow";
import { normalizeValues } from "@/lib/templates/normalize-value";
import { checkSavedValues } from "../validation/check-fields";
import { portalActor } from "../events";
import { assertOtpPassed } from "../otp/otp-gate";
import { stepEntity } from "../present-workflow";
import { mergeStep } from "../schema/step-data";
import { plural } from "@/lib/plural";

/**
 * PATCH /api/workflow/{id}/step/{stepIndex}: merges `values` into a step the participant has reached.
 * Each value must be a field of that step and of its type (422 workflow.field_invalid naming every
 * bad field; nothing is saved then); null removes a value. With `version`, the write happens only if
 * nobody wrote since that version (409 workflow.stale_version), so two tabs never overwrite each
 * other silently. Every write bumps the version.
 */
export async function saveStep(portal: PortalPrincipal, stepIndex: number, values: Record<string, unknown>, version: number | undefined) {
  const wf = await changeWorkflow(portal.tenantId, portal.workflowId, "save-step", portalActor(portal), (wf) => {
    assertOtpPassed(wf, portal);
    const step = wf.schema.steps[stepIndex];
    if (!step)
      throw new AppError(
        "workflow.step_not_found",
        `The workflow has ${plural(wf.schema.steps.length, "step")} (0 to ${wf.schema.steps.length - 1}); there is no step ${stepIndex}`,
      );
    if (stepIndex > wf.currentStepIndex) {
      throw new AppError(
        "workflow.step_not_reached",
        `Step ${stepIndex} is not reached yet; the participant is on step ${wf.currentStepIndex}`,
        {
          currentStepIndex: wf.currentStepIndex,
        },
      );
    }
    if (version !== undefined && version !== wf.version) {
      throw new AppError(
        "workflow.stale_version",
        `The data changed since version ${version}; it is now at version ${wf.version}. Reload the step and apply the change again`,
        {
          currentVersion: wf.version,
        },
      );
    }
    values = normalizeValues(step.fields, values);
    const errors = checkSavedValues(step.fields, values, "data.", `step ${stepIndex} (${step.title})`);
    if (errors.length) throw new AppError("workflow.field_invalid", errors.map((e) => e.message).join("; "), { errors });
    const keys = Object.keys(values);
    if (keys.length === 0) return null;
    return {
      set: { data: mergeStep(wf.data, stepIndex, values, new Date().toISOString()), version: wf.version + 1 },
      event: { kind: "step.saved", detail: { stepIndex, fields: keys, version: wf.version + 1 } },
    };
  });
  return stepEntity(wf, stepIndex);
}
