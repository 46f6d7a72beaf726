import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { detail, expectMailedOnceEach, submit } from "../support/batch-run";
import { STACK_PREFIX } from "../support/s3";
import { eventually, startStack, type Stack } from "../support/stack";
import { tenantFolder } from "@/lib/blob/keys";

const BATCH = 200;

/** The S3-compatible store (a real S3 server on loopback, s3rver) stops for 5 s while a batch renders. */
describe("an S3 store that stops mid-batch", () => {
  let stack: Stack;
  beforeAll(async () => {
    stack = await startStack({ blob: "s3", env: { SMTP_TIMEOUT_MS: "1000" } });
  });
  afterAll(async () => stack?.stop());

  it("stores and mails every document exactly once after the store is back", async () => {
    const s3 = stack.s3!;
    const id = await submit(stack, BATCH, "s3-outage");
    // Cut the store once some documents are stored and many are still to come.
    await eventually(async () => (await detail(stack, id)).processedCount >= 20, 60_000, "the first documents");
    await s3.stop();
    const processedAtStop = (await detail(stack, id)).processedCount;
    await new Promise((r) => setTimeout(r, 5_000));
    // Reads answer 503 with Retry-After while it is away (the intake receipt is stored, so only the store can fail).
    const down = await stack.api("submitter", "GET", `/api/dispatch/batch/${id}/receipt`);
    const healthDown = await fetch(`${stack.baseUrl}/api/health`);
    await s3.start();
    expect(processedAtStop).toBeLessThan(BATCH);
    expect([down.status, down.headers.get("retry-after") !== null, (await down.json()).code]).toEqual([503, true, "unavailable"]);
    expect([healthDown.status, (await healthDown.json()).blobStore]).toEqual([503, "unreachable"]);
    await eventually(
      async () => {
        const res = await fetch(`${stack.baseUrl}/api/health`);
        return res.status === 200 && (await res.json()).blobStore === "s3";
      },
      30_000,
      "health to see the store back",
    );

    const done = await eventually(
      async () => {
        const d = await detail(stack, id);
        return ["completed", "partially-failed"].includes(d.state) && d;
      },
      180_000,
      "the batch to finish",
    );
    expect(done).toMatchObject({ state: "completed", processedCount: BATCH, errorCount: 0 });
    expect(stack.log()).toMatch(/attempt \d+\/\d+ failed, retry/);

    // One object per record under the tenant's folder for the batch, no leftovers of aborted writes, each a PDF.
    const stored = await s3.keys(`${STACK_PREFIX}/${tenantFolder("acme")}/batches/${id}/`);
    expect(stored).toEqual(
      Array.from({ length: BATCH }, (_, i) => `${STACK_PREFIX}/${tenantFolder("acme")}/batches/${id}/records/${i}.pdf`).sort(),
    );
    for (const index of [0, 99, BATCH - 1]) {
      const pdf = await stack.api("submitter", "GET", `/api/dispatch/batch/${id}/documents/${index}`);
      expect(pdf.status).toBe(200);
      expect(
        Buffer.from(await pdf.arrayBuffer())
          .subarray(0, 5)
          .toString(),
      ).toBe("%PDF-");
    }
    await expectMailedOnceEach(stack, "s3-outage", BATCH, 60_000);
  });
});
