ALTER TABLE "batches" ADD COLUMN "locale" text;--> statement-breakpoint
ALTER TABLE "delivery_events" ADD COLUMN "locale" text;--> statement-breakpoint
ALTER TABLE "delivery_sessions" ADD COLUMN "locale" text;