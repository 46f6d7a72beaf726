import { LOCALES } from "@/lib/i18n/locales";
import { supportedLocaleOf } from "@/lib/i18n/match-locale";
import { words, type FindingWords } from "@/lib/i18n/words";
import { addressFault, addressFaultText } from "@/lib/mail/address";
import { excerpt, excerptValue } from "@/lib/templates/excerpt";
import { plural } from "@/lib/plural";

export interface Recipient {
  email: string;
  name: string | null;
  /** The language named for this person (a signer's own `locale`), before the document's; absent: none. */
  locale?: string | null;
}

/** A problem with a record's recipients: the field it is about, the API's English line, and the same as words of the catalogues. */
export interface RecipientProblem {
  field: "recipientEmail" | "recipientName" | "recipientLocale";
  severity: "error" | "warning";
  /** The API's line, naming the field by its key ("recipientEmail: no address given"). */
  message: string;
  /** `label`: the field's key; intake puts the template's label in its place. */
  words: FindingWords;
}

/**
 * recipientEmail may hold several addresses separated by semicolons; recipientName and
 * recipientLocale align by index. An address without a name of its own is named by the record's
 * `nameField` (the template's deliveryConfig.nameField, e.g. customerName) when it has one: the person
 * the document is about is better than no name in the greeting. A recipient's language is one of the
 * catalogues' (a regional tag read as its language's: de-AT is de); a tag Sealpost does not write is
 * a warning, not an error: the record is sent all the same, its mail in the document's language.
 * `errors` and `warnings` are the API's lines of `problems`.
 */
export function parseRecipients(
  record: Record<string, unknown>,
  nameField?: string,
): { recipients: Recipient[]; problems: RecipientProblem[]; errors: string[]; warnings: string[] } {
  const problems: RecipientProblem[] = [];
  const say = (severity: RecipientProblem["severity"]) => (field: RecipientProblem["field"], why: string, said: FindingWords) => {
    problems.push({ field, severity, message: `${field}: ${why}`, words: said });
  };
  const error = say("error");
  const warning = say("warning");
  const answer = (recipients: Recipient[]) => ({
    recipients,
    problems,
    errors: problems.filter((p) => p.severity === "error").map((p) => p.message),
    warnings: problems.filter((p) => p.severity === "warning").map((p) => p.message),
  });
  const rawEmail = record.recipientEmail;
  if (rawEmail === undefined || rawEmail === null || rawEmail === "") {
    error("recipientEmail", "required for secure-email delivery", words("finding.recipient.required", { label: "recipientEmail" }));
    return answer([]);
  }
  if (typeof rawEmail !== "string") {
    error("recipientEmail", "must be a string", words("finding.field.text", { label: "recipientEmail" }));
    return answer([]);
  }
  const emails = rawEmail
    .split(";")
    .map((s) => s.trim())
    .filter(Boolean);
  const names = typeof record.recipientName === "string" ? record.recipientName.split(";").map((s) => s.trim()) : [];
  const rawLocale = record.recipientLocale;
  if (rawLocale !== undefined && rawLocale !== null && typeof rawLocale !== "string")
    error(
      "recipientLocale",
      "must be a string of language tags separated by semicolons, such as de;fr",
      words("finding.recipient.localeText", { label: "recipientLocale", example: "de;fr" }),
    );
  const locales = typeof rawLocale === "string" && rawLocale.trim() ? rawLocale.split(";").map((s) => s.trim()) : [];
  const recordName = nameField ? nameOf(record[nameField]) : null;
  if (emails.length === 0) error("recipientEmail", "no address given", words("finding.recipient.noAddress", { label: "recipientEmail" }));
  const seen = new Set<string>();
  const recipients: Recipient[] = [];
  emails.forEach((addr, i) => {
    const lower = addr.toLowerCase();
    const fault = addressFault(lower);
    const address = excerptValue(addr);
    if (fault)
      error(
        "recipientEmail",
        `${excerpt(addr)} ${fault.kind === "invalid" ? "is not a valid address" : addressFaultText(fault)}`,
        words("finding.recipient.address", {
          label: "recipientEmail",
          address,
          fault: fault.kind,
          bytes: "bytes" in fault ? fault.bytes : 0,
          most: "most" in fault ? fault.most : 0,
        }),
      );
    else if (seen.has(lower))
      warning(
        "recipientEmail",
        `${excerpt(addr)} is listed twice; it gets one delivery`,
        words("finding.recipient.twice", { label: "recipientEmail", address }),
      );
    else {
      seen.add(lower);
      const tag = locales[i] || null;
      const locale = supportedLocaleOf(tag);
      const languages = LOCALES.map((l) => l.tag);
      if (tag && !locale)
        warning(
          "recipientLocale",
          `${excerpt(tag)} is not a language Sealpost writes (${languages.join(", ")}); ${excerpt(addr)} gets the mail in the document's language`,
          words("finding.recipient.language", { label: "recipientLocale", tag: excerptValue(tag), languages, address }),
        );
      recipients.push({ email: lower, name: names[i] || recordName, locale });
    }
  });
  if (names.length > 0 && names.length !== emails.length) {
    warning(
      "recipientName",
      `${plural(names.length, "name")} for ${plural(emails.length, "address", "addresses")}; names are matched by position`,
      words("finding.recipient.nameCount", { label: "recipientName", names: names.length, addresses: emails.length }),
    );
  }
  if (locales.length > 0 && locales.length !== emails.length) {
    warning(
      "recipientLocale",
      `${plural(locales.length, "language")} for ${plural(emails.length, "address", "addresses")}; languages are matched by position`,
      words("finding.recipient.languageCount", { label: "recipientLocale", tags: locales.length, addresses: emails.length }),
    );
  }
  return answer(recipients);
}

/** A record's name value as text: a string or a number (a name field may hold an id), nothing else. */
function nameOf(v: unknown): string | null {
  if (typeof v === "number" && Number.isFinite(v)) return String(v);
  return typeof v === "string" && v.trim() ? v.trim() : null;
}
