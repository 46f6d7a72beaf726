import { AppError } from "@/lib/http/problem";
import { hashOtp, newOtpSalt, otpCodeFor, otpMatches } from "./code";
import { isoMoment } from "@/lib/iso-moment";

/** docs/spec.md, "Limits": 5 attempts, one send per 60 seconds; the lifetime is OTP_TTL_MS (10 minutes). */
export const OTP_MAX_ATTEMPTS = 5;
export const OTP_SEND_INTERVAL_MS = 60_000;
/**
 * After the last allowed wrong try no new code is sent for 15 minutes: without it, someone holding a
 * leaked link could try 5 codes a minute for ever (7,200 a day out of a million); with it, 480 a day,
 * and every new code lands in the holder's mailbox as a warning.
 */
export const OTP_LOCKOUT_MS = 15 * 60_000;

/** What is kept of one holder's passcode: a row of `passcodes` without its keys. */
export interface PasscodeState {
  /** Null once the code is used or locked. */
  codeHash: string | null;
  salt: string;
  sentAt: Date;
  expiresAt: Date;
  failedAttempts: number;
  lockedUntil: Date | null;
  usedAt: Date | null;
}

/** Seconds for Retry-After, at least 1. */
export const retryAfterS = (until: number, now: number): number => Math.max(1, Math.ceil((until - now) / 1000));

const tooSoon = (code: "otp.locked" | "otp.rate_limited", detail: (s: number) => string, until: number, now: number) => {
  const s = retryAfterS(until, now);
  return new AppError(code, detail(s), { headers: { "retry-after": String(s) }, retryAfter: s });
};

/** 429 otp.locked while a lockout runs, with Retry-After. */
function assertNotLocked(p: PasscodeState | undefined, now: number): void {
  const until = p?.lockedUntil?.getTime();
  if (until && until > now) throw tooSoon("otp.locked", (s) => `Too many wrong passcodes; a new one can be sent in ${s} s`, until, now);
}

/**
 * Whether a new code may be sent now: not during a lockout (429 otp.locked), and not within a minute
 * of the last send (429 otp.rate_limited), both with Retry-After.
 */
export function assertMaySend(p: PasscodeState | undefined, now: number): void {
  assertNotLocked(p, now);
  const next = p ? p.sentAt.getTime() + OTP_SEND_INTERVAL_MS : 0;
  if (next > now) throw tooSoon("otp.rate_limited", (s) => `A passcode was sent less than a minute ago; try again in ${s} s`, next, now);
}

/** A new code for `holderId`, replacing any earlier one (its tries and lock included). */
export function issuePasscode(holderId: string, now: number, ttlMs: number): PasscodeState {
  const salt = newOtpSalt();
  return {
    codeHash: hashOtp(holderId, salt, otpCodeFor(holderId, salt)),
    salt,
    sentAt: new Date(now),
    expiresAt: new Date(now + ttlMs),
    failedAttempts: 0,
    lockedUntil: null,
    usedAt: null,
  };
}

export type Attempt =
  | { verdict: "verified"; next: PasscodeState }
  | { verdict: "wrong" | "locked"; next: PasscodeState; failedAttempts: number; problem: AppError };

/**
 * One try of `code`: the code of the last send, before it expires, used once. Refused without a
 * change while locked (429 otp.locked), with no code waiting (409 otp.not_sent) or past its expiry
 * (410 otp.expired). Otherwise the try is counted: a wrong one answers 422 otp.invalid with the tries
 * left, the last allowed one locks the code (429 otp.locked) and kills it, so only a new send after
 * the lockout can succeed. The caller stores `next` even though the answer is an error.
 */
export function tryPasscode(p: PasscodeState | undefined, holderId: string, code: string, now: number): Attempt {
  assertNotLocked(p, now);
  if (!p?.codeHash || p.usedAt) throw new AppError("otp.not_sent", "No passcode is waiting; send one with otp/send");
  if (p.expiresAt.getTime() <= now) throw new AppError("otp.expired", "The passcode has expired; send a new one with otp/send");
  if (otpMatches(holderId, p.salt, p.codeHash, code)) return { verdict: "verified", next: { ...p, codeHash: null, usedAt: new Date(now) } };
  const failed = p.failedAttempts + 1;
  if (failed >= OTP_MAX_ATTEMPTS) {
    const lockedUntil = now + OTP_LOCKOUT_MS;
    return {
      verdict: "locked",
      next: { ...p, failedAttempts: failed, lockedUntil: new Date(lockedUntil), codeHash: null },
      failedAttempts: failed,
      problem: tooSoon(
        "otp.locked",
        (s) => `${failed} wrong passcodes: this one is locked; a new one can be sent in ${s} s`,
        lockedUntil,
        now,
      ),
    };
  }
  const left = OTP_MAX_ATTEMPTS - failed;
  return {
    verdict: "wrong",
    next: { ...p, failedAttempts: failed },
    failedAttempts: failed,
    problem: new AppError("otp.invalid", `Wrong passcode; ${left} ${left === 1 ? "try" : "tries"} left`, { attemptsLeft: left }),
  };
}

/**
 * What a passcode page needs before the code is verified: when the last code was sent, until when
 * it can be entered (only while one is waiting: the page then asks for it rather than offering to
 * send one), when a new one can be sent, and the lockout still running.
 */
export function passcodeGate(p: PasscodeState | undefined, now: number) {
  const waiting = p?.codeHash && !p.usedAt && p.expiresAt.getTime() > now;
  return {
    sentAt: isoMoment(p?.sentAt),
    expiresAt: waiting ? isoMoment(p.expiresAt) : null,
    nextSendAt: p ? new Date(Math.max(p.sentAt.getTime() + OTP_SEND_INTERVAL_MS, p.lockedUntil?.getTime() ?? 0)).toISOString() : null,
    lockedUntil: p?.lockedUntil && p.lockedUntil.getTime() > now ? isoMoment(p.lockedUntil) : null,
  };
}
