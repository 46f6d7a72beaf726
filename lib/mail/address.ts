import { z } from "zod";

/**
 * RFC 5321 §4.5.3.1 limits, in octets: a local part (before the @) of 64, a domain of 255, a path of
 * 256 with its angle brackets, so 254 for the address; RFC 1035 §2.3.4: a domain label of 63. A mail
 * server refuses longer ones permanently (501/553), so an address is checked against them where it
 * comes in, not found out at sending.
 */
export const ADDRESS_LIMITS = { localPart: 64, domain: 255, address: 254, label: 63 } as const;

const format = z.email();
const INVALID = "is not a valid email address";
// TextEncoder, not Buffer: the portal's form rules (lib/workflow/validation/form-rules.ts) run this in the browser.
const encoder = new TextEncoder();
const octets = (s: string) => encoder.encode(s).length;

/** Why `address` (one address, trimmed) cannot receive mail, or null when it can. */
export function addressProblem(address: string): string | null {
  const at = address.lastIndexOf("@");
  if (at < 0) return INVALID;
  const local = address.slice(0, at);
  const domain = address.slice(at + 1);
  if (octets(local) > ADDRESS_LIMITS.localPart) {
    return `has ${octets(local)} bytes before the @; at most ${ADDRESS_LIMITS.localPart} are allowed (RFC 5321)`;
  }
  if (octets(domain) > ADDRESS_LIMITS.domain)
    return `has a domain of ${octets(domain)} bytes; at most ${ADDRESS_LIMITS.domain} are allowed (RFC 5321)`;
  if (octets(address) > ADDRESS_LIMITS.address)
    return `is ${octets(address)} bytes long; an address may have at most ${ADDRESS_LIMITS.address} (RFC 5321)`;
  if (domain.split(".").some((label) => octets(label) > ADDRESS_LIMITS.label)) {
    return `has a domain label longer than ${ADDRESS_LIMITS.label} bytes (RFC 1035)`;
  }
  return format.safeParse(address).success ? null : INVALID;
}

/**
 * One email address in a request: trimmed, lowercased, in the format and within the lengths of
 * `addressProblem`, each problem its own message (`invalid` replaces the one for the format).
 */
export function emailAddress(invalid = INVALID) {
  return z
    .string()
    .trim()
    .toLowerCase()
    .superRefine((s, ctx) => {
      const why = addressProblem(s);
      if (why) ctx.addIssue({ code: "custom", message: why === INVALID ? invalid : why });
    });
}

/** p***@example.com: enough for the holder to recognise the mailbox, too little to harvest it. */
export const maskEmail = (email: string): string => {
  const at = email.lastIndexOf("@");
  return at <= 0 ? "***" : `${email[0]}***${email.slice(at)}`;
};
