ALTER TABLE "workflow_signers" ADD COLUMN "token_nonce" text;--> statement-breakpoint
ALTER TABLE "workflow_signers" ADD COLUMN "reminder_sent_at" timestamp with time zone;