import { z } from "zod";
import { distributionSettingsSchema } from "@/lib/templates/front-matter";

const idString = z.string().trim().min(1).max(200);

export const renderRequestSchema = z.object({
  templatePath: z.string().min(1).max(500).optional(),
  /** Legacy alias accepted by workflow create; kept here so both entry points read alike. */
  templateId: z.string().min(1).max(500).optional(),
  options: z
    .object({
      correlationId: idString.optional(),
      documentId: idString.optional(),
      generatedBy: z.string().trim().toLowerCase().email().optional(),
      sourceSystem: z.string().trim().max(200).optional(),
      documentIdTemplate: z.string().min(1).max(500).optional(),
      title: z.string().trim().max(300).optional(),
    })
    .default({}),
  dataSource: z.union([z.array(z.unknown()), z.record(z.string(), z.unknown())], {
    error: "dataSource must be an array of records (batch) or one object (single document)",
  }),
  templateSettings: z
    .object({ distribution: distributionSettingsSchema.optional(), explainDocument: z.boolean().optional() })
    .loose()
    .default({}),
  features: z.object({ svcDispatch: z.boolean().optional(), explainDocument: z.boolean().optional() }).loose().default({}),
}).refine((r) => r.templatePath ?? r.templateId, { message: "templatePath is required", path: ["templatePath"] });

export type RenderRequest = z.infer<typeof renderRequestSchema>;
