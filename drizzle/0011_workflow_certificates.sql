CREATE TABLE "workflow_certificates" (
	"workflow_id" uuid PRIMARY KEY NOT NULL,
	"tenant_id" text NOT NULL,
	"outcome" text NOT NULL,
	"blob_key" text NOT NULL,
	"sha256" text NOT NULL,
	"chain_head" text NOT NULL,
	"chain_links" jsonb NOT NULL,
	"document_revision" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "workflow_certificates" ADD CONSTRAINT "workflow_certificates_workflow_id_workflows_id_fk" FOREIGN KEY ("workflow_id") REFERENCES "public"."workflows"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workflow_certificates" ADD CONSTRAINT "workflow_certificates_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;