import { sql } from "drizzle-orm";
import {
  bigserial,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
// What the jsonb columns hold lives with the schema; the domain modules use these shapes or map them.
import type { ChainLink } from "./json/activity-chain";
import type { ApprovalEntry, ApprovalException, ChangeRequest } from "./json/approval";
import type { ActivityDetail, BatchOptions, BatchValidationEntry, StoredDistribution } from "./json/batch";
import type { ExplainRetention } from "./json/explain-retention";
import type { RenderTimings } from "./json/render-timings";
import type { ValidationResult, WorkflowData } from "./json/workflow-data";
import type { WorkflowSchema } from "./json/workflow-schema";
import type { WorkflowSettings } from "./json/workflow-settings";

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: "date" });
const createdAt = () => ts("created_at").notNull().defaultNow();

export const tenants = pgTable("tenants", {
  id: text("id").primaryKey(),
  name: text("name").notNull(),
  tier: text("tier", { enum: ["standard", "premium", "enterprise"] }).notNull(),
  features: jsonb("features")
    .$type<string[]>()
    .notNull()
    .default(sql`'[]'::jsonb`),
  approvers: jsonb("approvers")
    .$type<string[]>()
    .notNull()
    .default(sql`'[]'::jsonb`),
  /**
   * The language of the tenant's mails and pages to people outside it where neither the person nor
   * the workflow or template names one (one of the catalogues' tags), null: none, en-GB for mails
   * and the browser's language for pages (lib/i18n/outside-locale.ts).
   */
  defaultLocale: text("default_locale"),
  createdAt: createdAt(),
  updatedAt: ts("updated_at").notNull().defaultNow(),
});

export const batches = pgTable(
  "batches",
  {
    id: uuid("id").primaryKey(),
    tenantId: text("tenant_id")
      .notNull()
      .references(() => tenants.id),
    correlationId: text("correlation_id").notNull(),
    state: text("state").notNull(),
    readiness: text("readiness").notNull(),
    title: text("title").notNull(),
    templatePath: text("template_path").notNull(),
    /** SHA-256 of the template text validated at intake; processing renders exactly this version. */
    templateVersion: text("template_version"),
    /** The language the template's front matter names (`locale`), null where it names none: its deliveries' language. */
    locale: text("locale"),
    documentId: text("document_id"),
    sourceSystem: text("source_system"),
    documentCount: integer("document_count").notNull(),
    readyCount: integer("ready_count").notNull(),
    failedCount: integer("failed_count").notNull().default(0),
    warningCount: integer("warning_count").notNull(),
    invalidCount: integer("invalid_count").notNull().default(0),
    processedCount: integer("processed_count").notNull().default(0),
    errorCount: integer("error_count").notNull().default(0),
    submittedBy: text("submitted_by").notNull(),
    approvers: jsonb("approvers").$type<string[]>().notNull(),
    approvedBy: text("approved_by"),
    decidedAt: ts("decided_at"),
    queuedAt: ts("queued_at"),
    startedAt: ts("started_at"),
    completedAt: ts("completed_at"),
    decisionComments: text("decision_comments"),
    validationResults: jsonb("validation_results").$type<BatchValidationEntry[]>().notNull(),
    distribution: jsonb("distribution").$type<StoredDistribution>().notNull(),
    options: jsonb("options").$type<BatchOptions>().notNull(),
    activityItemId: uuid("activity_item_id").notNull(),
    receiptKey: text("receipt_key"),
    combinedKey: text("combined_key"),
    bundleKey: text("bundle_key"),
    /** Set when each record's render is traced: the setting that asked (see lib/explain/settings.ts). */
    explainRequestedBy: text("explain_requested_by"),
    /** How long each record's trace is kept, fixed at intake; null: untraced, or a batch from before it was kept. */
    explainRetention: jsonb("explain_retention").$type<ExplainRetention>(),
    createdAt: createdAt(),
    updatedAt: ts("updated_at").notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("batches_tenant_correlation").on(t.tenantId, t.correlationId),
    index("batches_tenant_state").on(t.tenantId, t.state, t.createdAt),
  ],
);

export const batchRecords = pgTable(
  "batch_records",
  {
    batchId: uuid("batch_id")
      .notNull()
      .references(() => batches.id),
    recordIndex: integer("record_index").notNull(),
    tenantId: text("tenant_id").notNull(),
    data: jsonb("data").$type<Record<string, unknown>>().notNull(),
    correlationId: uuid("correlation_id").notNull(),
    documentId: text("document_id"),
    fileName: text("file_name").notNull(),
    status: text("status", { enum: ["pending", "rendered", "failed"] })
      .notNull()
      .default("pending"),
    error: text("error"),
    blobKey: text("blob_key"),
    byteSize: integer("byte_size"),
    timings: jsonb("timings").$type<RenderTimings>(),
    renderedAt: ts("rendered_at"),
  },
  (t) => [
    primaryKey({ columns: [t.batchId, t.recordIndex] }),
    uniqueIndex("batch_records_correlation").on(t.correlationId),
    index("batch_records_tenant").on(t.tenantId),
  ],
);

/** The activity list: one item per batch and one child per rendered record (referenceId = batchId). */
export const activityItems = pgTable(
  "activity_items",
  {
    id: uuid("id").primaryKey(),
    tenantId: text("tenant_id").notNull(),
    kind: text("kind", { enum: ["batch", "record"] }).notNull(),
    referenceId: uuid("reference_id"),
    correlationId: text("correlation_id").notNull(),
    title: text("title").notNull(),
    status: text("status").notNull(),
    detail: jsonb("detail").$type<ActivityDetail>(),
    createdAt: createdAt(),
    updatedAt: ts("updated_at").notNull().defaultNow(),
  },
  (t) => [index("activity_reference").on(t.tenantId, t.referenceId), uniqueIndex("activity_correlation").on(t.tenantId, t.correlationId)],
);

export const auditEvents = pgTable(
  "audit_events",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    tenantId: text("tenant_id").notNull(),
    subjectType: text("subject_type").notNull(),
    subjectId: text("subject_id").notNull(),
    action: text("action").notNull(),
    actor: text("actor"),
    detail: jsonb("detail").$type<Record<string, unknown>>(),
    dedupeKey: text("dedupe_key"),
    at: ts("at").notNull().defaultNow(),
  },
  (t) => [index("audit_subject").on(t.tenantId, t.subjectType, t.subjectId), uniqueIndex("audit_dedupe").on(t.dedupeKey)],
);

export const deliverySessions = pgTable(
  "delivery_sessions",
  {
    id: uuid("id").primaryKey(),
    tenantId: text("tenant_id").notNull(),
    batchId: uuid("batch_id").notNull(),
    recordIndex: integer("record_index").notNull(),
    recordCorrelationId: uuid("record_correlation_id").notNull(),
    recipientEmail: text("recipient_email").notNull(),
    recipientName: text("recipient_name"),
    tokenHash: text("token_hash").notNull(),
    expiresAt: ts("expires_at").notNull(),
    revokedAt: ts("revoked_at"),
    revokedBy: text("revoked_by"),
    /** The recipient's language (one of lib/i18n's), set for them or by their document; null: their browser's. */
    locale: text("locale"),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("delivery_sessions_token").on(t.tokenHash),
    uniqueIndex("delivery_sessions_recipient").on(t.batchId, t.recordIndex, t.recipientEmail),
    index("delivery_sessions_correlation").on(t.tenantId, t.recordCorrelationId),
  ],
);

export const deliveryEvents = pgTable(
  "delivery_events",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    sessionId: uuid("session_id")
      .notNull()
      .references(() => deliverySessions.id),
    tenantId: text("tenant_id").notNull(),
    kind: text("kind", { enum: ["access", "download", "denied", "language"] }).notNull(),
    /** A language event's choice (the recipient switched the page to it); null for the others. */
    locale: text("locale"),
    ip: text("ip"),
    userAgent: text("user_agent"),
    at: ts("at").notNull().defaultNow(),
  },
  (t) => [index("delivery_events_session").on(t.sessionId)],
);

export const mailOutbox = pgTable(
  "mail_outbox",
  {
    id: uuid("id").primaryKey(),
    tenantId: text("tenant_id"),
    dedupeKey: text("dedupe_key").notNull(),
    to: text("to").notNull(),
    subject: text("subject").notNull(),
    text: text("text").notNull(),
    status: text("status", { enum: ["pending", "sent", "failed"] })
      .notNull()
      .default("pending"),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: ts("next_attempt_at").notNull().defaultNow(),
    lockedUntil: ts("locked_until"),
    lastError: text("last_error"),
    sentAt: ts("sent_at"),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("mail_outbox_dedupe").on(t.dedupeKey), index("mail_outbox_due").on(t.status, t.nextAttemptAt)],
);

export const jobs = pgTable(
  "jobs",
  {
    id: uuid("id").primaryKey(),
    functionId: text("function_id").notNull(),
    event: text("event").notNull(),
    /** The event's data: each job parses it with its own payload schema (lib/jobs/define-job.ts). */
    payload: jsonb("payload").notNull(),
    dedupeKey: text("dedupe_key"),
    status: text("status", { enum: ["pending", "running", "done", "failed"] })
      .notNull()
      .default("pending"),
    attempts: integer("attempts").notNull().default(0),
    maxAttempts: integer("max_attempts").notNull().default(5),
    runAt: ts("run_at").notNull().defaultNow(),
    lockedUntil: ts("locked_until"),
    lockedBy: text("locked_by"),
    lastError: text("last_error"),
    /** Whose turn the job waits for: its tenant, then its batch (lib/jobs/lane.ts; the claim in job-store.ts). */
    laneTenant: text("lane_tenant").notNull().default(""),
    laneBatch: text("lane_batch").notNull().default(""),
    createdAt: createdAt(),
    updatedAt: ts("updated_at").notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("jobs_dedupe").on(t.dedupeKey),
    index("jobs_due").on(t.status, t.runAt),
    // The claim walks the lanes with pending jobs through this index, then takes each lane's oldest due ones.
    index("jobs_lane_due")
      .on(t.laneTenant, t.laneBatch, t.runAt)
      .where(sql`${t.status} = 'pending'`),
  ],
);

export const jobSteps = pgTable(
  "job_steps",
  {
    jobId: uuid("job_id")
      .notNull()
      .references(() => jobs.id, { onDelete: "cascade" }),
    stepId: text("step_id").notNull(),
    /** What the step returned, any JSON: the job that ran it knows its type (lib/jobs/job-store.ts). */
    result: jsonb("result"),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.jobId, t.stepId] })],
);

/** A workflow session (docs/spec.md, area B): a participant fills in steps, validation, approval, sealing. */
export const workflows = pgTable(
  "workflows",
  {
    id: uuid("id").primaryKey(),
    tenantId: text("tenant_id")
      .notNull()
      .references(() => tenants.id),
    correlationId: text("correlation_id").notNull(),
    title: text("title").notNull(),
    templatePath: text("template_path").notNull(),
    /** SHA-256 of the template text at creation; sealing renders exactly this version. */
    templateVersion: text("template_version").notNull(),
    /** The schema as it was at creation: later edits of the schema file change nothing here. */
    schema: jsonb("schema").$type<WorkflowSchema>().notNull(),
    settings: jsonb("settings").$type<WorkflowSettings>().notNull(),
    state: text("state").notNull(),
    currentStepIndex: integer("current_step_index").notNull().default(0),
    data: jsonb("data").$type<WorkflowData>().notNull(),
    /** Bumped on every data write; a client sending an older one gets 409 workflow.stale_version. */
    version: integer("version").notNull().default(1),
    validationOutcome: text("validation_outcome", { enum: ["passed", "failed"] }),
    validationResults: jsonb("validation_results")
      .$type<ValidationResult[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    validatedAt: ts("validated_at"),
    /** 0 before approval; the 1-based stage awaiting approval while pending-approval. */
    approvalStage: integer("approval_stage").notNull().default(0),
    approvalHistory: jsonb("approval_history")
      .$type<ApprovalEntry[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    changeRequests: jsonb("change_requests")
      .$type<ChangeRequest[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    /** Approvers the pending approval was escalated to in the current stage, in order (the last is the pending one). */
    escalatedTo: jsonb("escalated_to")
      .$type<string[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    /** When the current stage's approval was asked for (stage entry or last escalation): the escalation clock. */
    approvalRequestedAt: ts("approval_requested_at"),
    /** When the pending approver was reminded in the current wait (one reminder per wait). */
    reminderSentAt: ts("reminder_sent_at"),
    /** Field key to value when the reviewer last requested changes: the "what changed since the review". */
    reviewSnapshot: jsonb("review_snapshot").$type<Record<string, unknown>>(),
    approvalException: jsonb("approval_exception").$type<ApprovalException>(),
    sealedKey: text("sealed_key"),
    sealedSha256: text("sealed_sha256"),
    sealedAt: ts("sealed_at"),
    /**
     * E-signature: the document being signed. Revision 0 is the sealed record with its signature
     * page; each signature adds one. sealedKey and sealedSha256 are set (to the last revision) only
     * once every signer has signed, so "sealed" keeps meaning "final".
     */
    documentRevision: integer("document_revision"),
    documentKey: text("document_key"),
    documentSha256: text("document_sha256"),
    callbackUrl: text("callback_url"),
    createdBy: text("created_by").notNull(),
    createdAt: createdAt(),
    updatedAt: ts("updated_at").notNull().defaultNow(),
    completedAt: ts("completed_at"),
  },
  (t) => [
    uniqueIndex("workflows_tenant_correlation").on(t.tenantId, t.correlationId),
    index("workflows_tenant_state").on(t.tenantId, t.state, t.createdAt),
    index("workflows_pending_approval").on(t.state, t.approvalRequestedAt),
  ],
);

/** Everything that happened to a workflow, in order (`id`), written in the transaction of the change. */
export const workflowEvents = pgTable(
  "workflow_events",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    workflowId: uuid("workflow_id")
      .notNull()
      .references(() => workflows.id),
    tenantId: text("tenant_id").notNull(),
    kind: text("kind").notNull(),
    actor: text("actor").notNull(),
    detail: jsonb("detail").$type<Record<string, unknown>>(),
    at: ts("at").notNull().defaultNow(),
  },
  (t) => [index("workflow_events_workflow").on(t.tenantId, t.workflowId, t.id)],
);

export const signerStates = ["waiting", "invited", "viewed", "signed", "declined", "expired"] as const;
export type SignerState = (typeof signerStates)[number];

/**
 * One signer of a workflow with e-signature (templateSettings.esign), created with the workflow, and
 * what their ceremony recorded. The link's token is kept only as its SHA-256; a required passcode is
 * in `passcodes`.
 */
export const workflowSigners = pgTable(
  "workflow_signers",
  {
    id: uuid("id").primaryKey(),
    tenantId: text("tenant_id")
      .notNull()
      .references(() => tenants.id),
    workflowId: uuid("workflow_id")
      .notNull()
      .references(() => workflows.id),
    /** 0-based place on the signature page; the signer's field is signer-(position + 1). */
    position: integer("position").notNull(),
    /** 1-based place in the signing order (sequential mode); null in parallel mode. */
    signOrder: integer("sign_order"),
    name: text("name").notNull(),
    email: text("email").notNull(),
    role: text("role"),
    requireOtp: boolean("require_otp").notNull().default(false),
    /**
     * The language the create request named for this signer (esign.signers[].locale, one of the
     * catalogues' tags), null where it named none: the workflow's then decides (signer-locale.ts).
     */
    locale: text("locale"),
    state: text("state", { enum: signerStates }).notNull().default("waiting"),
    invitedAt: ts("invited_at"),
    viewedAt: ts("viewed_at"),
    /** The signer confirmed (consent, mark, intent); the signature is in the file once signedAt is set. */
    signRequestedAt: ts("sign_requested_at"),
    signedAt: ts("signed_at"),
    declinedAt: ts("declined_at"),
    expiredAt: ts("expired_at"),
    declineReason: text("decline_reason"),
    tokenHash: text("token_hash"),
    tokenExpiresAt: ts("token_expires_at"),
    /**
     * The random nonce the current link is derived from (with the server key, sign-link.ts), so the
     * reminder can carry the same link; the link itself is never stored. As secret as a delivery
     * session's id, from which its link is derived the same way.
     */
    tokenNonce: text("token_nonce"),
    /** When the current link's reminder was mailed (once per link; a new link clears it). */
    reminderSentAt: ts("reminder_sent_at"),
    /** The hashes of this signer's earlier links (a re-send replaces one): such a link is answered "replaced", not "unknown". */
    replacedTokenHashes: jsonb("replaced_token_hashes")
      .$type<string[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    /** The electronic-records consent the signer accepted (lib/signing/ceremony/consent.ts). */
    consentVersion: text("consent_version"),
    consentSha256: text("consent_sha256"),
    /** The language of the consent text the signer read and accepted; null on signatures made while it was English only. */
    consentLocale: text("consent_locale"),
    /** "email link" or "email link + one-time passcode": also written in the signature's reason. */
    verificationMethod: text("verification_method"),
    ip: text("ip"),
    userAgent: text("user_agent"),
    markKind: text("mark_kind", { enum: ["typed", "drawn"] }),
    markText: text("mark_text"),
    /** The drawn mark's PNG in the blob store. */
    markBlobKey: text("mark_blob_key"),
    /** The signer's reserved field on the signature page: name, 0-based page and [x, y, w, h] in points. */
    fieldName: text("field_name"),
    fieldPage: integer("field_page"),
    fieldRect: jsonb("field_rect").$type<[number, number, number, number]>(),
    /** The document revision this signature made, and its SHA-256. */
    signedRevision: integer("signed_revision"),
    signedSha256: text("signed_sha256"),
    createdAt: createdAt(),
    updatedAt: ts("updated_at").notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("workflow_signers_position").on(t.workflowId, t.position),
    index("workflow_signers_workflow").on(t.tenantId, t.workflowId, t.position),
  ],
);

/**
 * A one-time passcode (lib/otp): the workflow portal's (requireOtp) or one signer's (esign signer
 * requireOtp), one row per holder; a new send replaces the code. Only an HMAC of the code is kept
 * (keyed with a server secret, salted per code, bound to `id`).
 */
export const passcodes = pgTable(
  "passcodes",
  {
    /** The id the code is bound to: the signer's for a signer's code, else the workflow's. */
    id: uuid("id").primaryKey(),
    tenantId: text("tenant_id").notNull(),
    workflowId: uuid("workflow_id")
      .notNull()
      .references(() => workflows.id),
    /** The signer whose ceremony the code opens; null for the workflow portal's code. */
    signerId: uuid("signer_id").references(() => workflowSigners.id),
    /** Null once the code is used or locked: nothing is left to guess against. */
    codeHash: text("code_hash"),
    salt: text("salt").notNull(),
    sentAt: ts("sent_at").notNull(),
    expiresAt: ts("expires_at").notNull(),
    failedAttempts: integer("failed_attempts").notNull().default(0),
    /** Set on the last allowed wrong try: the code is dead and no new one is sent before this time. */
    lockedUntil: ts("locked_until"),
    /** Set when the code was used: it never verifies twice. */
    usedAt: ts("used_at"),
  },
  (t) => [check("passcodes_holder", sql`${t.id} = coalesce(${t.signerId}, ${t.workflowId})`)],
);

/**
 * The certificate of completion of a workflow with e-signature (lib/signing/certificate/issue-certificate.ts):
 * one per workflow, made once signing ended (complete or declined), signed with the tenant's key.
 * The activity chain's links are kept to re-check the activity later and name the event that broke.
 */
export const workflowCertificates = pgTable("workflow_certificates", {
  workflowId: uuid("workflow_id")
    .primaryKey()
    .references(() => workflows.id),
  tenantId: text("tenant_id")
    .notNull()
    .references(() => tenants.id),
  /** "complete" or "declined": what the certificate attests. */
  outcome: text("outcome", { enum: ["complete", "declined"] }).notNull(),
  blobKey: text("blob_key").notNull(),
  sha256: text("sha256").notNull(),
  /** The hash of the last link: printed in the certificate, which the tenant's signature covers. */
  chainHead: text("chain_head").notNull(),
  chainLinks: jsonb("chain_links").$type<ChainLink[]>().notNull(),
  /** The document revision the certificate describes (the last one at the time). */
  documentRevision: integer("document_revision").notNull(),
  createdAt: createdAt(),
});

/** Every attempt to deliver a workflow callback (terminal state), readable at GET /api/workflow/{id}/callbacks. */
export const workflowCallbackAttempts = pgTable(
  "workflow_callback_attempts",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    tenantId: text("tenant_id").notNull(),
    workflowId: uuid("workflow_id")
      .notNull()
      .references(() => workflows.id),
    /** The webhook-id of the message: the same on every attempt of one callback. */
    messageId: text("message_id").notNull(),
    attemptNo: integer("attempt_no").notNull(),
    state: text("state").notNull(),
    urlHost: text("url_host").notNull(),
    /** delivered | retry | gave-up | refused */
    outcome: text("outcome").notNull(),
    statusCode: integer("status_code"),
    error: text("error"),
    durationMs: integer("duration_ms").notNull(),
    at: ts("at").notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("workflow_callback_attempts_message_attempt").on(t.messageId, t.attemptNo),
    index("workflow_callback_attempts_workflow").on(t.tenantId, t.workflowId, t.id),
  ],
);

/**
 * One explain trace per traced render, written after the render returned. The trace JSON is a blob
 * (`blob_key`, under tenants/<tenant>/explain/traces/; gzip under …/explain/archive/ once archived; rows stored before the tenant folders keep their older keys).
 */
export const explainTraces = pgTable(
  "explain_traces",
  {
    id: uuid("id").primaryKey(),
    tenantId: text("tenant_id")
      .notNull()
      .references(() => tenants.id),
    correlationId: text("correlation_id").notNull(),
    renderKind: text("render_kind", { enum: ["single", "batch-record", "sealed-workflow"] }).notNull(),
    /** The batch of a batch record, the workflow of a sealed PDF. */
    referenceId: text("reference_id"),
    blobKey: text("blob_key").notNull(),
    byteSize: integer("byte_size").notNull(),
    createdAt: createdAt(),
    archivedAt: ts("archived_at"),
    /** When the hourly job moves it to cold storage, and when the daily one deletes it: decided when it is written. */
    archiveAfter: ts("archive_after").notNull(),
    deleteAfter: ts("delete_after").notNull(),
  },
  (t) => [
    index("explain_traces_tenant_correlation").on(t.tenantId, t.correlationId, t.createdAt),
    index("explain_traces_archive_due")
      .on(t.archiveAfter)
      .where(sql`${t.archivedAt} is null`),
    index("explain_traces_delete_due").on(t.deleteAfter),
  ],
);

/**
 * The explain reports made from a trace, kept one hour (then made again): one row per trace and
 * variant (mode, with or without the accessibility scorecard, language, report format).
 */
export const explainReports = pgTable(
  "explain_reports",
  {
    traceId: uuid("trace_id")
      .notNull()
      .references(() => explainTraces.id, { onDelete: "cascade" }),
    variant: text("variant").notNull(),
    tenantId: text("tenant_id")
      .notNull()
      .references(() => tenants.id),
    blobKey: text("blob_key").notNull(),
    byteSize: integer("byte_size").notNull(),
    generatedAt: ts("generated_at").notNull(),
  },
  (t) => [primaryKey({ columns: [t.traceId, t.variant] })],
);

export type Tenant = typeof tenants.$inferSelect;
export type Batch = typeof batches.$inferSelect;
export type BatchRecord = typeof batchRecords.$inferSelect;
export type ActivityItem = typeof activityItems.$inferSelect;
export type DeliverySession = typeof deliverySessions.$inferSelect;
export type DeliveryEvent = typeof deliveryEvents.$inferSelect;
export type MailMessage = typeof mailOutbox.$inferSelect;
export type Job = typeof jobs.$inferSelect;
export type Workflow = typeof workflows.$inferSelect;
export type WorkflowEvent = typeof workflowEvents.$inferSelect;
export type WorkflowSigner = typeof workflowSigners.$inferSelect;
export type Passcode = typeof passcodes.$inferSelect;
export type WorkflowCertificate = typeof workflowCertificates.$inferSelect;
export type WorkflowCallbackAttempt = typeof workflowCallbackAttempts.$inferSelect;
export type ExplainTrace = typeof explainTraces.$inferSelect;
export type ExplainReport = typeof explainReports.$inferSelect;

/**
 * Rows as they are inserted: the fields a writer sets, the rest from the schema's defaults (or null).
 * A tenant is inserted as lib/tenants' NewTenant, what `tenant add` takes.
 */
export type NewBatch = typeof batches.$inferInsert;
export type NewBatchRecord = typeof batchRecords.$inferInsert;
export type NewActivityItem = typeof activityItems.$inferInsert;
export type NewDeliverySession = typeof deliverySessions.$inferInsert;
export type NewDeliveryEvent = typeof deliveryEvents.$inferInsert;
export type NewMailMessage = typeof mailOutbox.$inferInsert;
export type NewJob = typeof jobs.$inferInsert;
export type NewWorkflow = typeof workflows.$inferInsert;
export type NewWorkflowEvent = typeof workflowEvents.$inferInsert;
export type NewWorkflowSigner = typeof workflowSigners.$inferInsert;
export type NewPasscode = typeof passcodes.$inferInsert;
export type NewWorkflowCertificate = typeof workflowCertificates.$inferInsert;
export type NewWorkflowCallbackAttempt = typeof workflowCallbackAttempts.$inferInsert;
export type NewExplainTrace = typeof explainTraces.$inferInsert;
export type NewExplainReport = typeof explainReports.$inferInsert;
