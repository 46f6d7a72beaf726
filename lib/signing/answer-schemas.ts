import { z } from "zod";
import { signerStates } from "@/lib/db/schema";
import { answerOf } from "@/lib/openapi/answer";
import { workflowStates } from "@/lib/workflow/states";
import type { recheckCertificateChain } from "./certificate/certificate-file";
import type { ceremonyBootstrap } from "./ceremony/ceremony-bootstrap";
import type { declineSignature } from "./ceremony/decline-signature";
import type { presentSigner, signingPayload } from "./signers/present-signing";
import type { requestSignature } from "./ceremony/request-signature";
import type { resendSignerLink } from "./signers/resend-signer-link";
import type { sendSignerOtp, verifySignerOtp } from "./ceremony/signer-otp";
import type { signingProgress } from "./ceremony/signing-progress";

type Answer<F extends (...args: never[]) => unknown> = Awaited<ReturnType<F>>;

const instant = z.iso.datetime();

export const signerAnswer = answerOf<ReturnType<typeof presentSigner>>()(
  z.object({
    position: z.int(),
    name: z.string(),
    email: z.string().describe("Masked (j•••@example.com) in a participant's payload"),
    role: z.string().nullable(),
    order: z.int().nullable(),
    state: z.enum(signerStates),
    requireOtp: z.boolean(),
    invitedAt: instant.nullable(),
    viewedAt: instant.nullable(),
    signRequestedAt: instant.nullable(),
    signedAt: instant.nullable(),
    declinedAt: instant.nullable(),
    linkExpiresAt: instant.nullable(),
    declineReason: z.string().nullable(),
    verificationMethod: z.string().nullable(),
    signedRevision: z.int().nullable(),
    signedSha256: z.string().nullable(),
  }),
);

export const signingAnswer = answerOf<NonNullable<ReturnType<typeof signingPayload>>>()(
  z.object({
    mode: z.enum(["parallel", "sequential"]),
    documentRevision: z.int().nullable(),
    documentSha256: z.string().nullable(),
    signers: z.array(signerAnswer),
  }),
);

const otpState = z.object({
  required: z.boolean(),
  verified: z.boolean().nullable(),
  sentAt: instant.nullable(),
  expiresAt: instant.nullable(),
  nextSendAt: instant.nullable(),
  lockedUntil: instant.nullable(),
});

/** Before the signer's passcode is verified (when one is required), the bootstrap says only who and what is pending. */
const lockedBootstrap = z.object({
  signer: z.object({ name: z.string(), state: z.enum(signerStates) }),
  organizationName: z.string().nullable(),
  linkExpiresAt: instant.nullable(),
  otp: otpState,
});

const fullBootstrap = lockedBootstrap.extend({
  workflow: z.object({ title: z.string(), correlationId: z.string(), state: z.string() }),
  signer: signerAnswer.extend({ mayActNow: z.boolean().describe("false while an earlier signer (sequential) has not signed") }),
  document: z.object({
    fileName: z.string().describe("The name GET /api/sign/{token}/document gives the file (the copy sent for signature)"),
    revision: z.int().nullable(),
    sha256: z.string().nullable(),
    pageCount: z.int(),
    field: z.object({
      name: z.string().nullable(),
      page: z.int().nullable(),
      rect: z.tuple([z.number(), z.number(), z.number(), z.number()]).nullable(),
    }),
  }),
  consent: z.object({
    version: z.string(),
    locale: z
      .string()
      .describe("The language of `text`: the one asked for (`?locale=`), else the signer's (down to the tenant's default), else en-GB"),
    text: z.string(),
    sha256: z.string().describe("SHA-256 (hex) of `text` in UTF-8: each language's text has its own"),
  }),
  signing: signingAnswer.pick({ mode: true, signers: true }),
});

export const ceremonyBootstrapAnswer = answerOf<Awaited<ReturnType<typeof ceremonyBootstrap>>>()(z.union([fullBootstrap, lockedBootstrap]));

/** POST /api/sign/{token}/sign: 202, the signature recorded and queued. */
export const signAcceptedAnswer = answerOf<Awaited<ReturnType<typeof requestSignature>>>()(
  z.object({ state: z.string(), signer: z.object({ position: z.int(), name: z.string() }), signRequestedAt: instant }),
);

/** POST /api/sign/{token}/decline: the refusal ends the workflow rejected. */
export const declineAnswer = answerOf<Answer<typeof declineSignature>>()(
  z.object({ state: z.literal("declined"), workflowState: z.literal("rejected"), declinedAt: instant }),
);

/** POST /api/sign/{token}/otp/send. */
export const signerOtpSentAnswer = answerOf<Answer<typeof sendSignerOtp>>()(
  z.object({ sent: z.boolean(), expiresAt: instant, nextSendAt: instant, to: z.string().describe("The signer's address, masked") }),
);

/** POST /api/sign/{token}/otp/verify. */
export const signerOtpVerifiedAnswer = answerOf<Answer<typeof verifySignerOtp>>()(
  z.object({
    verified: z.boolean(),
    otpProof: z.string().describe("Send it in X-Svc-Sign-Otp on the ceremony's later calls"),
    otpProofExpiresAt: instant,
  }),
);

/** GET /api/sign/{token}/progress: states and counts only, none of the document. */
export const signingProgressAnswer = answerOf<Answer<typeof signingProgress>>()(
  z.object({
    organizationName: z.string().nullable(),
    workflow: z.object({ title: z.string(), correlationId: z.string(), state: z.enum(workflowStates) }),
    signer: z.object({
      name: z.string(),
      state: z.enum([...signerStates, "signing"]).describe("signing: confirmed, the signature not in the file yet"),
      signRequestedAt: instant.nullable(),
      signedAt: instant.nullable(),
      declinedAt: instant.nullable(),
    }),
    signing: z.object({ mode: z.enum(["parallel", "sequential"]), total: z.int(), signed: z.int(), declined: z.int() }),
  }),
);

/** GET /api/workflow/{workflowId}/certificate/chain: valid, or where the activity differs from the chain the certificate printed. */
export const certificateChainAnswer = answerOf<Answer<typeof recheckCertificateChain>>()(
  z.union([
    z.object({
      workflowId: z.uuid(),
      chainHead: z.string(),
      valid: z.literal(true),
      head: z.string(),
      checked: z.int(),
      notCovered: z.int(),
    }),
    z.object({
      workflowId: z.uuid(),
      chainHead: z.string(),
      valid: z.literal(false),
      checked: z.int(),
      broken: z.object({ index: z.int(), eventId: z.int(), problem: z.enum(["edited", "removed", "inserted"]) }),
      message: z.string(),
    }),
  ]),
);

/** POST /api/workflow/{workflowId}/signers/{signer}/resend. */
export const resendSignerLinkAnswer = answerOf<Answer<typeof resendSignerLink>>()(
  z.object({ sent: z.int(), signer: signerAnswer, nextAllowedAt: instant }),
);
