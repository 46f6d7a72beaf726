import { eq, inArray, sql } from "drizzle-orm";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { closeDb, getDb, rowsOf } from "@/lib/db/client";
import { insertMany } from "@/lib/db/insert-many";
import { deliverySessions, jobs, mailOutbox } from "@/lib/db/schema";
import { resetEnvCache } from "@/lib/env";
import { newId } from "@/lib/ids";
import { useFreshDatabase } from "../support/test-db";

let drop: () => Promise<void>;
beforeAll(async () => {
  drop = await useFreshDatabase("pglite");
  resetEnvCache();
});
afterAll(async () => {
  await closeDb();
  await drop();
});

// What the edge lets through (lib/http/storable.ts refuses NUL and lone surrogates): any other text.
const storable = fc.string({ unit: "grapheme", maxLength: 60 }).filter((s) => !s.includes("\0"));
// A top-level JSON null is SQL NULL in a jsonb column, with drizzle's inserts as with these.
const storableJson = fc.jsonValue({ maxDepth: 3 }).filter((v) => v !== null && !JSON.stringify(v).includes("\\u0000"));

describe("insertMany (rows as one JSON parameter)", () => {
  it("stores any text and any JSON exactly as a row-per-value insert would", async () => {
    const db = await getDb();
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.record({ to: storable, subject: storable, text: storable, payload: storableJson }), { minLength: 1, maxLength: 20 }),
        async (drafts) => {
          const rows = drafts.map((d) => ({ ...d, id: newId(), dedupeKey: `k:${newId()}` }));
          await db.transaction(async (tx) => {
            await insertMany(
              tx,
              mailOutbox,
              rows.map(({ payload: _, ...m }) => m),
            );
            await insertMany(
              tx,
              jobs,
              rows.map((r) => ({ id: r.id, functionId: "f", event: "e", payload: r.payload as object })),
            );
          });
          const mails = await db
            .select()
            .from(mailOutbox)
            .where(
              inArray(
                mailOutbox.id,
                rows.map((r) => r.id),
              ),
            );
          // The stored JSON is read as text: drizzle's jsonb reader parses a string value once more when
          // the driver has already parsed it (PGlite), so a stored JSON string "0" would read back as 0.
          const stored = rowsOf(
            await db.execute(sql`select id, payload::text as payload from jobs where id in ${rows.map((r) => r.id)}`),
          ).map((j) => ({
            id: String(j.id),
            payload: JSON.parse(String(j.payload)) as unknown,
          }));
          for (const r of rows) {
            const mail = mails.find((m) => m.id === r.id)!;
            expect({ to: mail.to, subject: mail.subject, text: mail.text, dedupeKey: mail.dedupeKey }).toEqual({
              to: r.to,
              subject: r.subject,
              text: r.text,
              dedupeKey: r.dedupeKey,
            });
            // Columns no row names get their database defaults.
            expect(mail).toMatchObject({ status: "pending", attempts: 0, lockedUntil: null });
            expect(stored.find((j) => j.id === r.id)!.payload).toEqual(JSON.parse(JSON.stringify(r.payload)));
          }
        },
      ),
      // A JSON string that is itself JSON text once came back as a number (see the read above).
      { numRuns: 60, examples: [[[{ to: "", subject: "", text: "", payload: "0" }]]] },
    );
  });

  it("skips conflicting rows and returns only the ones it inserted; keeps Dates", async () => {
    const db = await getDb();
    const batchId = newId();
    const expiresAt = new Date("2026-12-24T17:30:00.123Z");
    const row = (recordIndex: number) => ({
      id: newId(),
      tenantId: "acme",
      batchId,
      recordIndex,
      recordCorrelationId: newId(),
      recipientEmail: "r@example.test",
      recipientName: null,
      tokenHash: newId(),
      expiresAt,
    });
    const first = [row(0), row(1)];
    expect(await insertMany(db, deliverySessions, first, { onConflictDoNothing: true, returning: deliverySessions.id })).toEqual(
      first.map((r) => r.id),
    );
    // Record 1 again (same batch, record and recipient) conflicts; record 2 is new.
    const again = [row(1), row(2)];
    expect(await insertMany(db, deliverySessions, again, { onConflictDoNothing: true, returning: deliverySessions.id })).toEqual([
      again[1].id,
    ]);
    const stored = await db.select().from(deliverySessions).where(eq(deliverySessions.batchId, batchId));
    expect(stored.map((s) => s.recordIndex).sort()).toEqual([0, 1, 2]);
    expect(stored.every((s) => s.expiresAt.getTime() === expiresAt.getTime() && s.recipientName === null)).toBe(true);
    expect(await insertMany(db, deliverySessions, [])).toEqual([]);
  });

  it("refuses a field the table does not have, and a conflict it was not told to skip", async () => {
    const db = await getDb();
    await expect(insertMany(db, jobs, [{ id: newId(), functionId: "f", event: "e", payload: {}, nope: 1 } as never])).rejects.toThrow(
      "jobs has no column nope",
    );
    const dedupeKey = `once:${newId()}`;
    await insertMany(db, jobs, [{ id: newId(), functionId: "f", event: "e", payload: {}, dedupeKey }]);
    await expect(insertMany(db, jobs, [{ id: newId(), functionId: "f", event: "e", payload: {}, dedupeKey }])).rejects.toThrow();
  });
});
