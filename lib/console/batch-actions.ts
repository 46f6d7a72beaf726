import type { Principal } from "@/lib/auth/principal";
import { decideBody } from "@/lib/batch/api-schemas";
import { cancelBatch } from "@/lib/batch/cancel-batch";
import { isSubmitter } from "@/lib/batch/batch-approvers";
import { decideBatch } from "@/lib/batch/decide-batch";
import { openForDecision, type BatchState, type Decision } from "@/lib/batch/states";
import type { Batch } from "@/lib/db/schema";
import { AppError } from "@/lib/http/problem";
import { unstorableReason } from "@/lib/http/storable";

export const consoleActions = ["approve", "reject", "request-changes", "cancel"] as const;
export type ConsoleAction = (typeof consoleActions)[number];

/** What the signed-in person may do with a batch: the rules of decideBatch and cancelBatch, asked before showing a button. */
export function batchPermissions(batch: Batch, principal: Principal) {
  const open = openForDecision.includes(batch.state as BatchState);
  const email = principal.email;
  const approver = Boolean(email && batch.approvers.includes(email));
  const submitter = Boolean(email && isSubmitter(batch, email));
  return { open, approver, submitter, canDecide: open && approver && !submitter, canCancel: open };
}

/**
 * Why the console refused an action, for the page to say in its language: the comment's problem
 * (`field` names it), or the domain's refusal by its code; `state` is the batch's state now, where
 * it has moved on; `detail` the domain's own words for anything unforeseen.
 */
export type BatchRefusal =
  | { reason: "commentsRequired" | "commentsUnstorable" | "commentsTooLong"; field: "comments" }
  | { reason: "invalidState"; state: string | null }
  | { reason: "notApprover" | "selfApproval" | "notFound" | "unavailable" }
  | { reason: "other"; detail: string };

export type ActionResult = { ok: true; state: string } | ({ ok: false } & BatchRefusal);

/**
 * Runs a console action through the same domain functions (and so the same rules) as the API. A
 * refusal comes back as its reason for the page, not an exception.
 */
export async function runBatchAction(
  principal: Principal,
  batchId: string,
  action: ConsoleAction,
  rawComments: unknown,
): Promise<ActionResult> {
  const comments = typeof rawComments === "string" && rawComments.trim() !== "" ? rawComments.trim() : undefined;
  if (action === "request-changes" && !comments) return { ok: false, reason: "commentsRequired", field: "comments" };
  if (comments && unstorableReason(comments)) return { ok: false, reason: "commentsUnstorable", field: "comments" };
  try {
    if (action === "cancel") return { ok: true, state: (await cancelBatch(principal, batchId)).state };
    const body = decideBody.safeParse({ decision: action satisfies Decision, comments });
    if (!body.success) return { ok: false, reason: "commentsTooLong", field: "comments" };
    return { ok: true, state: (await decideBatch(principal, batchId, body.data.decision, body.data.comments)).state };
  } catch (err) {
    if (err instanceof AppError) return { ok: false, ...batchRefusal(err) };
    throw err;
  }
}

/** The domain's refusal as the console says it; its own detail is kept for anything unforeseen. */
export function batchRefusal(err: AppError): BatchRefusal {
  switch (err.code) {
    case "batch.invalid_state":
      return { reason: "invalidState", state: typeof err.extra.state === "string" ? err.extra.state : null };
    case "batch.not_approver":
      return { reason: "notApprover" };
    case "batch.self_approval":
      return { reason: "selfApproval" };
    case "batch.not_found":
      return { reason: "notFound" };
    case "unavailable":
      return { reason: "unavailable" };
    default:
      return { reason: "other", detail: err.message };
  }
}
