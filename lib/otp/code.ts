import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { portalSecret } from "@/lib/env";

/** docs/spec.md, "Limits": 6 digits. */
export const OTP_DIGITS = 6;

/** 128 random bits per code: the code is derived from it, and its hash is salted with it. */
export const newOtpSalt = (): string => randomBytes(16).toString("base64url");

// The labels date from when only the portal had passcodes; changing them would void every code
// already mailed and every hash at rest.
const key = (label: string) => createHmac("sha256", portalSecret()).update(label).digest();

/**
 * The code of a send, derived from its random salt with a server key (as delivery link tokens are):
 * the outbox keeps a placeholder and the code exists in clear only in the mail handed to SMTP.
 * `holderId` is the workflow's id for the portal's code, the signer's for a signer's.
 */
export function otpCodeFor(holderId: string, salt: string): string {
  const mac = createHmac("sha256", key("sealpost portal otp code v1")).update(`${holderId}:${salt}`).digest();
  return String(mac.readBigUInt64BE(0) % BigInt(10 ** OTP_DIGITS)).padStart(OTP_DIGITS, "0");
}

// Its own key: a leaked table of hashes cannot be brute-forced over the million possible codes without
// the server secret, as a plain salted SHA-256 could.
const otpKey = () => key("sealpost portal otp v1");

/** HMAC of one code, salted per code and bound to its holder (a hash copied to another row never matches). */
export const hashOtp = (holderId: string, salt: string, code: string): string =>
  createHmac("sha256", otpKey()).update(`${holderId}:${salt}:${code}`).digest("hex");

/** Compares in constant time, so the answer's timing says nothing about how close a guess was. */
export function otpMatches(holderId: string, salt: string, storedHash: string, code: string): boolean {
  const a = Buffer.from(hashOtp(holderId, salt, code), "hex");
  const b = Buffer.from(storedHash, "hex");
  return a.length === b.length && timingSafeEqual(a, b);
}

export const otpCodePlaceholder = (holderId: string, salt: string): string => `[[otp-code:${holderId}:${salt}]]`;

const PLACEHOLDER = /\[\[otp-code:([0-9a-f-]{36}):([A-Za-z0-9_-]{16,64})\]\]/g;

/** Turns the placeholders of a queued mail into codes, as the mail is handed to the SMTP server. */
export const expandOtpCodes = (text: string): string =>
  text.replace(PLACEHOLDER, (_, holderId: string, salt: string) => otpCodeFor(holderId, salt));
