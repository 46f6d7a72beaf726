import type { Principal } from "@/lib/auth/principal";
import { approverRefusal, chooseApprovers } from "@/lib/batch/batch-approvers";
import { handleRenderRequest } from "@/lib/batch/handle-render-request";
import type { IntakeCounts } from "@/lib/batch/intake-counts";
import { previewRecords } from "@/lib/batch/preview-records";
import type { RecordsProblem } from "@/lib/batch/records-from-text";
import { recordDetails, type RecordDetails } from "@/lib/batch/record-details";
import { renderRequestSchema } from "@/lib/batch/request-schema";
import { resolveDistribution } from "@/lib/batch/resolve-distribution";
import { sendThresholds, type SendDecision } from "@/lib/batch/send-thresholds";
import type { Finding, RecordClass } from "@/lib/batch/validate-records";
import { AppError } from "@/lib/http/problem";
import { newId } from "@/lib/ids";
import type { Template } from "@/lib/templates/types";
import type { InputError, NewBatchRefusal } from "./records-input";

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
  if (p.kind === "unreadable") return { ok: false, errors: unreadable(inputId, p.problems) };
  return {
    ok: true,
    preview: {
      correlationId: newId(),
      templateTitle: p.template.title,
      total: p.records.length,
      decision: p.decision,
      counts: p.check?.counts ?? null,
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
  const refuse = (targetId: string, refusal: NewBatchRefusal): SendAnswer => ({ ok: false, errors: [{ targetId, refusal }] });
  const thresholds = sendThresholds();
  const read = await templateErrors(() => previewRecords(input.templatePath, input.text, thresholds));
  if ("errors" in read) return { ok: false, errors: read.errors };
  const p = read.value;
  if (p.kind === "unreadable") return { ok: false, errors: unreadable(input.inputId, p.problems) };
  if (p.decision.kind === "blocked") return refuse(input.inputId, { code: "tooMany", count: p.records.length, max: thresholds.max });
  if (p.check && p.check.counts.invalid > 0) return refuse(input.inputId, { code: "invalidRecords", count: p.check.counts.invalid });
  if (p.decision.kind === "confirm" && !input.confirmed) return refuse("confirm", { code: "confirm", count: p.records.length });
  const request = renderRequestSchema.safeParse({
    templatePath: input.templatePath,
    options: { correlationId: input.correlationId || newId(), sourceSystem: "Sealpost console" },
    dataSource: p.records,
    features: { svcDispatch: true },
  });
  if (!request.success) {
    const detail = request.error.issues[0]?.message;
    return refuse(input.inputId, detail ? { code: "other", detail } : { code: "cannotSend" });
  }
  try {
    const outcome = await handleRenderRequest(principal, request.data);
    if (outcome.kind !== "batch") return refuse(input.inputId, { code: "cannotSend" });
    return { ok: true, batchId: outcome.intake.batch.id };
  } catch (err) {
    if (err instanceof AppError && (err.code === "batch.no_approver" || err.code === "batch.settings_invalid"))
      return refuse(input.inputId, { code: "nobodyApproves" });
    if (err instanceof AppError) return refuse(input.inputId, { code: "other", detail: err.message });
    throw err;
  }
}

/** Text that could not be read as records: each problem is the records control's error. */
const unreadable = (targetId: string, problems: RecordsProblem[]): InputError[] =>
  problems.map((problem) => ({ targetId, refusal: { code: "records", problem } }));

/** A template that is gone or broken is the template question's error, not a failure of the page. */
async function templateErrors<T>(run: () => Promise<T>): Promise<{ value: T } | { errors: InputError[] }> {
  try {
    return { value: await run() };
  } catch (err) {
    if (err instanceof AppError && err.code.startsWith("template."))
      return { errors: [{ targetId: TEMPLATE_ID, refusal: { code: "template.unusable" } }] };
    throw err;
  }
}
