import { eq } from "drizzle-orm";
import { getDb } from "@/lib/db/client";
import { deliveryEvents, deliverySessions, tenants } from "@/lib/db/schema";
import type { SupportedLocale } from "@/lib/i18n/locales";
import { outsideLocale } from "@/lib/i18n/outside-locale";
import { hashSecret } from "@/lib/ids";
import { isDeliveryToken } from "./link-token";
import type { Visitor } from "./open-session";

/**
 * The language stored for the delivery behind a link, else its tenant's default now (a session made
 * before the tenant had one stored none) (null: neither, or no such link), read before its page is
 * laid out: the page's `<html lang>` is decided by the root layout, ahead of the page itself.
 * Records nothing.
 */
export async function deliveryLocale(token: string): Promise<SupportedLocale | null> {
  if (!isDeliveryToken(token)) return null;
  const db = await getDb();
  const [session] = await db
    .select({ locale: deliverySessions.locale, tenantLocale: tenants.defaultLocale })
    .from(deliverySessions)
    .innerJoin(tenants, eq(tenants.id, deliverySessions.tenantId))
    .where(eq(deliverySessions.tokenHash, hashSecret(token)));
  return session ? outsideLocale({ person: session.locale, tenant: session.tenantLocale }) : null;
}

/**
 * A recipient switched their page's language: a `language` event in the session's activity (beside
 * its visits and downloads), whatever the link's state. An unknown link records nothing.
 */
export async function recordLanguageChoice(token: string, locale: SupportedLocale, visitor: Visitor): Promise<void> {
  if (!isDeliveryToken(token)) return;
  const db = await getDb();
  const [session] = await db
    .select({ id: deliverySessions.id, tenantId: deliverySessions.tenantId })
    .from(deliverySessions)
    .where(eq(deliverySessions.tokenHash, hashSecret(token)));
  if (!session) return;
  await db.insert(deliveryEvents).values({
    sessionId: session.id,
    tenantId: session.tenantId,
    kind: "language",
    locale,
    ip: visitor.ip,
    userAgent: visitor.userAgent?.slice(0, 500) ?? null,
  });
}
