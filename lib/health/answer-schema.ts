import { z } from "zod";
import { answerOf } from "@/lib/openapi/answer";
import type { Health } from "./check";

const part = z.object({
  status: z.enum(["ok", "stalled"]),
  lastProgressAt: z.string().nullable(),
  since: z.string().optional().describe("Stalled since (or, while ok, waiting since) this time"),
  detail: z.string().optional(),
});

/** GET /api/health. */
export const healthAnswer = answerOf<Health>()(
  z.object({
    status: z.enum(["ok", "unavailable"]),
    database: z.string().describe("The driver (postgres, pglite), or `unreachable`"),
    blobStore: z.string().describe("The blob store's driver (local, s3), or `unreachable`"),
    detail: z.string().optional(),
    background: z
      .object({ runner: part.optional(), mail: part.optional() })
      .describe("The background loops running in this process; none where EMBEDDED_RUNNER=off"),
  }),
);
