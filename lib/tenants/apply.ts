import { eq } from "drizzle-orm";
import { z } from "zod";
import { getDb } from "@/lib/db/client";
import { tenants } from "@/lib/db/schema";
import { TenantError } from "./errors";
import { newTenantSchema, parseOrThrow } from "./validation";

export type ApplyOutcome = { id: string; outcome: "added" | "updated" | "unchanged" };

// Each entry as `tenant add` takes it: absent features or approvers mean none, an absent defaultLocale none.
const tenantList = z.array(newTenantSchema, { error: 'must be a list of tenants, or { "tenants": [...] }' });

const sameList = (a: string[], b: string[]) => a.length === b.length && a.every((x, i) => x === b[i]);

/**
 * Makes the tenants of a file (a JSON list of tenants, or `{ "tenants": [...] }`) exist as written:
 * each is added, or updated where it differs; tenants the file does not name are left alone. All or
 * nothing: the whole file is checked first, and written in one transaction, so running it again
 * changes nothing.
 */
export async function applyTenants(file: unknown): Promise<ApplyOutcome[]> {
  const listed = file !== null && typeof file === "object" && !Array.isArray(file) && "tenants" in file ? file.tenants : file;
  const wanted = parseOrThrow(tenantList, listed);
  const seen = new Set<string>();
  for (const t of wanted) {
    if (seen.has(t.id)) throw new TenantError("tenant.invalid", "Invalid tenant file", [`id: ${t.id} is listed twice`]);
    seen.add(t.id);
  }
  const db = await getDb();
  return db.transaction(async (tx) => {
    const outcomes: ApplyOutcome[] = [];
    for (const t of wanted) {
      const [now] = await tx.select().from(tenants).where(eq(tenants.id, t.id)).for("update");
      if (!now) {
        await tx.insert(tenants).values(t);
        outcomes.push({ id: t.id, outcome: "added" });
      } else if (
        now.name !== t.name ||
        now.tier !== t.tier ||
        !sameList(now.features, t.features) ||
        !sameList(now.approvers, t.approvers) ||
        now.defaultLocale !== t.defaultLocale
      ) {
        await tx
          .update(tenants)
          .set({
            name: t.name,
            tier: t.tier,
            features: t.features,
            approvers: t.approvers,
            defaultLocale: t.defaultLocale,
            updatedAt: new Date(),
          })
          .where(eq(tenants.id, t.id));
        outcomes.push({ id: t.id, outcome: "updated" });
      } else outcomes.push({ id: t.id, outcome: "unchanged" });
    }
    return outcomes;
  });
}
