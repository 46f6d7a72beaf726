import type { Principal } from "@/lib/auth/principal";
import type { Workflow } from "@/lib/db/schema";
import { AppError, type ProblemCode } from "@/lib/http/problem";
import { unstorableReason } from "@/lib/http/storable";
import { decisionBody, governanceBody, requestChangesBody } from "@/lib/workflow/api-schemas";
import { isInitiator, mayManage, nextEscalationTarget } from "@/lib/workflow/approval/approvers";
import { assertCancellable, cancelWorkflow } from "@/lib/workflow/cancel-workflow";
import { approveWorkflow, rejectWorkflow } from "@/lib/workflow/approval/decide-workflow";
import { personDecider } from "@/lib/workflow/approval/decider";
import { escalateByCaller } from "@/lib/workflow/approval/escalate-workflow";
import { governanceDecision } from "@/lib/workflow/approval/governance-decision";
import { requestChanges } from "@/lib/workflow/approval/request-changes";
import { requestSealByCaller } from "@/lib/workflow/sealing/request-seal";
import { allowedDecisions } from "@/lib/workflow/approval/review-rules";
import { getWorkflow } from "@/lib/workflow/get-workflow";
import { assertCan, type WorkflowAction } from "@/lib/workflow/states";

export const workflowActions = ["approve", "approve-with-exception", "reject", "request-changes", "escalate", "cancel", "seal"] as const;
export type WorkflowConsoleAction = (typeof workflowActions)[number];

/** The fields each action's form posts (all text). */
export const actionFields: Record<WorkflowConsoleAction, readonly string[]> = {
  approve: ["comment"],
  "approve-with-exception": ["justification"],
  reject: ["comment"],
  "request-changes": ["fieldKey", "severity", "message"],
  escalate: [],
  cancel: [],
  seal: [],
};

/** The first of `rules` that refuses (throws one of the domain's errors), or null when all pass. */
function firstRefusal(...rules: Array<() => unknown>): AppError | null {
  for (const rule of rules) {
    try {
      rule();
    } catch (err) {
      if (err instanceof AppError) return err;
      throw err;
    }
  }
  return null;
}

const refuseUnless = (ok: boolean, code: ProblemCode) => () => {
  if (!ok) throw new AppError(code);
};

/**
 * What the signed-in person may do with a workflow now, and why not, asked of the rules the API's
 * actions apply: the state table (assertCan), who may decide the current stage (the approver check of
 * approve, reject, request-changes and governance decisions), which governance decision the rule
 * results allow (allowedDecisions), who may escalate and seal (initiator or admin, mayManage) and
 * whom escalation can still reach. Each action's domain function checks the same again under the lock.
 */
export function workflowPermissions(wf: Workflow, principal: Principal) {
  const state = (a: WorkflowAction) => () => assertCan(a, wf.state);
  const decide = () => personDecider(principal).by(wf);
  const manager = mayManage(wf, principal);
  const manage = refuseUnless(manager, "workflow.not_initiator");
  const decisions = allowedDecisions(wf.validationResults, wf.approvalException);
  const refusals: Record<WorkflowConsoleAction, AppError | null> = {
    approve: firstRefusal(state("approve"), decide, refuseUnless(decisions.approve, "workflow.rules_failed")),
    "approve-with-exception": firstRefusal(
      state("governance-decision"),
      decide,
      refuseUnless(decisions["approve-with-exception"], "workflow.no_failed_rules"),
    ),
    reject: firstRefusal(state(rejectVia(wf.state)), decide),
    "request-changes": firstRefusal(state("request-changes"), decide),
    escalate: firstRefusal(
      state("escalate"),
      manage,
      refuseUnless(nextEscalationTarget(wf, principal.tenant.approvers) !== null, "workflow.no_escalation_target"),
    ),
    cancel: firstRefusal(() => assertCancellable(wf)),
    seal: firstRefusal(state("seal"), manage),
  };
  const can = Object.fromEntries(workflowActions.map((a) => [a, refusals[a] === null])) as Record<WorkflowConsoleAction, boolean>;
  return { can, refusals, manager, initiator: isInitiator(wf, principal.email ?? principal.subject) };
}

/** A governance review (validation-failed) is rejected through the governance decision, as the reviewer link does; otherwise through reject. */
const rejectVia = (state: string): "reject" | "governance-decision" => (state === "validation-failed" ? "governance-decision" : "reject");

/**
 * Why an action was refused, as a code the page words in its language (app/console/workflows/
 * workflow-words.ts): the field it is about, the state the workflow is in now, a limit, or the
 * domain's own detail for anything unforeseen.
 */
export type RefusalReason =
  | "invalidState"
  | "notApprover"
  | "selfApproval"
  | "notInitiator"
  | "noEscalationTarget"
  | "rulesFailed"
  | "noFailedRules"
  | "justificationRequired"
  | "fieldUnknown"
  | "notFound"
  | "unavailable"
  | "notAvailable"
  | "unstorable"
  | "commentTooLong"
  | "justificationTooLong"
  | "severityMissing"
  | "messageTooLong"
  | "messageMissing"
  | "other";

export interface WorkflowRefusal {
  reason: RefusalReason;
  field?: string;
  /** invalidState: the state the workflow is in now. */
  state?: string;
  /** The most characters the field takes (the …TooLong reasons). */
  max?: number;
  /** other: the domain's own words. */
  detail?: string;
}

export type ActionResult = { ok: true; state: string } | ({ ok: false } & WorkflowRefusal);

const text = (v: string | undefined) => (v && v.trim() !== "" ? v.trim() : undefined);

/**
 * Runs a console action through the domain function the API route calls for it (and so its rules,
 * checked again under the row lock). The form's text is checked with the API's own body schemas; a
 * refusal comes back as a sentence for the page, naming the field it is about.
 */
export async function runWorkflowAction(
  principal: Principal,
  workflowId: string,
  action: WorkflowConsoleAction,
  input: Record<string, string>,
): Promise<ActionResult> {
  for (const name of actionFields[action]) {
    if (input[name] && unstorableReason(input[name])) return { ok: false, field: name, reason: "unstorable" };
  }
  try {
    return { ok: true, state: (await run(principal, workflowId, action, input)).state };
  } catch (err) {
    if (err instanceof FormRefusal) return { ok: false, ...err.refusal };
    if (err instanceof AppError) return { ok: false, ...refusalOf(err) };
    throw err;
  }
}

/** The form's text refused before the domain is asked. */
class FormRefusal extends Error {
  constructor(readonly refusal: WorkflowRefusal) {
    super(refusal.reason);
  }
}
const refuse = (field: string, reason: RefusalReason, max?: number): never => {
  throw new FormRefusal({ field, reason, ...(max ? { max } : {}) });
};

async function run(
  principal: Principal,
  workflowId: string,
  action: WorkflowConsoleAction,
  input: Record<string, string>,
): Promise<{ state: string }> {
  switch (action) {
    case "approve":
    case "reject": {
      const body = decisionBody.safeParse({ comment: text(input.comment) });
      if (!body.success) return refuse("comment", "commentTooLong", 5000);
      if (action === "approve") return approveWorkflow(principal, workflowId, body.data.comment);
      // The state decides which of the two the API would use; the domain checks it again under the lock.
      if (rejectVia((await getWorkflow(principal.tenant.id, workflowId)).state) === "reject")
        return rejectWorkflow(principal, null, workflowId, body.data.comment);
      return governanceDecision(personDecider(principal), workflowId, "reject", undefined, body.data.comment);
    }
    case "approve-with-exception": {
      const body = governanceBody.safeParse({ decision: action, justification: text(input.justification) });
      if (!body.success) return refuse("justification", "justificationTooLong", 5000);
      return governanceDecision(personDecider(principal), workflowId, action, body.data.justification, undefined);
    }
    case "request-changes": {
      const change = {
        message: input.message ?? "",
        severity: input.severity || undefined,
        ...(input.fieldKey ? { fieldKey: input.fieldKey } : {}),
      };
      const body = requestChangesBody.safeParse({ changes: [change] });
      if (!body.success) {
        const path = body.error.issues[0]?.path.at(-1);
        if (path === "severity") return refuse("severity", "severityMissing");
        if (path === "fieldKey") return refuse("fieldKey", "fieldUnknown");
        return text(input.message) ? refuse("message", "messageTooLong", 2000) : refuse("message", "messageMissing");
      }
      return requestChanges(personDecider(principal), workflowId, body.data.changes);
    }
    case "escalate":
      return escalateByCaller(principal, workflowId);
    case "cancel":
      return cancelWorkflow(principal, workflowId);
    case "seal":
      return requestSealByCaller(principal, workflowId);
  }
}

/** The domain's refusal as a code, with the field it is about; its own detail is kept for anything unforeseen. */
export function refusalOf(err: AppError): WorkflowRefusal {
  switch (err.code) {
    case "workflow.invalid_state":
      return { reason: "invalidState", state: String(err.extra.state ?? "") };
    case "workflow.not_approver":
      return { reason: "notApprover" };
    case "workflow.self_approval":
      return { reason: "selfApproval" };
    case "workflow.not_initiator":
      return { reason: "notInitiator" };
    case "workflow.no_escalation_target":
      return { reason: "noEscalationTarget" };
    case "workflow.rules_failed":
      return { reason: "rulesFailed" };
    case "workflow.no_failed_rules":
      return { reason: "noFailedRules" };
    case "workflow.justification_required":
      return { reason: "justificationRequired", field: "justification" };
    case "workflow.field_unknown":
      return { reason: "fieldUnknown", field: "fieldKey" };
    case "workflow.not_found":
      return { reason: "notFound" };
    case "unavailable":
      return { reason: "unavailable" };
    default:
      return { reason: "other", detail: err.message };
  }
}
