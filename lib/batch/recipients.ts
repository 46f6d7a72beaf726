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
 * recipientEmail may hold several addresses separated by semicolons; recipientName aligns by index.
 * An address without a name of its own is named by the record's `nameField` (the template's
 * deliveryConfig.nameField, e.g. customerName) when it has one: the person the document is about is
 * better than no name in the greeting.
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
      recipients.push({ email: lower, name: names[i] || recordName });
    }
  });
  if (names.length > 0 && names.length !== emails.length) {
    warnings.push(
      `recipientName: ${plural(names.length, "name")} for ${plural(emails.length, "address", "addresses")}; names are matched by position`,
    );
  }
  return { recipients, errors, warnings };
}

/** A record's name value as text: a string or a number (a name field may hold an id), nothing else. */
function nameOf(v: unknown): string | null {
  if (typeof v === "number" && Number.isFinite(v)) return String(v);
  return typeof v === "string" && v.trim() ? v.trim() : null;
}
