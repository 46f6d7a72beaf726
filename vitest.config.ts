import path from "node:path";
import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

const alias = { "@": path.dirname(fileURLToPath(import.meta.url)) };

const integration = {
  // As the unit files: a worker imports the stacks' helpers, Playwright and lib/ once, not once a file.
  isolate: false,
  setupFiles: ["tests/support/install-jobs.ts", "tests/support/file-isolation.ts"],
  // One migrated database with the test tenants per run, which every stack copies (tests/support/stack-template.ts).
  globalSetup: ["tests/support/stack-template.ts"],
  testTimeout: 120_000,
  hookTimeout: 180_000,
  // Two files at a time (maxWorkers), each with its own server, database, SMTP server and browser:
  // much of an integration test is waiting (for mail, jobs, an outage to end), so two share the cores.
  fileParallelism: true,
  // A page's server action and redirect can take seconds on a loaded 2-core machine; the
  // default poll gives up after one second, which would fail a test where the product is only slow.
  expect: { poll: { timeout: 15_000 } },
};

/**
 * On the embedded database (PGlite), only what differs from PostgreSQL: one session at a time
 * (concurrent autosaves), its directory lock and recovery after a crash, migrations at start (every
 * stack), a batch end to end and a workflow up to its approval, and the SMTP outages (the mail
 * pump wakes through the embedded database's LISTEN). The PostgreSQL project runs everything; in
 * these files, what is the same on either database skips itself on PGlite (`skipIf(dbKind() === "pglite")`).
 */
const onPglite = [
  "tests/integration/batch-lifecycle.test.ts",
  "tests/integration/batch-crash.test.ts",
  "tests/integration/faults.test.ts",
  "tests/integration/workflow-participant.test.ts",
];

/**
 * On PostgreSQL with the blobs in a real S3 server on loopback (BLOB_URL, s3rver): what writes and
 * reads blobs most. The sealing and explain files run here instead of with the local folder (which
 * the other projects' files and the unit tests' driver contract cover), to keep CI within its time.
 * The S3 store's outage mid-batch is its own file, in the PostgreSQL project.
 */
const s3Only = ["tests/integration/workflow-approval.test.ts", "tests/integration/explain.test.ts"];
const onS3 = [...s3Only, "tests/integration/batch-lifecycle.test.ts", "tests/integration/explain-retention.test.ts"];

const unit = {
  // Files share their worker's module cache; file-isolation undoes what a file leaves behind.
  isolate: false,
  setupFiles: ["tests/support/install-jobs.ts", "tests/support/file-isolation.ts"],
  // A guard against hangs, not a speed check: CI runs these beside the production build, and on
  // a slow host the heaviest generated tests run far past Vitest's default there.
  testTimeout: 90_000,
  hookTimeout: 90_000,
};
const unitFiles = ["tests/unit/**/*.test.{ts,tsx}"];
/**
 * The PDF files (fonts of every script, whole documents, the render threads) in workers of their own:
 * with the rest in one worker's heap, a run once passed V8's default heap limit there. A larger
 * limit for the worker is no way out: the render threads take the flag too and the memory test's
 * runaway document would then run until its timeout instead of meeting its thread's own limit.
 */
const pdfUnitFiles = ["tests/unit/pdf-*.test.{ts,tsx}"];

export default defineConfig({
  resolve: { alias },
  test: {
    // Vitest's default on 2 cores is one file at a time; unit tests wait on databases, servers and
    // child processes much of the time, so two at a time keep both cores busy.
    maxWorkers: 2,
    projects: [
      { resolve: { alias }, test: { name: "unit", include: unitFiles, exclude: pdfUnitFiles, ...unit } },
      { resolve: { alias }, test: { name: "unit-pdf", include: pdfUnitFiles, ...unit } },
      {
        resolve: { alias },
        test: {
          name: "integration",
          // e2e/ drives pages in Chromium against the same running stack.
          include: ["tests/integration/**/*.test.{ts,tsx}", "e2e/**/*.test.ts"],
          exclude: s3Only,
          env: { TEST_DB: "postgres" },
          ...integration,
        },
      },
      {
        resolve: { alias },
        test: { name: "integration-pglite", include: onPglite, env: { TEST_DB: "pglite" }, ...integration },
      },
      {
        resolve: { alias },
        test: { name: "integration-s3", include: onS3, env: { TEST_DB: "postgres", TEST_BLOB: "s3" }, ...integration },
      },
      {
        resolve: { alias },
        test: {
          // npm run dev and the README's walk-through, on the README's own ports (3000, 9400).
          name: "walkthrough",
          include: ["tests/walkthrough/**/*.test.ts"],
          testTimeout: 900_000,
          hookTimeout: 60_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
