import type { Tx } from "@/lib/db/client";
import { env } from "@/lib/env";
import type { AppError } from "@/lib/http/problem";
import { maskEmail } from "@/lib/mail/address";
import { enqueueMail } from "@/lib/mail/outbox";
import type { Locale } from "@/lib/i18n/locales";
import { passcodeMail, type PasscodeLetter } from "./mail";
import { assertMaySend, issuePasscode, OTP_SEND_INTERVAL_MS, tryPasscode } from "./rules";
import { findPasscode, savePasscode, type PasscodeHolder } from "./store";

/*
 * One-time passcodes, for whoever needs one: the participant of a workflow portal with requireOtp
 * and a signer invited with requireOtp. Everything a person meets is here once: how a code is made
 * and kept (derived from a salt, only its HMAC at rest: code.ts), its lifetime, the send limit, the
 * tries, the lockout and the problems that say so (rules.ts), and the mail (mail.ts). The flows keep
 * what differs: which row they lock, whether a passcode is required, which events they record, and
 * what a verified code opens (the portal token's claim, the signer's proof).
 *
 * Both kinds live in one table (`passcodes`, store.ts), one row per holder. The state of a code is
 * the same whoever holds it, so one layout lets the rules be read and written by one piece of code
 * instead of being translated to and from two; the signer's columns went there with their data.
 * The row's id is the id the code is bound to (the workflow's or the signer's), so the hashes and
 * the codes in mails already queued stayed valid through the move.
 *
 * Each step runs in the caller's transaction, under the lock the caller took (the workflow's row,
 * and the signer's for a signer), so two sends or two tries at once cannot both pass a limit.
 */

/** What a counted try did, for the caller's activity record. */
export type TryEvent = { kind: "verified" } | { kind: "failed" | "locked"; failedAttempts: number };

/**
 * A new code to `letter.to`, replacing any earlier one, in the holder's `locale` (the default where
 * the caller passes none); refused during a lockout or within a minute of the last send
 * (assertMaySend). `recordSent` writes the caller's activity event.
 */
export async function sendPasscode(tx: Tx, h: PasscodeHolder, letter: PasscodeLetter, recordSent: () => Promise<void>, locale?: Locale) {
  const now = Date.now();
  assertMaySend(await findPasscode(tx, h), now);
  const p = issuePasscode(h.id, now, env().OTP_TTL_MS);
  await savePasscode(tx, h, p);
  await enqueueMail(tx, passcodeMail(h, p.salt, letter, locale));
  await recordSent();
  return {
    sent: true,
    expiresAt: p.expiresAt.toISOString(),
    nextSendAt: new Date(now + OTP_SEND_INTERVAL_MS).toISOString(),
    to: maskEmail(letter.to),
  };
}

/**
 * One try of `code` (tryPasscode). A counted try is stored even when it is wrong, so it answers its
 * problem rather than throwing it: the caller commits, then throws. A try refused without counting
 * (locked, none waiting, expired) throws at once.
 */
export async function checkPasscode(
  tx: Tx,
  h: PasscodeHolder,
  code: string,
  record: (e: TryEvent) => Promise<void>,
): Promise<{ ok: true } | { ok: false; error: AppError }> {
  const attempt = tryPasscode(await findPasscode(tx, h), h.id, code, Date.now());
  await savePasscode(tx, h, attempt.next);
  if (attempt.verdict === "verified") {
    await record({ kind: "verified" });
    return { ok: true };
  }
  await record({ kind: attempt.verdict === "locked" ? "locked" : "failed", failedAttempts: attempt.failedAttempts });
  return { ok: false, error: attempt.problem };
}
