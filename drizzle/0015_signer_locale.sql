ALTER TABLE "workflow_signers" ADD COLUMN "locale" text;--> statement-breakpoint
ALTER TABLE "workflow_signers" ADD COLUMN "consent_locale" text;