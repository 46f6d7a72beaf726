import { z } from "zod";
import { retentionFields } from "@/lib/explain/retention-fields";
import { emailAddress } from "@/lib/mail/address";
import type { BatchOptions } from "@/lib/db/json/batch";
import type { Expect, SameType } from "@/lib/same-type";
import { distributionSettingsSchema } from "@/lib/templates/front-matter";

const idString = z.string().trim().min(1).max(200);
const MAX_REPORTED = 20;
const isPlainObject = (v: unknown) => v !== null && typeof v === "object" && !Array.isArray(v);
const describe = (v: unknown) => (v === null ? "null" : Array.isArray(v) ? "an array" : typeof v);

export const renderRequestSchema = z
  .object({
    templatePath: z.string().min(1).max(500).optional(),
    /** Legacy alias accepted by workflow create; kept here so both entry points read alike. */
    templateId: z.string().min(1).max(500).optional(),
    options: z
      .object({
        correlationId: idString.optional(),
        documentId: idString.optional(),
        generatedBy: emailAddress().optional(),
        sourceSystem: z.string().trim().max(200).optional(),
        documentIdTemplate: z.string().min(1).max(500).optional(),
        title: z.string().trim().max(300).optional(),
      })
      .default({}),
    dataSource: z.union([z.array(z.unknown()), z.record(z.string(), z.unknown())], {
      error: "dataSource must be an array of records (batch) or one object (single document)",
    }),
    templateSettings: z
      .object({ distribution: distributionSettingsSchema.optional(), explainDocument: z.boolean().optional(), ...retentionFields })
      .loose()
      .default({}),
    features: z
      .object({ svcDispatch: z.boolean().optional(), explainDocument: z.boolean().optional(), ...retentionFields })
      .loose()
      .default({}),
  })
  .refine((r) => r.templatePath ?? r.templateId, { message: "templatePath is required", path: ["templatePath"] })
  .superRefine((r, ctx) => {
    // A record that is not an object is a malformed request, not a record failing its field rules.
    if (!Array.isArray(r.dataSource)) return;
    let reported = 0;
    for (const [i, rec] of r.dataSource.entries()) {
      if (isPlainObject(rec)) continue;
      ctx.addIssue({ code: "custom", path: ["dataSource", i], message: `each record must be a JSON object (got ${describe(rec)})` });
      if (++reported === MAX_REPORTED) break;
    }
  });

export type RenderRequest = z.infer<typeof renderRequestSchema>;
// A batch keeps the request's options with its submitter (batches.options): every option is stored.
type _OptionsAreStored = Expect<SameType<RenderRequest["options"], Omit<BatchOptions, "submitterEmail" | "submitterSubject">>>;
