CREATE TABLE "activity_items" (
	"id" uuid PRIMARY KEY NOT NULL,
	"tenant_id" text NOT NULL,
	"kind" text NOT NULL,
	"reference_id" uuid,
	"correlation_id" text NOT NULL,
	"title" text NOT NULL,
	"status" text NOT NULL,
	"detail" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "audit_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"tenant_id" text NOT NULL,
	"subject_type" text NOT NULL,
	"subject_id" text NOT NULL,
	"action" text NOT NULL,
	"actor" text,
	"detail" jsonb,
	"dedupe_key" text,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "batch_records" (
	"batch_id" uuid NOT NULL,
	"record_index" integer NOT NULL,
	"tenant_id" text NOT NULL,
	"data" jsonb NOT NULL,
	"correlation_id" uuid NOT NULL,
	"document_id" text,
	"file_name" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"error" text,
	"blob_key" text,
	"byte_size" integer,
	"timings" jsonb,
	"rendered_at" timestamp with time zone,
	CONSTRAINT "batch_records_batch_id_record_index_pk" PRIMARY KEY("batch_id","record_index")
);
--> statement-breakpoint
CREATE TABLE "batches" (
	"id" uuid PRIMARY KEY NOT NULL,
	"tenant_id" text NOT NULL,
	"correlation_id" text NOT NULL,
	"state" text NOT NULL,
	"readiness" text NOT NULL,
	"title" text NOT NULL,
	"template_path" text NOT NULL,
	"document_id" text,
	"source_system" text,
	"document_count" integer NOT NULL,
	"ready_count" integer NOT NULL,
	"failed_count" integer DEFAULT 0 NOT NULL,
	"warning_count" integer NOT NULL,
	"invalid_count" integer DEFAULT 0 NOT NULL,
	"processed_count" integer DEFAULT 0 NOT NULL,
	"error_count" integer DEFAULT 0 NOT NULL,
	"submitted_by" text NOT NULL,
	"approvers" jsonb NOT NULL,
	"approved_by" text,
	"decided_at" timestamp with time zone,
	"queued_at" timestamp with time zone,
	"started_at" timestamp with time zone,
	"completed_at" timestamp with time zone,
	"decision_comments" text,
	"validation_results" jsonb NOT NULL,
	"distribution" jsonb NOT NULL,
	"options" jsonb NOT NULL,
	"activity_item_id" uuid NOT NULL,
	"receipt_key" text,
	"combined_key" text,
	"bundle_key" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "delivery_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"session_id" uuid NOT NULL,
	"tenant_id" text NOT NULL,
	"kind" text NOT NULL,
	"ip" text,
	"user_agent" text,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "delivery_sessions" (
	"id" uuid PRIMARY KEY NOT NULL,
	"tenant_id" text NOT NULL,
	"batch_id" uuid NOT NULL,
	"record_index" integer NOT NULL,
	"record_correlation_id" uuid NOT NULL,
	"recipient_email" text NOT NULL,
	"recipient_name" text,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	"revoked_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "job_steps" (
	"job_id" uuid NOT NULL,
	"step_id" text NOT NULL,
	"result" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "job_steps_job_id_step_id_pk" PRIMARY KEY("job_id","step_id")
);
--> statement-breakpoint
CREATE TABLE "jobs" (
	"id" uuid PRIMARY KEY NOT NULL,
	"function_id" text NOT NULL,
	"event" text NOT NULL,
	"payload" jsonb NOT NULL,
	"dedupe_key" text,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"max_attempts" integer DEFAULT 5 NOT NULL,
	"run_at" timestamp with time zone DEFAULT now() NOT NULL,
	"locked_until" timestamp with time zone,
	"locked_by" text,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "mail_outbox" (
	"id" uuid PRIMARY KEY NOT NULL,
	"tenant_id" text,
	"dedupe_key" text NOT NULL,
	"to" text NOT NULL,
	"subject" text NOT NULL,
	"text" text NOT NULL,
	"html" text,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"locked_until" timestamp with time zone,
	"last_error" text,
	"sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tenants" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"tier" text NOT NULL,
	"features" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"approvers" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "batch_records" ADD CONSTRAINT "batch_records_batch_id_batches_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."batches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "batches" ADD CONSTRAINT "batches_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "delivery_events" ADD CONSTRAINT "delivery_events_session_id_delivery_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."delivery_sessions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_steps" ADD CONSTRAINT "job_steps_job_id_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."jobs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "activity_reference" ON "activity_items" USING btree ("tenant_id","reference_id");--> statement-breakpoint
CREATE UNIQUE INDEX "activity_correlation" ON "activity_items" USING btree ("tenant_id","correlation_id");--> statement-breakpoint
CREATE INDEX "audit_subject" ON "audit_events" USING btree ("tenant_id","subject_type","subject_id");--> statement-breakpoint
CREATE UNIQUE INDEX "audit_dedupe" ON "audit_events" USING btree ("dedupe_key");--> statement-breakpoint
CREATE UNIQUE INDEX "batch_records_correlation" ON "batch_records" USING btree ("correlation_id");--> statement-breakpoint
CREATE INDEX "batch_records_tenant" ON "batch_records" USING btree ("tenant_id");--> statement-breakpoint
CREATE UNIQUE INDEX "batches_tenant_correlation" ON "batches" USING btree ("tenant_id","correlation_id");--> statement-breakpoint
CREATE INDEX "batches_tenant_state" ON "batches" USING btree ("tenant_id","state","created_at");--> statement-breakpoint
CREATE INDEX "delivery_events_session" ON "delivery_events" USING btree ("session_id");--> statement-breakpoint
CREATE UNIQUE INDEX "delivery_sessions_token" ON "delivery_sessions" USING btree ("token_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "delivery_sessions_recipient" ON "delivery_sessions" USING btree ("batch_id","record_index","recipient_email");--> statement-breakpoint
CREATE INDEX "delivery_sessions_correlation" ON "delivery_sessions" USING btree ("tenant_id","record_correlation_id");--> statement-breakpoint
CREATE UNIQUE INDEX "jobs_dedupe" ON "jobs" USING btree ("dedupe_key");--> statement-breakpoint
CREATE INDEX "jobs_due" ON "jobs" USING btree ("status","run_at");--> statement-breakpoint
CREATE UNIQUE INDEX "mail_outbox_dedupe" ON "mail_outbox" USING btree ("dedupe_key");--> statement-breakpoint
CREATE INDEX "mail_outbox_due" ON "mail_outbox" USING btree ("status","next_attempt_at");