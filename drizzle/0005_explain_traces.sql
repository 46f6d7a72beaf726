CREATE TABLE "explain_traces" (
	"id" uuid PRIMARY KEY NOT NULL,
	"tenant_id" text NOT NULL,
	"correlation_id" text NOT NULL,
	"render_kind" text NOT NULL,
	"reference_id" text,
	"blob_key" text NOT NULL,
	"byte_size" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"archived_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "batches" ADD COLUMN "explain_requested_by" text;--> statement-breakpoint
ALTER TABLE "explain_traces" ADD CONSTRAINT "explain_traces_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "explain_traces_tenant_correlation" ON "explain_traces" USING btree ("tenant_id","correlation_id","created_at");--> statement-breakpoint
CREATE INDEX "explain_traces_created" ON "explain_traces" USING btree ("created_at");