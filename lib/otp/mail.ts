import { env } from "@/lib/env";
import type { OutgoingMail } from "@/lib/mail/outbox";
import { otpCodePlaceholder } from "./code";
import type { PasscodeHolder } from "./store";

/** The words of a passcode mail that name what the code opens; the rest is the same for every holder. */
export interface PasscodeLetter {
  to: string;
  /** Who sends it: the organisation, or Sealpost. */
  from: string;
  /** After "your passcode": `for "Title"`. */
  purpose: string;
  /** After "Enter it on": `the page of "Title" to open the form`. */
  enterOn: string;
  /** After "nobody can": what the code guards, `open the form`. */
  guards: string;
  /** The workflow's correlationId, for the holder to quote. */
  reference: string;
}

/** The mail of one code: it carries a placeholder, which becomes the code only as the mail is sent. */
export function passcodeMail(h: PasscodeHolder, salt: string, l: PasscodeLetter): OutgoingMail {
  const minutes = Math.max(1, Math.round(env().OTP_TTL_MS / 60_000));
  return {
    tenantId: h.tenantId,
    dedupeKey: `${h.signerId ? "sign-otp" : "workflow-otp"}:${h.id}:${salt}`,
    to: l.to,
    subject: `${l.from}: your passcode ${l.purpose}`,
    text: [
      `Your passcode is ${otpCodePlaceholder(h.id, salt)}`,
      ``,
      `Enter it on ${l.enterOn}. It works once, for ${minutes} minute${minutes === 1 ? "" : "s"}.`,
      `If you did not ask for it, ignore this message; nobody can ${l.guards} without it.`,
      `Reference: ${l.reference}`,
    ].join("\n"),
  };
}
