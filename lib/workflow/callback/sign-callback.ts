import { createHmac, hkdfSync } from "node:crypto";
import { env, portalSecret } from "@/lib/env";

/**
 * A tenant's callback signing key: HKDF-SHA256 of the server's CALLBACK_SIGNING_SECRET (else
 * PORTAL_TOKEN_SECRET) with the tenant id, so that it is stored nowhere (a signing key cannot be kept
 * only hashed) and one tenant's key says nothing about another's. `npm run admin -- tenant
 * callback-secret --id <tid>` prints it for the tenant's receiver.
 */
export function tenantCallbackKey(tenantId: string): Buffer {
  const ikm = env().CALLBACK_SIGNING_SECRET ?? portalSecret();
  return Buffer.from(hkdfSync("sha256", ikm, "sealpost callback signing v1", `tenant:${tenantId}`, 32));
}

/** The key in the Standard Webhooks form receivers' libraries take: `whsec_` and the key in base64. */
export const tenantCallbackSecret = (tenantId: string): string => `whsec_${tenantCallbackKey(tenantId).toString("base64")}`;

/**
 * Headers of one attempt (each attempt is signed at its own time):
 * - `X-Svc-Timestamp`: Unix seconds; `X-Svc-Signature`: `sha256=` and the hex HMAC-SHA256 of
 *   `${timestamp}.${body}` (DESIGN §6);
 * - Standard Webhooks: `webhook-id` (the same on every attempt of one callback), `webhook-timestamp`,
 *   `webhook-signature`: `v1,` and the base64 HMAC-SHA256 of `${id}.${timestamp}.${body}`.
 * Both with the tenant's key.
 */
export function callbackHeaders(tenantId: string, messageId: string, body: string, nowMs = Date.now()): Record<string, string> {
  const key = tenantCallbackKey(tenantId);
  const ts = String(Math.floor(nowMs / 1000));
  const svc = createHmac("sha256", key).update(`${ts}.${body}`).digest("hex");
  const std = createHmac("sha256", key).update(`${messageId}.${ts}.${body}`).digest("base64");
  return {
    "content-type": "application/json",
    "user-agent": "Sealpost-Webhooks/1",
    "x-svc-timestamp": ts,
    "x-svc-signature": `sha256=${svc}`,
    "webhook-id": messageId,
    "webhook-timestamp": ts,
    "webhook-signature": `v1,${std}`,
  };
}
