ALTER TABLE "jobs" ADD COLUMN "lane_tenant" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "jobs" ADD COLUMN "lane_batch" text DEFAULT '' NOT NULL;--> statement-breakpoint
UPDATE "jobs" SET "lane_tenant" = coalesce("payload"->>'tenantId', 'job:' || "function_id"), "lane_batch" = coalesce("payload"->>'batchId', "function_id") WHERE "status" IN ('pending', 'running');--> statement-breakpoint
CREATE INDEX "jobs_lane_due" ON "jobs" USING btree ("lane_tenant","lane_batch","run_at") WHERE "jobs"."status" = 'pending';