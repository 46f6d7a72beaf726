import { and, eq } from "drizzle-orm";
import { getDb, type Tx } from "@/lib/db/client";
import { batches, type Batch } from "@/lib/db/schema";
import { AppError } from "@/lib/http/problem";

const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Another tenant's batch is reported exactly like an unknown one. */
export async function getBatch(tenantId: string, batchId: string, tx?: Tx): Promise<Batch> {
  if (!uuid.test(batchId)) throw new AppError("batch.not_found", `No batch ${batchId}`);
  const db = tx ?? (await getDb());
  const [row] = await db
    .select()
    .from(batches)
    .where(and(eq(batches.id, batchId), eq(batches.tenantId, tenantId)));
  if (!row) throw new AppError("batch.not_found", `No batch ${batchId}`);
  return row;
}
