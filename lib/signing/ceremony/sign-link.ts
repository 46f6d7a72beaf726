import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { env, portalSecret } from "@/lib/env";
import { hashSecret } from "@/lib/ids";

/**
 * A signer's link: `${PUBLIC_BASE_URL}/sign/<signerId>.<secret>`. The secret is derived from the
 * signer's id and a random nonce with the server key (as delivery links are), so no token is stored:
 * the signer row keeps the SHA-256 of the whole token, the outbox a placeholder naming signer and
 * nonce, expanded when the mail is handed to the SMTP server. A new nonce (re-send) makes a new
 * token whose hash replaces the old one: the old link is dead.
 *
 * The signer id in front lets the server find the row by key and compare the hash in constant time,
 * and tell a link that was replaced by a newer one from a link that never existed.
 */
const UUID = "[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}";
const TOKEN = new RegExp(`^(${UUID})\\.([A-Za-z0-9_-]{43})$`);

export const newLinkNonce = (): string => randomBytes(16).toString("base64url");

export const signToken = (signerId: string, nonce: string): string =>
  `${signerId}.${createHmac("sha256", portalSecret()).update(`sign-link:${signerId}:${nonce}`).digest("base64url")}`;

export const signTokenHash = (token: string): string => hashSecret(token);

export const signLink = (token: string): string => new URL(`/sign/${token}`, env().PUBLIC_BASE_URL).toString();

/** The signer id a token names, or null when it has not a token's shape. */
export function tokenSigner(token: string): string | null {
  return TOKEN.exec(token)?.[1] ?? null;
}

/** Whether `token` is the one whose hash is stored (constant time). */
export function tokenMatches(token: string, storedHash: string | null): boolean {
  if (!storedHash) return false;
  const a = Buffer.from(signTokenHash(token), "hex");
  const b = Buffer.from(storedHash, "hex");
  return a.length === b.length && timingSafeEqual(a, b);
}

export const signLinkPlaceholder = (signerId: string, nonce: string): string => `[[sign-link:${signerId}:${nonce}]]`;

const PLACEHOLDER = new RegExp(`\\[\\[sign-link:(${UUID}):([A-Za-z0-9_-]{16,64})\\]\\]`, "g");

/** Turns the placeholders of a queued mail into links, as the mail is handed to the SMTP server. */
export const expandSignLinks = (text: string): string =>
  text.replace(PLACEHOLDER, (_, signerId: string, nonce: string) => signLink(signToken(signerId, nonce)));
