import type { Principal } from "@/lib/auth/principal";
import { approverRefusal, chooseApprovers } from "@/lib/batch/batch-approvers";
import { handleRenderRequest } from "@/lib/batch/handle-render-request";
import { intakeCountsLine, type IntakeCounts } from "@/lib/batch/intake-counts";
import { previewRecords } from "@/lib/batch/preview-records";
import { recordDetails, type RecordDetails } from "@/lib/batch/record-details";
import { renderRequestSchema } from "@/lib/batch/request-schema";
import { resolveDistribution } from "@/lib/batch/resolve-distribution";
import { sendThresholds, type SendDecision } from "@/lib/batch/send-thresholds";
import type { Finding, RecordClass } from "@/lib/batch/validate-records";
import { AppError } from "@/lib/http/problem";
import { newId } from "@/lib/ids";
import { plural } from "@/lib/plural";
import type { Template } from "@/lib/templates/types";
import type { InputError } from "./records-input";

/** The template question's id, for the error summary's link. */
export const TEMPLATE_ID = "template";
export interface PreviewRow {
  index: number;
  status: RecordClass;
  /** Shown beside each record's findings, so that a person can tell records apart. */
  details: RecordDetails;
  findings: Finding[];
}

/**
 * Who will decide the batch, by intake's own rule (chooseApprovers): no approval is needed; the
 * approvers (with whether the sender was left out of them, and whether the template's own list named
 * only the sender, so that the tenant's approvers are asked instead); or nobody may approve it.
 */
export type ApprovalPreview =
  | { kind: "not-needed" }
  | { kind: "approvers"; approvers: string[]; senderLeftOut: boolean; tenantInstead: boolean }
  | { kind: "nobody"; senderLeftOut: boolean };

/** What the check step shows: intake's verdict on every record, what the thresholds allow, and who approves. */
export interface BatchPreview {
  /** One per list read: sending twice (a double click, a retry) replays the first batch, as the API does. */
  correlationId: string;
  templateTitle: string;
  total: number;
  decision: SendDecision;
  counts: IntakeCounts | null;
  countsLine: string | null;
  unknownColumns: string[];
  /** Empty when the list is too long to be sent. */
  rows: PreviewRow[];
  approval: ApprovalPreview;
}

export type PreviewAnswer = { ok: true; preview: BatchPreview } | { ok: false; errors: InputError[] };
export type SendAnswer = { ok: true; batchId: string } | { ok: false; errors: InputError[] };

/** Reads and checks the records for the check step; `inputId` is the control the records came from. */
export async function previewForConsole(principal: Principal, templatePath: string, text: string, inputId: string): Promise<PreviewAnswer> {
  const read = await templateErrors(() => previewRecords(templatePath, text, sendThresholds()));
  if ("errors" in read) return { ok: false, errors: read.errors };
  const p = read.value;
  if (p.kind === "unreadable") return { ok: false, errors: p.problems.map((message) => ({ targetId: inputId, message })) };
  return {
    ok: true,
    preview: {
      correlationId: newId(),
      templateTitle: p.template.title,
      total: p.records.length,
      decision: p.decision,
      counts: p.check?.counts ?? null,
      countsLine: p.check ? intakeCountsLine(p.check.counts) : null,
      unknownColumns: p.unknownColumns,
      rows: (p.check?.records ?? []).map((r) => ({
        index: r.index,
        status: r.status,
        details: recordDetails(p.template, r.data),
        findings: r.findings,
      })),
      approval: approvalPreview(principal, p.template),
    },
  };
}

/** Who will approve a batch this person sends from the template, as intake will choose (a batch from the console uses the template's own distribution). */
export function approvalPreview(principal: Principal, template: Template): ApprovalPreview {
  const distribution = resolveDistribution(template.distribution, undefined);
  if (!distribution.requireApproval) return { kind: "not-needed" };
  const sender = { submittedBy: principal.email ?? principal.subject, options: { submitterEmail: principal.email } };
  const choice = chooseApprovers(distribution, principal.tenant.approvers, sender);
  if (approverRefusal(choice)) return { kind: "nobody", senderLeftOut: choice.submitterLeftOut };
  return {
    kind: "approvers",
    approvers: choice.approvers,
    senderLeftOut: choice.submitterLeftOut,
    tenantInstead: choice.source === "tenant" && !!distribution.approversEmail?.length,
  };
}

/**
 * Sends the records as POST /api/render would with features.svcDispatch: everything is read and
 * checked again (the page that showed the button is not trusted), and the thresholds and the
 * confirmation are enforced here, not only by the page. A list with invalid records is not sent:
 * intake would keep it as an invalid batch that can never be made, which helps nobody.
 */
export async function sendFromConsole(
  principal: Principal,
  input: { templatePath: string; text: string; inputId: string; correlationId: string; confirmed: boolean },
): Promise<SendAnswer> {
  const refuse = (targetId: string, message: string): SendAnswer => ({ ok: false, errors: [{ targetId, message }] });
  const read = await templateErrors(() => previewRecords(input.templatePath, input.text, sendThresholds()));
  if ("errors" in read) return { ok: false, errors: read.errors };
  const p = read.value;
  if (p.kind === "unreadable") return { ok: false, errors: p.problems.map((message) => ({ targetId: input.inputId, message })) };
  if (p.decision.kind === "blocked") return refuse(input.inputId, p.decision.message);
  if (p.check && p.check.counts.invalid > 0)
    return refuse(input.inputId, `Correct the ${plural(p.check.counts.invalid, "record")} with errors, then give the records again`);
  if (p.decision.kind === "confirm" && !input.confirmed)
    return refuse("confirm", `Confirm that you want to send ${plural(p.records.length, "record")}`);
  const request = renderRequestSchema.safeParse({
    templatePath: input.templatePath,
    options: { correlationId: input.correlationId || newId(), sourceSystem: "Sealpost console" },
    dataSource: p.records,
    features: { svcDispatch: true },
  });
  if (!request.success) return refuse(input.inputId, request.error.issues[0]?.message ?? "The records cannot be sent");
  try {
    const outcome = await handleRenderRequest(principal, request.data);
    if (outcome.kind !== "batch") return refuse(input.inputId, "The records cannot be sent");
    return { ok: true, batchId: outcome.intake.batch.id };
  } catch (err) {
    if (err instanceof AppError && (err.code === "batch.no_approver" || err.code === "batch.settings_invalid"))
      return refuse(input.inputId, NOBODY_APPROVES);
    if (err instanceof AppError) return refuse(input.inputId, err.message);
    throw err;
  }
}

/** Why a batch nobody may approve is not sent, in the page's words (the check step says it first). */
export const NOBODY_APPROVES =
  "Nobody can approve this batch: ask your administrator to name an approver other than you in the template or for your organisation";

/** A template that is gone or broken is the template question's error, not a failure of the page. */
async function templateErrors<T>(run: () => Promise<T>): Promise<{ value: T } | { errors: InputError[] }> {
  try {
    return { value: await run() };
  } catch (err) {
    if (err instanceof AppError && err.code.startsWith("template."))
      return { errors: [{ targetId: TEMPLATE_ID, message: `Choose another template: ${err.message}` }] };
    throw err;
  }
}
