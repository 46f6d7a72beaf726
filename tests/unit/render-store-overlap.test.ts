import path from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import { resetEnvCache } from "@/lib/env";
import { closeRenderPool, renderToBlob } from "@/lib/pdf/render-pool";
import { startS3Server, STACK_PREFIX, type S3Server } from "../support/s3";
import { startS3Proxy, type S3Proxy } from "../support/s3-proxy";
import { createTempDataDir } from "../support/test-db";

// A batch record is laid out and then written to the blob store by its render thread. The write's
// round trip must not hold the thread's next layout: with the store's answers held back, every
// record handed to the threads is still laid out, and its PUT waits at the store.
const S3_VARS = ["BLOB_URL", "S3_ENDPOINT", "S3_REGION", "S3_ACCESS_KEY_ID", "S3_SECRET_ACCESS_KEY", "S3_FORCE_PATH_STYLE"];
const data = createTempDataDir();
let s3: S3Server;
let proxy: S3Proxy;

beforeAll(async () => {
  s3 = await startS3Server();
  proxy = await startS3Proxy(s3.endpoint);
  // The pool's threads take the environment they start with: a new pool, pointed at the proxy.
  await closeRenderPool();
  Object.assign(process.env, s3.env(), {
    S3_ENDPOINT: proxy.endpoint,
    DATA_DIR: data.dir,
    TEMPLATES_DIR: path.resolve("tests/fixtures/templates"),
    RENDER_THREADS: "2",
  });
  resetEnvCache();
}, 60_000);
afterAll(async () => {
  await closeRenderPool();
  for (const name of [...S3_VARS, "TEMPLATES_DIR", "RENDER_THREADS", "DATA_DIR"]) delete process.env[name];
  resetEnvCache();
  await proxy.close();
  await s3.close();
  data.remove();
});

it("lays out the next records while earlier ones wait on the store, and stores each once the store answers", async () => {
  const records = 4;
  proxy.hold();
  const stored = Array.from({ length: records }, (_, i) =>
    renderToBlob({
      templatePath: "letter.md",
      record: { customerId: `C${i}`, name: `Customer ${i}`, amount: i, recipientEmail: `r${i}@example.test` },
      meta: { correlationId: `overlap-${i}`, title: "t" },
      blobKey: `batches/b-overlap/records/${i}.pdf`,
    }),
  );
  // Two threads, four records: had a thread waited for its write before the next layout, at most two
  // PUTs could be waiting here.
  await expect.poll(() => proxy.held(), { timeout: 30_000 }).toBe(records);
  proxy.release();
  const results = await Promise.all(stored);
  for (const r of results) expect(r).not.toHaveProperty("storageError");
  expect(await s3.keys(`${STACK_PREFIX}/batches/b-overlap/`)).toEqual(
    Array.from({ length: records }, (_, i) => `${STACK_PREFIX}/batches/b-overlap/records/${i}.pdf`),
  );
});
