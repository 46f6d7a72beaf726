import type { PortalPrincipal } from "@/lib/auth/portal-token";
import type { Workflow } from "@/lib/db/schema";
import { requestLocale, type LocaleRequest } from "@/lib/i18n/request-locale";
import { tenantDefaultLocale } from "@/lib/tenants";
import { enterApproval, notifyStage } from "./approval/approval-stage";
import { changeWorkflow, type Change } from "./change-workflow";
import { portalActor } from "./events";
import { assertOtpPassed } from "./otp/otp-gate";
import { declarationRead, type DeclarationRead } from "./portal/declaration";
import { roleLocale } from "./portal/portal-locale";
import { validateData } from "./validation/validate-data";

/**
 * POST /api/workflow/{id}/advance. On a step before the last: the next step (nothing is checked; the
 * portal checks each step with the same rules, and the final advance checks everything). On the last
 * step: every field rule and every cross-field rule; passed → pending-approval, failed →
 * validation-failed with the results (HTTP 200 either way, docs/spec.md, "Errors"); pending-approval mails the
 * approvers of stage 1. In changes-requested the same (the final advance resubmits). The final
 * advance records the declaration its participant made by submitting, in the language the
 * check-answers page showed it (the request decides as the page did: their menu's choice, else their
 * language as stored, else their browser's) with that text's SHA-256.
 */
export async function advanceWorkflow(portal: PortalPrincipal, asked: LocaleRequest) {
  const tenantLocale = await tenantDefaultLocale(portal.tenantId);
  const wf = await changeWorkflow(portal.tenantId, portal.workflowId, "advance", portalActor(portal), (wf) => {
    assertOtpPassed(wf, portal);
    return nextOf(wf, () => declarationRead(requestLocale(asked, roleLocale(portal.role, wf.settings, tenantLocale))));
  });
  return advanceResponse(wf);
}

function nextOf(wf: Workflow, declaration: () => DeclarationRead): Change {
  const last = wf.schema.steps.length - 1;
  if (wf.currentStepIndex < last) {
    const to = wf.currentStepIndex + 1;
    return { set: { currentStepIndex: to }, event: { kind: "step.advanced", detail: { fromStep: wf.currentStepIndex, toStep: to } } };
  }
  const { outcome, results } = validateData(wf.schema, wf.data);
  const now = new Date();
  // From changes-requested this is the resubmission: approval starts again at stage 1, since earlier
  // stages approved other data.
  const detail = {
    outcome,
    failed: results.filter((r) => !r.passed).map((r) => r.ruleId),
    ...(wf.state === "changes-requested" ? { resubmitted: true } : {}),
    declaration: declaration(),
  };
  const validated = { validationOutcome: outcome, validationResults: results, validatedAt: now };
  if (outcome === "failed") {
    return { set: { ...validated, state: "validation-failed", approvalStage: 0 }, event: { kind: "workflow.validated", detail } };
  }
  return {
    set: { ...validated, ...enterApproval(1, now) },
    event: { kind: "workflow.validated", detail },
    also: (tx, updated) => notifyStage(tx, updated),
  };
}

/** Advance response (docs/spec.md, "Workflow create request": state, validationOutcome, validationResults), plus where the participant now is. */
export function advanceResponse(wf: Workflow) {
  const validated = wf.state !== "in-progress";
  return {
    state: wf.state,
    validationOutcome: validated ? wf.validationOutcome : null,
    validationResults: validated ? wf.validationResults : [],
    currentStepIndex: wf.currentStepIndex,
    totalSteps: wf.schema.steps.length,
    version: wf.version,
  };
}
