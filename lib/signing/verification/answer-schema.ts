import { z } from "zod";
import { answerOf } from "@/lib/openapi/answer";
import type { SignatureAnswer, VerificationAnswer } from "./verification-answer";

const range = z.tuple([z.int(), z.int()]).describe("[from, to), 0-based byte offsets");

const signature = answerOf<SignatureAnswer>()(
  z.object({
    field: z.string(),
    signer: z.object({ name: z.string(), email: z.string(), method: z.string() }).nullable(),
    certificate: z.object({ subject: z.string().nullable() }),
    reason: z.string().nullable(),
    signingTime: z.string().nullable(),
    signingTimeSource: z
      .enum(["timestamp", "claimed"])
      .nullable()
      .describe("timestamp when an RFC 3161 token proves the time, claimed for the signer's own clock"),
    revision: z.int().nullable().describe("The revision the signature ends at (0 = the first)"),
    coversWholeFile: z.boolean(),
    byteRange: z.array(z.int()),
    digestValid: z.boolean(),
    signatureValid: z.boolean(),
    chainValid: z.boolean(),
    timestamp: z.object({ valid: z.boolean(), time: z.string().nullable(), authority: z.string().nullable() }).nullable(),
    valid: z.boolean(),
    problems: z.array(z.string()),
  }),
);

/** POST /api/esign/verify and GET /api/workflow/{workflowId}/signatures. */
export const verificationAnswerSchema = answerOf<VerificationAnswer>()(
  z.object({
    valid: z.boolean().describe("Every signature valid, at least one, and nothing added after the last"),
    summary: z.string(),
    bytes: z.int(),
    signatureCount: z.int(),
    signatures: z.array(signature),
    failures: z.array(
      z.object({
        field: z.string(),
        signer: z.string().nullable(),
        failed: z.array(z.enum(["digest", "signature", "chain", "timestamp", "byteRange"])),
        byteRange: z.array(z.int()),
      }),
    ),
    changedWithin: z.array(range).describe("Where the earliest changed byte lies"),
    unsignedTail: range.nullable().describe("Bytes after the last signature's revision: added after everyone signed"),
  }),
);
