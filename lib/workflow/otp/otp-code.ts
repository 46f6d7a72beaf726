import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { portalSecret } from "@/lib/env";

/** docs/spec.md, "Limits": 6 digits, 5 attempts, one send per 60 seconds; the lifetime is OTP_TTL_MS (10 minutes). */
export const OTP_DIGITS = 6;
export const OTP_MAX_ATTEMPTS = 5;
export const OTP_SEND_INTERVAL_MS = 60_000;
/**
 * After the 5th wrong try no new code is sent for 15 minutes: without it, someone holding a leaked link
 * could try 5 codes a minute for ever (7,200 a day out of a million); with it, 480 a day, and every new
 * code lands in the participant's mailbox as a warning.
 */
export const OTP_LOCKOUT_MS = 15 * 60_000;

/** 128 random bits per code: the code is derived from it, and its hash is salted with it. */
export const newOtpSalt = (): string => randomBytes(16).toString("base64url");

const key = (label: string) => createHmac("sha256", portalSecret()).update(label).digest();

/**
 * The code of a send, derived from its random salt with a server key (as delivery link tokens are):
 * the outbox keeps a placeholder and the code exists in clear only in the mail handed to SMTP.
 */
export function otpCodeFor(workflowId: string, salt: string): string {
  const mac = createHmac("sha256", key("sealpost portal otp code v1")).update(`${workflowId}:${salt}`).digest();
  return String(mac.readBigUInt64BE(0) % BigInt(10 ** OTP_DIGITS)).padStart(OTP_DIGITS, "0");
}

// Its own key: a leaked table of hashes cannot be brute-forced over the million possible codes without
// the server secret, as a plain salted SHA-256 could.
const otpKey = () => key("sealpost portal otp v1");

/** HMAC of one code, salted per code and bound to its workflow (a hash copied to another row never matches). */
export const hashOtp = (workflowId: string, salt: string, code: string): string =>
  createHmac("sha256", otpKey()).update(`${workflowId}:${salt}:${code}`).digest("hex");

/** Compares in constant time, so the answer's timing says nothing about how close a guess was. */
export function otpMatches(workflowId: string, salt: string, storedHash: string, code: string): boolean {
  const a = Buffer.from(hashOtp(workflowId, salt, code), "hex");
  const b = Buffer.from(storedHash, "hex");
  return a.length === b.length && timingSafeEqual(a, b);
}

/** Seconds for Retry-After, at least 1. */
export const retryAfterS = (until: number, now: number): number => Math.max(1, Math.ceil((until - now) / 1000));

export const otpCodePlaceholder = (workflowId: string, salt: string): string => `[[otp-code:${workflowId}:${salt}]]`;

const PLACEHOLDER = /\[\[otp-code:([0-9a-f-]{36}):([A-Za-z0-9_-]{16,64})\]\]/g;

/** Turns the placeholders of a queued mail into codes, as the mail is handed to the SMTP server. */
export const expandOtpCodes = (text: string): string =>
  text.replace(PLACEHOLDER, (_, workflowId: string, salt: string) => otpCodeFor(workflowId, salt));
