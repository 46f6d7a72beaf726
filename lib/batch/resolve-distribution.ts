import { z } from "zod";
import { AppError } from "@/lib/http/problem";
import { parseOrThrow } from "@/lib/http/zod-errors";
import { emailAddress } from "@/lib/mail/address";
import type { StoredDistribution } from "@/lib/db/json/batch";
import type { Expect, SameType } from "@/lib/same-type";

const emailList = z
  .union([z.string(), z.array(z.string())])
  .transform((v) => (Array.isArray(v) ? v : v.split(/[;,]/)).map((s) => s.trim().toLowerCase()).filter(Boolean))
  .pipe(z.array(emailAddress("approversEmail holds an invalid address")));

/** Distribution settings after template defaults and the request's override are merged. */
export const resolvedSchema = z.object({
  enabled: z.boolean().default(false),
  mode: z.enum(["individual", "combined"]).default("individual"),
  requireApproval: z.boolean().default(false),
  fileNameTemplate: z.string().min(1).max(300).default("document-{BATCHID_1}"),
  approversEmail: emailList.optional(),
  deliveryConfig: z
    .object({
      mode: z.enum(["secure-email", "none"]).default("none"),
      expiresInHours: z
        .number()
        .positive()
        .max(24 * 366)
        .default(168),
      nameField: z.string().optional(),
    })
    .default({ mode: "none", expiresInHours: 168 }),
  zipBundle: z.boolean().default(false),
});

export type Distribution = z.infer<typeof resolvedSchema>;
// A batch keeps its resolved settings (batches.distribution): what this parser gives is what is stored.
type _DistributionIsStored = Expect<SameType<Distribution, StoredDistribution>>;

type Partial = Record<string, unknown> | undefined;

export function resolveDistribution(fromTemplate: Partial, fromRequest: Partial): Distribution {
  const merged = {
    ...(fromTemplate ?? {}),
    ...(fromRequest ?? {}),
    deliveryConfig: {
      ...((fromTemplate?.deliveryConfig as object) ?? {}),
      ...((fromRequest?.deliveryConfig as object) ?? {}),
    },
  };
  const d = parseOrThrow(resolvedSchema, merged, "batch.settings_invalid", "distribution settings");
  if (d.zipBundle && d.mode !== "individual") {
    throw new AppError("batch.settings_invalid", "zipBundle is available in individual mode only", {
      errors: [{ path: "templateSettings.distribution.zipBundle", message: "individual mode only" }],
    });
  }
  return d;
}

/** docs/spec.md, "What the service does": batch dispatch is on when asked for, or activated by distribution enabled + requireApproval. */
export function batchDispatchRequested(svcDispatch: boolean | undefined, d: Distribution): boolean {
  return svcDispatch === true || (d.enabled && d.requireApproval);
}
