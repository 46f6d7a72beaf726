import type { Adapter } from "oidc-provider";

/**
 * Storage for a provider that stores nothing: the development IdP only issues JWT access tokens via
 * client credentials, and oidc-provider never persists JWT-format tokens (no sessions, codes or grants
 * exist). Passing it also silences oidc-provider's "in-memory adapter, you MUST change it" warning.
 */
export const nullAdapter: Adapter = {
  upsert: async () => undefined,
  find: async () => undefined,
  findByUserCode: async () => undefined,
  findByUid: async () => undefined,
  consume: async () => undefined,
  destroy: async () => undefined,
  revokeByGrantId: async () => undefined,
};
