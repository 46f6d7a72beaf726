CREATE TABLE "passcodes" (
	"id" uuid PRIMARY KEY NOT NULL,
	"tenant_id" text NOT NULL,
	"workflow_id" uuid NOT NULL,
	"signer_id" uuid,
	"code_hash" text,
	"salt" text NOT NULL,
	"sent_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"failed_attempts" integer DEFAULT 0 NOT NULL,
	"locked_until" timestamp with time zone,
	"used_at" timestamp with time zone,
	CONSTRAINT "passcodes_holder" CHECK ("passcodes"."id" = coalesce("passcodes"."signer_id", "passcodes"."workflow_id"))
);
--> statement-breakpoint
ALTER TABLE "passcodes" ADD CONSTRAINT "passcodes_workflow_id_workflows_id_fk" FOREIGN KEY ("workflow_id") REFERENCES "public"."workflows"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "passcodes" ADD CONSTRAINT "passcodes_signer_id_workflow_signers_id_fk" FOREIGN KEY ("signer_id") REFERENCES "public"."workflow_signers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
-- The passcodes waiting, used or locked move over unchanged (hash, salt, clock, tries), so a code
-- already mailed still verifies and a lockout still runs; a used code keeps no hash.
INSERT INTO "passcodes" ("id", "tenant_id", "workflow_id", "signer_id", "code_hash", "salt", "sent_at", "expires_at", "failed_attempts", "locked_until", "used_at")
SELECT "workflow_id", "tenant_id", "workflow_id", NULL, CASE WHEN "used_at" IS NULL THEN "code_hash" END, "salt", "sent_at", "expires_at", "failed_attempts", "locked_until", "used_at"
FROM "workflow_otps";--> statement-breakpoint
INSERT INTO "passcodes" ("id", "tenant_id", "workflow_id", "signer_id", "code_hash", "salt", "sent_at", "expires_at", "failed_attempts", "locked_until", "used_at")
SELECT "id", "tenant_id", "workflow_id", "id", "otp_code_hash", "otp_salt", "otp_sent_at", "otp_expires_at", "otp_failed_attempts", "otp_locked_until",
  CASE WHEN "otp_code_hash" IS NULL AND "otp_verified_at" >= "otp_sent_at" THEN "otp_verified_at" END
FROM "workflow_signers"
WHERE "otp_salt" IS NOT NULL AND "otp_sent_at" IS NOT NULL AND "otp_expires_at" IS NOT NULL;--> statement-breakpoint
DROP TABLE "workflow_otps" CASCADE;--> statement-breakpoint
ALTER TABLE "workflow_signers" DROP COLUMN "otp_code_hash";--> statement-breakpoint
ALTER TABLE "workflow_signers" DROP COLUMN "otp_salt";--> statement-breakpoint
ALTER TABLE "workflow_signers" DROP COLUMN "otp_sent_at";--> statement-breakpoint
ALTER TABLE "workflow_signers" DROP COLUMN "otp_expires_at";--> statement-breakpoint
ALTER TABLE "workflow_signers" DROP COLUMN "otp_failed_attempts";--> statement-breakpoint
ALTER TABLE "workflow_signers" DROP COLUMN "otp_locked_until";--> statement-breakpoint
ALTER TABLE "workflow_signers" DROP COLUMN "otp_verified_at";
