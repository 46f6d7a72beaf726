ALTER TABLE "workflows" ADD COLUMN "escalated_to" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "workflows" ADD COLUMN "approval_requested_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "workflows" ADD COLUMN "reminder_sent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "workflows" ADD COLUMN "review_snapshot" jsonb;--> statement-breakpoint
ALTER TABLE "workflows" ADD COLUMN "approval_exception" jsonb;--> statement-breakpoint
ALTER TABLE "workflows" ADD COLUMN "sealed_key" text;--> statement-breakpoint
ALTER TABLE "workflows" ADD COLUMN "sealed_sha256" text;--> statement-breakpoint
ALTER TABLE "workflows" ADD COLUMN "sealed_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "workflows_pending_approval" ON "workflows" USING btree ("state","approval_requested_at");