import { createHmac } from "node:crypto";
import { env, portalSecret } from "@/lib/env";

/**
 * A delivery link's token is derived from its session id with the server's secret, so it is stored
 * nowhere: the session keeps only its hash, and the outbox keeps a placeholder that is expanded at
 * the moment the mail is handed to the SMTP server.
 */
export const deliveryToken = (sessionId: string): string =>
  createHmac("sha256", portalSecret()).update(`delivery-link:${sessionId}`).digest("base64url");

/** The shape of a link's token (anything else is no link, and is never looked up). */
export const isDeliveryToken = (token: string): boolean => /^[A-Za-z0-9_-]{32,64}$/.test(token);

export const deliveryLink = (sessionId: string): string => new URL(`/d/${deliveryToken(sessionId)}`, env().PUBLIC_BASE_URL).toString();

export const deliveryLinkPlaceholder = (sessionId: string): string => `[[delivery-link:${sessionId}]]`;

const PLACEHOLDER = /\[\[delivery-link:([0-9a-f-]{36})\]\]/g;

/** Turns the delivery-link placeholders of a queued mail into links (lib/mail/expand-placeholders.ts expands every kind). */
export const expandDeliveryLinks = (text: string): string => text.replace(PLACEHOLDER, (_, id: string) => deliveryLink(id));
