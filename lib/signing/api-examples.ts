import { consent } from "./ceremony/consent";
import type { RequestExamples } from "@/lib/http/route";
import type { otpBody } from "@/lib/workflow/api-schemas";
import type { declineBody } from "./ceremony/decline-signature";
import type { signBody } from "./ceremony/request-signature";

/**
 * Example requests of the signing ceremony (/api/sign/{token}/…). The consent is the current one
 * (GET /api/sign/{token} shows it), so the example stays one the route accepts when the text changes.
 */
export const signExamples = {
  typed: {
    summary: "Sign with a typed name, accepting the current consent",
    value: {
      consent: { version: consent().version, sha256: consent().sha256 },
      mark: { kind: "typed", text: "Maria Anders" },
      intent: true,
    },
  },
} satisfies RequestExamples<typeof signBody>;

export const declineExamples = {
  wrongAmount: {
    summary: "Decline, saying why (the workflow ends rejected)",
    value: { reason: "The expected volume is 25,000 EUR, not 250,000" },
  },
} satisfies RequestExamples<typeof declineBody>;

/** POST /api/sign/{token}/otp/verify. */
export const signerOtpExamples = {
  passcode: { summary: "The passcode mailed to the signer", value: { otp: "730215" } },
} satisfies RequestExamples<typeof otpBody>;
