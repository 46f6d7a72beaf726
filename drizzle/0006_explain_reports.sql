CREATE TABLE "explain_reports" (
	"trace_id" uuid NOT NULL,
	"variant" text NOT NULL,
	"tenant_id" text NOT NULL,
	"blob_key" text NOT NULL,
	"byte_size" integer NOT NULL,
	"generated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "explain_reports_trace_id_variant_pk" PRIMARY KEY("trace_id","variant")
);
--> statement-breakpoint
ALTER TABLE "explain_reports" ADD CONSTRAINT "explain_reports_trace_id_explain_traces_id_fk" FOREIGN KEY ("trace_id") REFERENCES "public"."explain_traces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "explain_reports" ADD CONSTRAINT "explain_reports_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;