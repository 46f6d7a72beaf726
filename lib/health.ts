import { sql } from "drizzle-orm";
import { dbHandle } from "@/lib/db/client";

export async function checkHealth(): Promise<{ status: "ok" | "unavailable"; database: string; detail?: string }> {
  try {
    const { db, driver } = await dbHandle();
    await db.execute(sql`select 1`);
    return { status: "ok", database: driver };
  } catch (err) {
    return { status: "unavailable", database: "unreachable", detail: (err as Error).message };
  }
}
