CREATE TABLE "workflow_callback_attempts" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"tenant_id" text NOT NULL,
	"workflow_id" uuid NOT NULL,
	"message_id" text NOT NULL,
	"attempt_no" integer NOT NULL,
	"state" text NOT NULL,
	"url_host" text NOT NULL,
	"outcome" text NOT NULL,
	"status_code" integer,
	"error" text,
	"duration_ms" integer NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "workflow_otps" (
	"workflow_id" uuid PRIMARY KEY NOT NULL,
	"tenant_id" text NOT NULL,
	"code_hash" text,
	"salt" text NOT NULL,
	"sent_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"failed_attempts" integer DEFAULT 0 NOT NULL,
	"locked_until" timestamp with time zone,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "workflow_callback_attempts" ADD CONSTRAINT "workflow_callback_attempts_workflow_id_workflows_id_fk" FOREIGN KEY ("workflow_id") REFERENCES "public"."workflows"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workflow_otps" ADD CONSTRAINT "workflow_otps_workflow_id_workflows_id_fk" FOREIGN KEY ("workflow_id") REFERENCES "public"."workflows"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "workflow_callback_attempts_message_attempt" ON "workflow_callback_attempts" USING btree ("message_id","attempt_no");--> statement-breakpoint
CREATE INDEX "workflow_callback_attempts_workflow" ON "workflow_callback_attempts" USING btree ("tenant_id","workflow_id","id");