import { asc, eq } from "drizzle-orm";
import { getDb, type Tx } from "@/lib/db/client";
import { tenants, type Tenant } from "@/lib/db/schema";

/** The tenant row, or null when the id is not registered. */
export async function getTenant(id: string, tx?: Tx): Promise<Tenant | null> {
  const db = tx ?? (await getDb());
  const [row] = await db.select().from(tenants).where(eq(tenants.id, id)).limit(1);
  return row ?? null;
}

export async function listTenants(tx?: Tx): Promise<Tenant[]> {
  const db = tx ?? (await getDb());
  return db.select().from(tenants).orderBy(asc(tenants.id));
}
