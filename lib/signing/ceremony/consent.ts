import { createHash } from "node:crypto";

/**
 * The electronic-records consent a signer accepts before signing (as ESIGN Act §101(c) and eIDAS
 * practice ask: what signing electronically means, how to get paper, how to withdraw). One version
 * is current; a signer's acceptance records its version and SHA-256, and the sign request must send
 * both back, so a page showing an older text cannot sign under the new one. A change of wording is
 * a new version: older versions stay here so that a recorded hash can always be checked against its text.
 */
const versions = {
  "2026-12-01": [
    "Consent to sign electronically",
    "",
    "By signing, you agree that your electronic signature on this document is the legal equivalent of your handwritten signature, and that you receive and sign this document in electronic form.",
    "Your signature is added to the PDF as a digital signature of your own, together with your name, your e-mail address, how you were identified, and the time; the sender keeps a record of these events with your IP address and browser.",
    "You may ask the sender for a paper copy, or decline to sign electronically, at any time before you sign: use Decline, and the sender will be told your reason.",
    "To read and keep the document you need a device that shows PDF files; you can download the signed document once every signer has signed.",
  ].join("\n"),
} as const;

export type ConsentVersion = keyof typeof versions;
export const CURRENT_CONSENT: ConsentVersion = "2026-12-01";

const sha256 = (text: string) => createHash("sha256").update(text, "utf8").digest("hex");

/** The consent as the ceremony shows it: its version, its text, and the SHA-256 of the text (UTF-8). */
export function consent(version: ConsentVersion = CURRENT_CONSENT): { version: ConsentVersion; text: string; sha256: string } {
  return { version, text: versions[version], sha256: sha256(versions[version]) };
}

/** Whether the consent a signer sends back is the current one. */
export const isCurrentConsent = (c: { version: string; sha256: string }): boolean => {
  const now = consent();
  return c.version === now.version && c.sha256.toLowerCase() === now.sha256;
};
