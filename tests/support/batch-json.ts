import { resolvedSchema } from "@/lib/batch/resolve-distribution";
import type { NewBatch } from "@/lib/db/schema";

/** A batch's jsonb columns as intake stores them for a request without settings from a caller without email, no record with messages. */
export const plainBatchJson = {
  validationResults: [],
  distribution: resolvedSchema.parse({}),
  options: { submitterEmail: null, submitterSubject: "svc" },
} satisfies Pick<NewBatch, "validationResults" | "distribution" | "options">;
