import { z } from "zod";
import { decimalInteger } from "@/lib/http/decimal-integer";
import { OTP_PROOF_HEADER } from "./otp-proof";

/** The link's token as the path carries it; its shape is checked by openLink (404 esign.link_invalid). */
export const signTokenParams = z.object({
  token: z.string().max(300).describe("The signing link's token: the credential of the whole ceremony (no bearer or portal token)"),
});

export const signerParams = z.object({ workflowId: z.string().uuid(), signer: decimalInteger({ max: 99 }) });

export const otpProofOf = (req: Request): string | null => req.headers.get(OTP_PROOF_HEADER);

/**
 * The ceremony's answers carry a person's name, address and document: never kept by a cache, and
 * the link (in the page's address) never sent on as a referrer.
 */
export const privateJson = (body: unknown, status = 200): Response =>
  Response.json(body, { status, headers: { "cache-control": "no-store", "referrer-policy": "no-referrer" } });
