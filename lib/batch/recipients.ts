import { addressProblem } from "@/lib/mail/address";
import { excerpt } from "@/lib/templates/excerpt";
import { plural } from "@/lib/plural";

export interface Recipient {
  email: string;
  name: string | null;
}

/** recipientEmail may hold several addresses separated by semicolons; recipientName aligns by index. */
export function parseRecipients(record: Record<string, unknown>): { recipients: Recipient[]; errors: string[]; warnings: string[] } {
  const errors: string[] = [];
  const warnings: string[] = [];
  const rawEmail = record.recipientEmail;
  if (rawEmail === undefined || rawEmail === null || rawEmail === "") {
    return { recipients: [], errors: ["recipientEmail: required for secure-email delivery"], warnings };
  }
  if (typeof rawEmail !== "string") return { recipients: [], errors: ["recipientEmail: must be a string"], warnings };
  const emails = rawEmail.split(";").map((s) => s.trim()).filter(Boolean);
  const names = typeof record.recipientName === "string" ? record.recipientName.split(";").map((s) => s.trim()) : [];
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
      recipients.push({ email: lower, name: names[i] || null });
    }
  });
  if (names.length > 0 && names.length !== emails.length) {
    warnings.push(`recipientName: ${plural(names.length, "name")} for ${plural(emails.length, "address", "addresses")}; names are matched by position`);
  }
  return { recipients, errors, warnings };
}
