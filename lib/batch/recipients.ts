import { LOCALES } from "@/lib/i18n/locales";
import { supportedLocaleOf } from "@/lib/i18n/match-locale";
import { addressProblem } from "@/lib/mail/address";
import { excerpt } from "@/lib/templates/excerpt";
import { plural } from "@/lib/plural";

export interface Recipient {
  email: string;
  name: string | null;
  /** The language named for this person (a signer's own `locale`), before the document's; absent: none. */
  locale?: string | null;
}

/**
 * recipientEmail may hold several addresses separated by semicolons; recipientName and
 * recipientLocale align by index. An address without a name of its own is named by the record's
 * `nameField` (the template's deliveryConfig.nameField, e.g. customerName) when it has one: the person
 * the document is about is better than no name in the greeting. A recipient's language is one of the
 * catalogues' (a regional tag read as its language's: de-AT is de); a tag Sealpost does not write is
 * a warning, not an error: the record is sent all the same, its mail in the document's language.
 */
export function parseRecipients(
  record: Record<string, unknown>,
  nameField?: string,
): { recipients: Recipient[]; errors: string[]; warnings: string[] } {
  const errors: string[] = [];
  const warnings: string[] = [];
  const rawEmail = record.recipientEmail;
  if (rawEmail === undefined || rawEmail === null || rawEmail === "") {
    return { recipients: [], errors: ["recipientEmail: required for secure-email delivery"], warnings };
  }
  if (typeof rawEmail !== "string") return { recipients: [], errors: ["recipientEmail: must be a string"], warnings };
  const emails = rawEmail
    .split(";")
    .map((s) => s.trim())
    .filter(Boolean);
  const names = typeof record.recipientName === "string" ? record.recipientName.split(";").map((s) => s.trim()) : [];
  const rawLocale = record.recipientLocale;
  if (rawLocale !== undefined && rawLocale !== null && typeof rawLocale !== "string")
    errors.push("recipientLocale: must be a string of language tags separated by semicolons, such as de;fr");
  const locales = typeof rawLocale === "string" && rawLocale.trim() ? rawLocale.split(";").map((s) => s.trim()) : [];
  const recordName = nameField ? nameOf(record[nameField]) : null;
  if (emails.length === 0) errors.push("recipientEmail: no address given");
  const seen = new Set<string>();
  const recipients: Recipient[] = [];
  emails.forEach((addr, i) => {
    const lower = addr.toLowerCase();
    const why = addressProblem(lower);
    if (why) errors.push(`recipientEmail: ${excerpt(addr)} ${why === "is not a valid email address" ? "is not a valid address" : why}`);
    else if (seen.has(lower)) warnings.push(`recipientEmail: ${excerpt(addr)} is listed twice; it gets one delivery`);
    else {
      seen.add(lower);
      const tag = locales[i] || null;
      const locale = supportedLocaleOf(tag);
      if (tag && !locale)
        warnings.push(
          `recipientLocale: ${excerpt(tag)} is not a language Sealpost writes (${LOCALES.map((l) => l.tag).join(", ")}); ${excerpt(addr)} gets the mail in the document's language`,
        );
      recipients.push({ email: lower, name: names[i] || recordName, locale });
    }
  });
  if (names.length > 0 && names.length !== emails.length) {
    warnings.push(
      `recipientName: ${plural(names.length, "name")} for ${plural(emails.length, "address", "addresses")}; names are matched by position`,
    );
  }
  if (locales.length > 0 && locales.length !== emails.length) {
    warnings.push(
      `recipientLocale: ${plural(locales.length, "language")} for ${plural(emails.length, "address", "addresses")}; languages are matched by position`,
    );
  }
  return { recipients, errors, warnings };
}

/** A record's name value as text: a string or a number (a name field may hold an id), nothing else. */
function nameOf(v: unknown): string | null {
  if (typeof v === "number" && Number.isFinite(v)) return String(v);
  return typeof v === "string" && v.trim() ? v.trim() : null;
}
