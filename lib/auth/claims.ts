import type { JWTPayload } from "jose";

/**
 * A claim by name. The exact key wins (Auth0-style namespaced claims contain dots, e.g.
 * "https://example.com/tid"); otherwise a dotted name walks nested objects (Keycloak's realm_access.roles).
 */
export function claimAt(payload: JWTPayload, name: string): unknown {
  if (name in payload) return payload[name];
  let node: unknown = payload;
  for (const part of name.split(".")) {
    if (node === null || typeof node !== "object") return undefined;
    node = (node as Record<string, unknown>)[part];
  }
  return node;
}

/** Roles arrive as a JSON array (Entra, Keycloak) or a space-separated string (OAuth `scope` style). */
export function readRoles(value: unknown): string[] {
  if (Array.isArray(value)) return value.filter((r): r is string => typeof r === "string" && r.trim() !== "").map((r) => r.trim());
  if (typeof value === "string") return value.split(/\s+/).filter(Boolean);
  return [];
}

/** Lowercased, because approver lists are stored lowercased and compared as strings. */
export function readEmail(value: unknown): string | null {
  return typeof value === "string" && value.trim() !== "" ? value.trim().toLowerCase() : null;
}

/** `sub` normally; client-credentials tokens from some issuers carry only client_id or azp. */
export function readSubject(payload: JWTPayload): string | null {
  for (const v of [payload.sub, payload.client_id, payload.azp]) {
    if (typeof v === "string" && v !== "") return v;
  }
  return null;
}
