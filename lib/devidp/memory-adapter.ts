import type { Adapter, AdapterPayload } from "oidc-provider";

/**
 * Storage of the development IdP for what the login flow needs to remember (sessions, interactions,
 * authorization codes, grants), in this process's memory: a restart signs everybody out, which is
 * what a development IdP may do. Entries disappear after their own lifetime.
 */
export function memoryAdapterFactory(): (model: string) => Adapter {
  const store = new Map<string, { payload: AdapterPayload; expiresAt: number }>();
  const byUid = new Map<string, string>();
  const byUserCode = new Map<string, string>();
  const grants = new Map<string, Set<string>>();
  const live = (key: string) => {
    const hit = store.get(key);
    if (!hit) return undefined;
    if (hit.expiresAt <= Date.now()) {
      store.delete(key);
      return undefined;
    }
    return hit.payload;
  };
  return (model) => {
    const key = (id: string) => `${model}:${id}`;
    return {
      async upsert(id, payload, expiresIn) {
        store.set(key(id), { payload, expiresAt: expiresIn ? Date.now() + expiresIn * 1000 : Infinity });
        if (payload.uid) byUid.set(payload.uid, id);
        if (payload.userCode) byUserCode.set(payload.userCode, id);
        if (payload.grantId) {
          const set = grants.get(payload.grantId) ?? new Set<string>();
          set.add(key(id));
          grants.set(payload.grantId, set);
        }
      },
      find: async (id) => live(key(id)),
      findByUid: async (uid) => {
        const id = byUid.get(uid);
        return id ? live(key(id)) : undefined;
      },
      findByUserCode: async (code) => {
        const id = byUserCode.get(code);
        return id ? live(key(id)) : undefined;
      },
      async consume(id) {
        const hit = store.get(key(id));
        if (hit) hit.payload.consumed = Math.floor(Date.now() / 1000);
      },
      async destroy(id) {
        store.delete(key(id));
      },
      async revokeByGrantId(grantId) {
        for (const k of grants.get(grantId) ?? []) store.delete(k);
        grants.delete(grantId);
      },
    };
  };
}
