DROP INDEX "explain_traces_created";--> statement-breakpoint
ALTER TABLE "batches" ADD COLUMN "explain_retention" jsonb;--> statement-breakpoint
ALTER TABLE "explain_traces" ADD COLUMN "archive_after" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "explain_traces" ADD COLUMN "delete_after" timestamp with time zone;--> statement-breakpoint
-- Traces written before this migration keep the deployment's settings: lib/db/client.ts sets
-- EXPLAIN_ARCHIVE_AFTER_DAYS and EXPLAIN_RETENTION_YEARS (in months) on the migrating session; the spec's
-- defaults (30 days, 2 years) stand in when the migration runs elsewhere (drizzle-kit migrate).
UPDATE "explain_traces" SET
  "archive_after" = "created_at" + make_interval(days => coalesce(nullif(current_setting('sealpost.explain_archive_after_days', true), ''), '30')::int),
  "delete_after" = "created_at" + make_interval(months => coalesce(nullif(current_setting('sealpost.explain_retention_months', true), ''), '24')::int);--> statement-breakpoint
ALTER TABLE "explain_traces" ALTER COLUMN "archive_after" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "explain_traces" ALTER COLUMN "delete_after" SET NOT NULL;--> statement-breakpoint
CREATE INDEX "explain_traces_archive_due" ON "explain_traces" USING btree ("archive_after") WHERE "explain_traces"."archived_at" is null;--> statement-breakpoint
CREATE INDEX "explain_traces_delete_due" ON "explain_traces" USING btree ("delete_after");
