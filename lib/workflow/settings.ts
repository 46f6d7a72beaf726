import { z } from "zod";
import { retentionFields } from "@/lib/explain/retention-fields";
import { emailAddress } from "@/lib/mail/address";
import { formattableLocale } from "@/lib/i18n/locales";
import { personLocaleField } from "./person-locales";

const email = emailAddress();
export const recipientSchema = z.object({ email, displayName: z.string().trim().max(200).optional() });

/**
 * A participant of the portal: a recipient with the language of their mails and pages (`de`, `pt-BR`;
 * a regional tag is read as its catalogue's, de-AT as de). Checked by createWorkflow, so that a
 * language Sealpost does not write is 422 workflow.locale_unsupported naming the entry.
 */
export const participantSchema = recipientSchema.extend({ locale: personLocaleField });

/** The language and region answers are shown in (dates, numbers): a BCP 47 tag such as en-GB or de-DE. */
export const localeTag = z
  .string()
  .max(35)
  .transform(
    (tag, ctx) =>
      formattableLocale(tag) ??
      (ctx.addIssue({ code: "custom", message: "must be a language tag such as en-GB or de-DE that this server can format" }), z.NEVER),
  );

/** templateSettings of the workflow create request (docs/spec.md, "Workflow create request"). */
export const workflowTemplateSettings = z
  .object({
    workflow: z
      .object({
        schemaPath: z.string().min(1).max(500).optional(),
        recipients: z.array(participantSchema).max(50).default([]),
        requireOtp: z.boolean().default(false),
        organizationName: z.string().trim().max(200).optional(),
        locale: localeTag.optional(),
        message: z.string().max(5000).optional(),
        autoValidateOnCreate: z.boolean().optional(),
      })
      .default({ recipients: [], requireOtp: false }),
    /** Checked by createWorkflow (esign-request.ts), so that a bad signer list is a 422 naming its field. */
    esign: z.unknown().optional(),
    delivery: z
      .object({
        enabled: z.boolean().default(false),
        recipients: z
          .array(z.union([email, recipientSchema]))
          .max(50)
          .optional(),
      })
      .optional(),
    /** Trace the sealed PDF's render (docs/spec.md, "Explain settings"); overrides the template's front matter. */
    explainDocument: z.boolean().optional(),
    ...retentionFields,
  })
  .loose()
  .default({ workflow: { recipients: [], requireOtp: false } });

/** What a workflow keeps of its request: the settings with the template's defaults applied, and the options. */
export type { WorkflowSettings } from "@/lib/db/json/workflow-settings";
