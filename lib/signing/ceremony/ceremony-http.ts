import { z } from "zod";
import { decimalInteger } from "@/lib/http/decimal-integer";
import { OTP_PROOF_HEADER } from "./otp-proof";

/** The link's token as the path carries it; its shape is checked by openLink (404 esign.link_invalid). */
export const signTokenParams = z.object({
  token: z.string().max(300).describe("The signing link's token: the credential of the whole ceremony (no bearer or portal token)"),
});

/** The bootstrap's query: the language the signing page shows, which the consent is given in. */
export const bootstrapQuery = z.object({
  locale: z
    .string()
    .max(35)
    .optional()
    .describe("The language of the consent: one of Sealpost's (de-DE is read as de); else the signer's, else en-GB"),
});

export const signerParams = z.object({ workflowId: z.string().uuid(), signer: decimalInteger({ max: 99 }) });

export const otpProofOf = (req: Request): string | null => req.headers.get(OTP_PROOF_HEADER);
