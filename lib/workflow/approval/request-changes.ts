import { AppError } from "@/lib/http/problem";
import { newId } from "@/lib/ids";
import { mailChangeRequests } from "./approval-mail";
import type { ChangeRequest } from "./approval-types";
import { changeWorkflow } from "../change-workflow";
import type { Decider } from "./decider";
import { flatValues, stepIndexByField } from "../schema/step-data";
import { plural } from "@/lib/plural";

export interface ChangeInput {
  message: string;
  fieldKey?: string;
  severity: ChangeRequest["severity"];
  category?: string;
  dueDate?: string;
}

/**
 * POST /api/workflow/{id}/request-changes (reviewer portal token; in the console, an approver of the
 * current stage, see Decider): pending-approval →
 * changes-requested. Every fieldKey must be a field of the schema (422 workflow.field_unknown naming
 * each). The participant goes back to the first step with a change (step 0 when no change names a
 * field) and is mailed the requests; the data as reviewed is kept, so that the reviewer later sees
 * what changed since (see changesSinceReview).
 */
export async function requestChanges(decider: Decider, workflowId: string, changes: ChangeInput[]) {
  const wf = await changeWorkflow(decider.tenantId, workflowId, "request-changes", decider.actor, (wf) => {
    const by = decider.by(wf);
    const stepOf = stepIndexByField(wf.schema);
    const errors = changes.flatMap((c, i) =>
      c.fieldKey !== undefined && !stepOf.has(c.fieldKey)
        ? [{ path: `changes.${i}.fieldKey`, message: `${c.fieldKey.slice(0, 100)} is not a field of this workflow` }]
        : [],
    );
    if (errors.length) throw new AppError("workflow.field_unknown", errors.map((e) => e.message).join("; "), { errors });
    const now = new Date();
    const requests: ChangeRequest[] = changes.map((c) => ({
      id: newId(),
      message: c.message,
      fieldKey: c.fieldKey ?? null,
      stepIndex: c.fieldKey === undefined ? null : stepOf.get(c.fieldKey)!,
      severity: c.severity,
      category: c.category ?? null,
      dueDate: c.dueDate ?? null,
      requestedAt: now.toISOString(),
    }));
    const steps = requests.flatMap((r) => (r.stepIndex === null ? [] : [r.stepIndex]));
    const toStep = steps.length ? Math.min(...steps) : 0;
    const summary = `${plural(requests.length, "change")} requested`;
    return {
      set: {
        state: "changes-requested",
        currentStepIndex: toStep,
        changeRequests: requests,
        reviewSnapshot: flatValues(wf.data),
        approvalRequestedAt: null,
        approvalHistory: [
          ...wf.approvalHistory,
          {
            action: "changes-requested",
            stage: Math.max(wf.approvalStage, 1),
            by,
            comment: summary,
            at: now.toISOString(),
            changes: requests,
          },
        ],
      },
      event: {
        kind: "changes.requested",
        detail: {
          stage: wf.approvalStage,
          toStep,
          changes: requests.map((r) => ({ id: r.id, fieldKey: r.fieldKey, severity: r.severity })),
        },
      },
      also: async (tx, updated) => {
        await mailChangeRequests(tx, updated, requests, `h${updated.approvalHistory.length}`);
      },
    };
  });
  return { workflowId: wf.id, state: wf.state, currentStepIndex: wf.currentStepIndex, changeRequests: wf.changeRequests };
}
