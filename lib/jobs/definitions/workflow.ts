import { env } from "@/lib/env";
import { attemptCallback } from "@/lib/workflow/callback/attempt-callback";
import { sealWorkflow } from "@/lib/workflow/sealing/seal-workflow";
import { applyPendingSignatures } from "@/lib/signing/revisions/apply-signature";
import { remindSigners } from "@/lib/signing/signers/remind-signers";
import { issueCertificate } from "@/lib/signing/certificate/issue-certificate";
import { sweepApprovals } from "@/lib/workflow/approval/sweep-approvals";
import { defineJob } from "../define-job";

/** sealing → complete: the sealed PDF rendered, stored once with its SHA-256 (see sealWorkflow). */
export const sealWorkflowJob = defineJob({
  id: "workflow-seal",
  event: "workflow/seal.requested",
  handler: ({ payload }) => sealWorkflow(payload.tenantId, payload.workflowId),
});

/**
 * E-signature: adds the confirmed signatures to the document, one at a time under the workflow's row
 * lock (applyPendingSignatures), then, once signing has ended, the certificate of completion
 * (issueCertificate; also queued by a decline). A failing timestamp authority or key fails the attempt, loudly, and
 * the job is retried with backoff; nothing is signed without what was asked for.
 */
export const applySignatureJob = defineJob({
  id: "workflow-apply-signature",
  event: "workflow/signature.requested",
  retries: 8,
  handler: async ({ payload }) => {
    const applied = await applyPendingSignatures(payload.tenantId, payload.workflowId);
    // Signing ended (the last signature, or a decline): the certificate of completion, in the same run.
    const certificate = await issueCertificate(payload.tenantId, payload.workflowId);
    return { ...applied, certificate };
  },
});

/** Every five minutes (the event's schedule): reminders at 75 % of approval.escalateAfterDays, escalation when it has passed. */
export const approvalSweepJob = defineJob({
  id: "workflow-approval-sweep",
  event: "workflow/approvals.sweep",
  retries: 0, // the next run is the retry
  handler: () => sweepApprovals(),
});

/** Every fifteen minutes (the event's schedule): a signer whose link has less than ESIGN_REMINDER_BEFORE_HOURS left is reminded, once per link. */
export const signerReminderJob = defineJob({
  id: "workflow-signer-reminders",
  event: "workflow/signers.remind",
  retries: 0, // the next run is the retry
  handler: () => remindSigners(),
});

/**
 * Delivers a workflow callback: one memoised step per attempt and a durable sleep between attempts
 * (CALLBACK_RETRY_DELAYS_S, about 1.7 days in all), so a restart neither repeats a delivered attempt
 * nor forgets the schedule. The job's own retries cover only failures of our side (database away).
 */
export const deliverCallbackJob = defineJob({
  id: "workflow-deliver-callback",
  event: "workflow/callback.requested",
  handler: async ({ payload, step }) => {
    const delays = env().CALLBACK_RETRY_DELAYS_S;
    for (let n = 1; ; n++) {
      const last = n > delays.length;
      const r = await step.run(`attempt-${n}`, () => attemptCallback(payload, n, last));
      if (r.outcome !== "retry" || last) return { attempts: n, outcome: r.outcome };
      await step.sleepUntil(`wait-${n}`, new Date(r.at + delays[n - 1] * 1000));
    }
  },
});

export const workflowJobs = [sealWorkflowJob, applySignatureJob, approvalSweepJob, signerReminderJob, deliverCallbackJob];
