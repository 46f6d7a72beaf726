import type { Principal } from "@/lib/auth/bearer";
import { issuePortalToken } from "@/lib/auth/portal-token";
import { getDb } from "@/lib/db/client";
import { createOnce } from "@/lib/db/idempotent-create";
import { workflows, type NewWorkflow, type Workflow } from "@/lib/db/schema";
import { explainSettings } from "@/lib/explain/settings";
import { AppError } from "@/lib/http/problem";
import { newId } from "@/lib/ids";
import { loadTemplate } from "@/lib/templates/load-template";
import { snapshotTemplate } from "@/lib/templates/snapshot";
import type { CreateWorkflowRequest } from "./api-schemas";
import { normalizeValues } from "@/lib/templates/normalize-value";
import { checkSavedValues } from "./validation/check-fields";
import { withCatalogueLocales } from "./person-locales";
import { esignFromRequest } from "@/lib/signing/signers/esign-request";
import type { EsignSigner } from "@/lib/signing/signers/esign-settings";
import { insertSigners } from "@/lib/signing/signers/signers";
import { enterApproval, notifyStage } from "./approval/approval-stage";
import { bearerActor, recordEvent } from "./events";
import { inviteParticipants } from "./portal/invite-participants";
import { loadWorkflowSchema, templateWorkflow } from "./schema/load-schema";
import { portalUrl } from "./portal/portal-link";
import type { WorkflowSchema } from "./schema/schema-format";
import type { WorkflowSettings } from "./settings";
import { emptyData, mergeStep, stepIndexByField, type WorkflowData } from "./schema/step-data";
import type { WorkflowState } from "./states";
import { firstFailingStep, validateData } from "./validation/validate-data";

export interface CreateResult {
  workflow: Workflow;
  /** True when the correlationId was used before: the earlier session is returned, nothing is created. */
  idempotent: boolean;
  portalUrl: string;
}

/** POST /api/workflow: load template and schema, store the session, invite the participants. */
export async function createWorkflow(principal: Principal, req: CreateWorkflowRequest): Promise<CreateResult> {
  const tenantId = principal.tenant.id;
  const ts = req.templateSettings;
  // Each person's language first: a recipient who signs keeps theirs as a signer.
  const recipients = withCatalogueLocales(ts.workflow.recipients, "templateSettings.workflow.recipients");
  const esign = esignFromRequest(ts.esign, { ...ts.workflow, recipients });
  // The passcode goes to the first recipient (docs/spec.md, "Workflow create request"); without one nobody could open the portal.
  if (ts.workflow.requireOtp && !ts.workflow.recipients.length) {
    throw new AppError(
      "workflow.otp_recipient_missing",
      "requireOtp sends the passcode to the first recipient; add templateSettings.workflow.recipients",
      {
        errors: [{ path: "templateSettings.workflow.recipients", message: "at least one recipient is needed when requireOtp is true" }],
      },
    );
  }
  const correlationId = req.correlationId ?? newId();
  return createOnce(workflows, { tenantId, correlationId }, () => newWorkflow(principal, req, correlationId, esign, recipients), replay);
}

/** A new workflow: its template and schema loaded, stored with its signers, its people told. */
async function newWorkflow(
  principal: Principal,
  req: CreateWorkflowRequest,
  correlationId: string,
  esign: ReturnType<typeof esignFromRequest>,
  recipients: WorkflowSettings["recipients"],
): Promise<CreateResult> {
  const tenantId = principal.tenant.id;
  const ts = req.templateSettings;
  const template = await loadTemplate((req.templatePath ?? req.templateId)!);
  const defaults = templateWorkflow(template);
  const schema = await loadWorkflowSchema(template, ts.workflow.schemaPath ?? defaults.schemaPath);
  const explain = explainSettings(principal.tenant, { templateSettings: ts }, template);
  const settings: WorkflowSettings = {
    recipients,
    requireOtp: ts.workflow.requireOtp,
    organizationName: ts.workflow.organizationName ?? defaults.organizationName,
    locale: ts.workflow.locale ?? defaults.locale,
    message: ts.workflow.message ?? defaults.message,
    esign: esign.settings,
    delivery: ts.delivery,
    options: req.options,
    explainRequestedBy: explain.requestedBy,
    explainRetention: explain.retention,
  };
  const now = new Date();
  const data = req.initialData ? initialData(schema, req.initialData, now.toISOString()) : emptyData(schema);
  const values: NewWorkflow = {
    id: newId(),
    tenantId,
    correlationId,
    title: template.title,
    templatePath: template.path,
    templateVersion: template.version,
    schema,
    settings,
    state: "in-progress",
    data,
    callbackUrl: req.callbackUrl,
    createdBy: principal.email ?? principal.subject,
    createdAt: now,
    updatedAt: now,
    // Governance workflows: the data came with the request, so it is validated now and the portal skipped.
    ...((ts.workflow.autoValidateOnCreate ?? schema.autoValidateOnCreate) ? validatedOnCreate(schema, data, now) : {}),
  };
  await snapshotTemplate(template);
  const wf = await persist(values, principal, esign.signers);
  return { workflow: wf, idempotent: false, portalUrl: participantUrl(wf) };
}

/** The columns of a workflow validated as it is created: on to approval when it passed, else back to its participants. */
function validatedOnCreate(schema: WorkflowSchema, data: WorkflowData, now: Date): Partial<NewWorkflow> {
  const v = validateData(schema, data);
  const state: WorkflowState = v.outcome === "passed" ? "pending-approval" : "validation-failed";
  return {
    state,
    validationOutcome: v.outcome,
    validationResults: v.results,
    validatedAt: now,
    currentStepIndex: state === "pending-approval" ? schema.steps.length - 1 : firstFailingStep(v.results),
    ...(state === "pending-approval" ? enterApproval(1, now) : {}),
  };
}

/** Writes the workflow with its signers and first events, and tells those it concerns; returns the workflow as stored. */
async function persist(values: NewWorkflow, principal: Principal, signers: EsignSigner[]): Promise<Workflow> {
  const db = await getDb();
  return db.transaction(async (tx) => {
    const [wf] = await tx.insert(workflows).values(values).returning();
    await insertSigners(tx, wf, signers, wf.createdAt);
    const actor = bearerActor(principal);
    await recordEvent(tx, wf, "workflow.created", actor, {
      state: wf.state,
      templatePath: wf.templatePath,
      templateVersion: wf.templateVersion,
      schema: wf.schema.source,
    });
    if (wf.validationOutcome) await recordEvent(tx, wf, "workflow.validated", actor, { outcome: wf.validationOutcome, onCreate: true });
    // Someone has to work in the portal unless validation at creation sent the workflow on to approval.
    if (wf.state !== "pending-approval" && wf.settings.recipients.length) {
      await recordEvent(tx, wf, "workflow.invited", actor, { recipients: await inviteParticipants(tx, wf) });
    }
    // Approvers hear of it now: to approve, or (validation failed at creation: a governance workflow)
    // to approve with an exception or reject.
    if (wf.validationOutcome) await notifyStage(tx, wf, wf.state === "pending-approval" ? "stage" : "governance");
    return wf;
  });
}

/** initialData (field key to value over all steps) placed into its steps; unknown keys and wrong types are 422. */
function initialData(schema: WorkflowSchema, values: Record<string, unknown>, at: string): WorkflowData {
  const allFields = schema.steps.flatMap((s) => s.fields);
  values = normalizeValues(allFields, values);
  const errors = checkSavedValues(allFields, values, "initialData.", "the workflow schema");
  if (errors.length) {
    throw new AppError("workflow.field_invalid", `initialData is invalid: ${errors.map((e) => e.message).join("; ")}`, { errors });
  }
  const stepOf = stepIndexByField(schema);
  const byStep = schema.steps.map(() => ({}) as Record<string, unknown>);
  for (const [key, value] of Object.entries(values)) byStep[stepOf.get(key)!][key] = value;
  return byStep.reduce((data, stepValues, i) => mergeStep(data, i, stepValues, at), emptyData(schema));
}

const participantUrl = (wf: Workflow) =>
  portalUrl(wf.id, issuePortalToken({ workflowId: wf.id, tenantId: wf.tenantId, role: "participant" }));

const replay = (wf: Workflow): CreateResult => ({ workflow: wf, idempotent: true, portalUrl: participantUrl(wf) });
