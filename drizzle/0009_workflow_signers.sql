CREATE TABLE "workflow_signers" (
	"id" uuid PRIMARY KEY NOT NULL,
	"tenant_id" text NOT NULL,
	"workflow_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"sign_order" integer,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"role" text,
	"require_otp" boolean DEFAULT false NOT NULL,
	"state" text DEFAULT 'waiting' NOT NULL,
	"invited_at" timestamp with time zone,
	"viewed_at" timestamp with time zone,
	"sign_requested_at" timestamp with time zone,
	"signed_at" timestamp with time zone,
	"declined_at" timestamp with time zone,
	"expired_at" timestamp with time zone,
	"decline_reason" text,
	"token_hash" text,
	"token_expires_at" timestamp with time zone,
	"replaced_token_hashes" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"otp_code_hash" text,
	"otp_salt" text,
	"otp_sent_at" timestamp with time zone,
	"otp_expires_at" timestamp with time zone,
	"otp_failed_attempts" integer DEFAULT 0 NOT NULL,
	"otp_locked_until" timestamp with time zone,
	"otp_verified_at" timestamp with time zone,
	"consent_version" text,
	"consent_sha256" text,
	"verification_method" text,
	"ip" text,
	"user_agent" text,
	"mark_kind" text,
	"mark_text" text,
	"mark_blob_key" text,
	"field_name" text,
	"field_page" integer,
	"field_rect" jsonb,
	"signed_revision" integer,
	"signed_sha256" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "workflows" ADD COLUMN "document_revision" integer;--> statement-breakpoint
ALTER TABLE "workflows" ADD COLUMN "document_key" text;--> statement-breakpoint
ALTER TABLE "workflows" ADD COLUMN "document_sha256" text;--> statement-breakpoint
ALTER TABLE "workflow_signers" ADD CONSTRAINT "workflow_signers_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workflow_signers" ADD CONSTRAINT "workflow_signers_workflow_id_workflows_id_fk" FOREIGN KEY ("workflow_id") REFERENCES "public"."workflows"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "workflow_signers_position" ON "workflow_signers" USING btree ("workflow_id","position");--> statement-breakpoint
CREATE INDEX "workflow_signers_workflow" ON "workflow_signers" USING btree ("tenant_id","workflow_id","position");