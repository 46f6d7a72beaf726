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

/**
 * Why an address cannot receive mail, as values (a page or a receipt words it in its reader's
 * language): not an address at all, or over one of ADDRESS_LIMITS (`bytes` it has, `most` allowed).
 */
export type AddressFault =
  { kind: "invalid" } | { kind: "localPart" | "domain" | "address"; bytes: number; most: number } | { kind: "label"; most: number };

/** Why `address` (one address, trimmed) cannot receive mail, or null when it can. */
export function addressFault(address: string): AddressFault | null {
  const at = address.lastIndexOf("@");
  if (at < 0) return { kind: "invalid" };
  const local = address.slice(0, at);
  const domain = address.slice(at + 1);
  if (octets(local) > ADDRESS_LIMITS.localPart) return { kind: "localPart", bytes: octets(local), most: ADDRESS_LIMITS.localPart };
  if (octets(domain) > ADDRESS_LIMITS.domain) return { kind: "domain", bytes: octets(domain), most: ADDRESS_LIMITS.domain };
  if (octets(address) > ADDRESS_LIMITS.address) return { kind: "address", bytes: octets(address), most: ADDRESS_LIMITS.address };
  if (domain.split(".").some((label) => octets(label) > ADDRESS_LIMITS.label)) return { kind: "label", most: ADDRESS_LIMITS.label };
  return format.safeParse(address).success ? null : { kind: "invalid" };
}

/** An address fault as the API's English says it (after the address: "is not a valid email address"). */
export function addressFaultText(fault: AddressFault): string {
  switch (fault.kind) {
    case "invalid":
      return INVALID;
    case "localPart":
      return `has ${fault.bytes} bytes before the @; at most ${fault.most} are allowed (RFC 5321)`;
    case "domain":
      return `has a domain of ${fault.bytes} bytes; at most ${fault.most} are allowed (RFC 5321)`;
    case "address":
      return `is ${fault.bytes} bytes long; an address may have at most ${fault.most} (RFC 5321)`;
    case "label":
      return `has a domain label longer than ${fault.most} bytes (RFC 1035)`;
  }
}

/** Why `address` (one address, trimmed) cannot receive mail, in the API's English, or null when it can. */
export function addressProblem(address: string): string | null {
  const fault = addressFault(address);
  return fault && addressFaultText(fault);
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
