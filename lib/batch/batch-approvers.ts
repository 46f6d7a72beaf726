import type { BatchOptions } from "@/lib/db/json/batch";
import type { Batch } from "@/lib/db/schema";
import { AppError } from "@/lib/http/problem";
import type { Distribution } from "./resolve-distribution";

/** The setting a refusal names: where a client changes who approves a batch. */
export const APPROVERS_SETTING = "templateSettings.distribution.approversEmail";

/** Who sent a batch, as intake records it: `submittedBy`, and the token's email in `options.submitterEmail`. */
export type Submitter = Pick<Batch, "submittedBy"> & { options: Pick<BatchOptions, "submitterEmail"> };

/** Whether `email` is the batch's submitter, by either record of them, in any case. */
export function isSubmitter(batch: Submitter, email: string): boolean {
  const e = email.toLowerCase();
  return e === batch.submittedBy.toLowerCase() || e === batch.options.submitterEmail?.toLowerCase();
}

/** The approvers a batch names: its `approversEmail`, else the tenant's approvers (DESIGN §3). */
export function namedApprovers(
  distribution: Pick<Distribution, "approversEmail">,
  tenantApprovers: string[],
): { list: string[]; source: "batch" | "tenant" } {
  return distribution.approversEmail?.length
    ? { list: distribution.approversEmail, source: "batch" }
    : { list: tenantApprovers, source: "tenant" };
}

export interface ApproverChoice {
  /** Who may decide the batch and is asked to by mail; never its submitter. */
  approvers: string[];
  /** Where they come from: the batch's `approversEmail`, or the tenant's approvers. */
  source: "batch" | "tenant";
  /** The submitter was among the approvers named and was left out. */
  submitterLeftOut: boolean;
}

/**
 * The approvers of a batch as the workflow chooses a stage's (lib/workflow/approval/approvers.ts): the ones
 * named, less the submitter, who never approves their own batch. When the batch's own list names
 * nobody else, the tenant's approvers (less the submitter) are asked instead, so that a batch never
 * waits on a person who is not allowed to decide it. An empty list means nobody can approve.
 */
export function chooseApprovers(
  distribution: Pick<Distribution, "approversEmail">,
  tenantApprovers: string[],
  submitter: Submitter,
): ApproverChoice {
  const named = namedApprovers(distribution, tenantApprovers);
  const others = (xs: string[]) => xs.filter((a) => !isSubmitter(submitter, a));
  const submitterLeftOut = others(named.list).length < named.list.length;
  const chosen = others(named.list);
  if (chosen.length || named.source === "tenant") return { approvers: chosen, source: named.source, submitterLeftOut };
  return { approvers: others(tenantApprovers), source: "tenant", submitterLeftOut };
}

/**
 * Why a batch that needs approval cannot be taken in, or null: no approver configured at all (422
 * batch.settings_invalid), or nobody but its submitter (422 batch.no_approver). Both name the setting.
 */
export function approverRefusal(choice: ApproverChoice): AppError | null {
  if (choice.approvers.length) return null;
  if (!choice.submitterLeftOut) {
    return new AppError("batch.settings_invalid", "Approval is required but no approver is configured for the batch or the tenant", {
      errors: [{ path: APPROVERS_SETTING, message: "required when requireApproval is true" }],
    });
  }
  return new AppError(
    "batch.no_approver",
    "Approval is required but the only approver configured for the batch and the tenant is its submitter, who cannot approve their own batch; name another approver in approversEmail or among the tenant's approvers",
    { errors: [{ path: APPROVERS_SETTING, message: "must name an approver other than the submitter when requireApproval is true" }] },
  );
}
