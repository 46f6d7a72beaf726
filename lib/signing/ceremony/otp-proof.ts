import { createHmac, timingSafeEqual } from "node:crypto";
import { portalSecret } from "@/lib/env";

/** How long a verified passcode opens the ceremony in the browser that verified it. */
export const OTP_PROOF_TTL_MS = 2 * 3_600_000;
export const OTP_PROOF_HEADER = "x-svc-sign-otp";

const mac = (signerId: string, tokenHash: string, exp: number) =>
  createHmac("sha256", portalSecret()).update(`sign-otp-proof:${signerId}:${tokenHash}:${exp}`).digest("base64url");

/**
 * What a verified passcode gives the browser that entered it: proof, sent back in
 * X-Svc-Sign-Otp, that this link's holder also read the signer's mailbox. Bound to the signer and to
 * the link (a re-sent link needs a new passcode) and short-lived; kept by nobody but the browser, so
 * someone who later gets hold of the link alone still meets the passcode.
 */
export function issueOtpProof(signerId: string, tokenHash: string, now = Date.now()): { proof: string; expiresAt: Date } {
  const exp = now + OTP_PROOF_TTL_MS;
  return { proof: `${exp}.${mac(signerId, tokenHash, exp)}`, expiresAt: new Date(exp) };
}

export function otpProofValid(proof: string | null, signerId: string, tokenHash: string, now = Date.now()): boolean {
  const m = /^(\d{13})\.([A-Za-z0-9_-]{43})$/.exec(proof ?? "");
  if (!m || Number(m[1]) <= now) return false;
  const a = Buffer.from(mac(signerId, tokenHash, Number(m[1])));
  const b = Buffer.from(m[2]);
  return a.length === b.length && timingSafeEqual(a, b);
}
