import type { PortalPrincipal } from "@/lib/auth/portal-token";
import { changeWorkflow } from "../change-workflow";
import { portalActor } from "../events";
import { assertOtpPassed } from "../otp/otp-gate";
import { firstFailingStep } from "./validate-data";

/**
 * POST /api/workflow/{id}/fix-validation: validation-failed → in-progress at the step of the first
 * failing field. The results stay (validationOutcome failed) so the portal can show them next to the
 * fields, until the next final advance replaces them.
 */
export async function fixValidation(portal: PortalPrincipal) {
  const wf = await changeWorkflow(portal.tenantId, portal.workflowId, "fix-validation", portalActor(portal), (wf) => {
    assertOtpPassed(wf, portal);
    const step = firstFailingStep(wf.validationResults);
    return { set: { state: "in-progress", currentStepIndex: step }, event: { kind: "validation.reset", detail: { toStep: step } } };
  });
  return {
    state: wf.state,
    currentStepIndex: wf.currentStepIndex,
    totalSteps: wf.schema.steps.length,
    validationOutcome: wf.validationOutcome,
    validationResults: wf.validationResults,
    version: wf.version,
  };
}
