CREATE TABLE "workflow_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"workflow_id" uuid NOT NULL,
	"tenant_id" text NOT NULL,
	"kind" text NOT NULL,
	"actor" text NOT NULL,
	"detail" jsonb,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "workflows" (
	"id" uuid PRIMARY KEY NOT NULL,
	"tenant_id" text NOT NULL,
	"correlation_id" text NOT NULL,
	"title" text NOT NULL,
	"template_path" text NOT NULL,
	"template_version" text NOT NULL,
	"schema" jsonb NOT NULL,
	"settings" jsonb NOT NULL,
	"state" text NOT NULL,
	"current_step_index" integer DEFAULT 0 NOT NULL,
	"data" jsonb NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"validation_outcome" text,
	"validation_results" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"validated_at" timestamp with time zone,
	"approval_stage" integer DEFAULT 0 NOT NULL,
	"approval_history" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"change_requests" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"callback_url" text,
	"created_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "workflow_events" ADD CONSTRAINT "workflow_events_workflow_id_workflows_id_fk" FOREIGN KEY ("workflow_id") REFERENCES "public"."workflows"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workflows" ADD CONSTRAINT "workflows_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "workflow_events_workflow" ON "workflow_events" USING btree ("tenant_id","workflow_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "workflows_tenant_correlation" ON "workflows" USING btree ("tenant_id","correlation_id");--> statement-breakpoint
CREATE INDEX "workflows_tenant_state" ON "workflows" USING btree ("tenant_id","state","created_at");