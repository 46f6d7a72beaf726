import { eq } from "drizzle-orm";
import { getDb, type Tx } from "@/lib/db/client";
import { isUniqueViolation } from "@/lib/db/errors";
import { tenants, type Tenant } from "@/lib/db/schema";
import { TenantError } from "./errors";
import { newTenantSchema, parseOrThrow, parseTenantId, tenantPatchSchema, type NewTenant, type TenantPatch } from "./validation";

export async function addTenant(input: NewTenant, tx?: Tx): Promise<Tenant> {
  const t = parseOrThrow(newTenantSchema, input);
  const db = tx ?? (await getDb());
  try {
    const [row] = await db.insert(tenants).values(t).returning();
    return row;
  } catch (err) {
    if (isUniqueViolation(err)) {
      throw new TenantError("tenant.exists", `Tenant ${t.id} already exists; use "tenant update" to change it`);
    }
    throw err;
  }
}

/** Changes only the fields given; features and approvers are replaced as whole lists, a null defaultLocale removes it. */
export async function updateTenant(id: string, patch: TenantPatch, tx?: Tx): Promise<Tenant> {
  const tid = parseTenantId(id);
  const p = parseOrThrow(tenantPatchSchema, patch);
  const changes = Object.fromEntries(Object.entries(p).filter(([, v]) => v !== undefined));
  if (Object.keys(changes).length === 0) {
    throw new TenantError("tenant.invalid", "Nothing to update: give at least one of name, tier, features, approvers, defaultLocale");
  }
  const db = tx ?? (await getDb());
  const [row] = await db
    .update(tenants)
    .set({ ...changes, updatedAt: new Date() })
    .where(eq(tenants.id, tid))
    .returning();
  if (!row) throw new TenantError("tenant.not_found", `Tenant ${tid} does not exist`);
  return row;
}

export async function removeTenant(id: string, tx?: Tx): Promise<Tenant> {
  const tid = parseTenantId(id);
  const db = tx ?? (await getDb());
  try {
    const [row] = await db.delete(tenants).where(eq(tenants.id, tid)).returning();
    if (!row) throw new TenantError("tenant.not_found", `Tenant ${tid} does not exist`);
    return row;
  } catch (err) {
    // Batches reference their tenant; deleting it would orphan an audit trail, so the database refuses.
    if (hasCode(err, "23503")) {
      throw new TenantError("tenant.in_use", `Tenant ${tid} still has batches and cannot be removed`);
    }
    throw err;
  }
}

function hasCode(err: unknown, code: string): boolean {
  for (let e = err as { code?: string; cause?: unknown } | undefined, depth = 0; e && depth < 4; depth++) {
    if (e.code === code) return true;
    e = e.cause as typeof e;
  }
  return false;
}
