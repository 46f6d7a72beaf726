import { asc, eq } from "drizzle-orm";
import { getDb, type Tx } from "@/lib/db/client";
import { tenants, type Tenant } from "@/lib/db/schema";
import type { SupportedLocale } from "@/lib/i18n/locales";
import { supportedLocaleOf } from "@/lib/i18n/match-locale";

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

/**
 * The tenant's default language for people outside it (`tenant … --default-locale`), or null: none
 * set, or no such tenant. Read when a mail is written or a page opened, never kept, so a change
 * applies to the next one.
 */
export async function tenantDefaultLocale(id: string, tx?: Tx): Promise<SupportedLocale | null> {
  const db = tx ?? (await getDb());
  const [row] = await db.select({ locale: tenants.defaultLocale }).from(tenants).where(eq(tenants.id, id)).limit(1);
  return supportedLocaleOf(row?.locale);
}
