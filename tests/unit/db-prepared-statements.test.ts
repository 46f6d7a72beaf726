import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { closeDb, getDb, rowsOf, type Tx } from "@/lib/db/client";
import { mailOutbox } from "@/lib/db/schema";
import { resetEnvCache } from "@/lib/env";
import { newId } from "@/lib/ids";
import { useFreshDatabase } from "../support/test-db";

let drop: () => Promise<void>;
beforeAll(async () => {
  drop = await useFreshDatabase("postgres");
  resetEnvCache();
  await closeDb();
});
afterAll(async () => {
  await closeDb();
  await drop();
});

/** The statements prepared on the connection `tx` runs on (a transaction holds one connection). */
const preparedOn = async (tx: Tx) =>
  rowsOf(await tx.execute(sql`select statement from pg_prepared_statements`)).map((r) => String(r.statement));
const draft = (key: string) => ({ id: newId(), dedupeKey: key, to: "r@example.test", subject: "s", text: "t" });

describe("statements with parameters on PostgreSQL", () => {
  it("run prepared on their connection (one round trip once prepared), in transactions and savepoints alike", async () => {
    const db = await getDb();
    await db.transaction(async (tx) => {
      await tx.select().from(mailOutbox).where(eq(mailOutbox.dedupeKey, "a"));
      expect((await preparedOn(tx)).some((s) => /"dedupe_key" = \$1/.test(s))).toBe(true);
      await tx.transaction(async (savepoint) => {
        await savepoint.select({ id: mailOutbox.id }).from(mailOutbox).where(eq(mailOutbox.to, "b"));
        expect((await preparedOn(savepoint)).some((s) => /"to" = \$1/.test(s))).toBe(true);
      });
    });
  });

  it("still roll back: a failed savepoint undoes only its own writes, a failed transaction all of them", async () => {
    const db = await getDb();
    const keep = `keep-${newId()}`;
    const undone = `undone-${newId()}`;
    await db.transaction(async (tx) => {
      await tx.insert(mailOutbox).values(draft(keep));
      await expect(
        tx.transaction(async (savepoint) => {
          await savepoint.insert(mailOutbox).values(draft(undone));
          // The same prepared insert fails on the unique dedupe key: the error is the statement's.
          await savepoint.insert(mailOutbox).values(draft(undone));
        }),
      ).rejects.toThrow();
    });
    const gone = `gone-${newId()}`;
    await expect(
      db.transaction(async (tx) => {
        await tx.insert(mailOutbox).values(draft(gone));
        throw new Error("roll back");
      }),
    ).rejects.toThrow("roll back");
    const keys = (await db.select({ key: mailOutbox.dedupeKey }).from(mailOutbox)).map((r) => r.key);
    expect(keys).toContain(keep);
    expect(keys).not.toContain(undone);
    expect(keys).not.toContain(gone);
  });
});
