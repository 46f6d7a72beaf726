import { env } from "@/lib/env";
import { DEFAULT_LOCALE, type Locale } from "@/lib/i18n/locales";
import { translatorFor } from "@/lib/i18n/translator";
import { senderWords } from "@/lib/i18n/sender";
import type { OutgoingMail } from "@/lib/mail/outbox";
import { otpCodePlaceholder } from "./code";
import type { PasscodeHolder } from "./store";

/** What a passcode mail names: what the code opens, for whom, from whom. */
export interface PasscodeLetter {
  to: string;
  /** What the code opens: the portal's form, or a signer's signing page. */
  purpose: "form" | "sign";
  /** Who sends it: the organisation, or null where the workflow names none. */
  organisation: string | null;
  /** The workflow's title, as its author wrote it. */
  title: string;
  /** The workflow's correlationId, for the holder to quote. */
  reference: string;
}

/**
 * The mail of one code, in `locale` (the holder's language; the default where the caller knows none):
 * it carries a placeholder, which becomes the code only as the mail is sent.
 */
export function passcodeMail(h: PasscodeHolder, salt: string, l: PasscodeLetter, locale: Locale = DEFAULT_LOCALE): OutgoingMail {
  const minutes = Math.max(1, Math.round(env().OTP_TTL_MS / 60_000));
  const t = translatorFor(locale);
  const about = { purpose: l.purpose, ...senderWords(l.organisation), title: l.title };
  return {
    tenantId: h.tenantId,
    dedupeKey: `${h.signerId ? "sign-otp" : "workflow-otp"}:${h.id}:${salt}`,
    to: l.to,
    subject: t("mail.passcode.subject", about),
    text: [
      t("mail.passcode.code", { code: otpCodePlaceholder(h.id, salt) }),
      ``,
      t("mail.passcode.enter", { ...about, minutes }),
      t("mail.passcode.ignore", { purpose: l.purpose }),
      t("mail.portal.reference", { reference: l.reference }),
    ].join("\n"),
  };
}
