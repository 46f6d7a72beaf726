import path from "node:path";
import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

const alias = { "@": path.dirname(fileURLToPath(import.meta.url)) };

const integration = {
  setupFiles: ["tests/support/install-jobs.ts"],
  testTimeout: 120_000,
  hookTimeout: 180_000,
  // Two files at a time (maxWorkers), each with its own server, database, SMTP server and browser:
  // much of an integration test is waiting (for mail, jobs, an outage to end), so two share the cores.
  fileParallelism: true,
  // A page's server action and redirect can take seconds on a loaded 2-core machine; the
  // default poll gives up after one second (a CI run failed there, not in the product).
  expect: { poll: { timeout: 15_000 } },
};

/**
 * On the embedded database (PGlite), only what differs from PostgreSQL: one session at a time
 * (concurrent autosaves), its directory lock and recovery after a crash, migrations at start (every
 * stack), a batch end to end and a workflow up to its approval, and the SMTP outages (the mail
 * pump wakes through the embedded database's LISTEN). The PostgreSQL project runs everything.
 */
const onPglite = [
  "tests/integration/batch-lifecycle.test.ts",
  "tests/integration/batch-crash.test.ts",
  "tests/integration/faults.test.ts",
  "tests/integration/workflow-participant.test.ts",
];

export default defineConfig({
  resolve: { alias },
  test: {
    // Vitest's default on 2 cores is one file at a time; unit tests wait on databases, servers and
    // child processes much of the time, so two at a time keep both cores busy.
    maxWorkers: 2,
    projects: [
      {
        resolve: { alias },
        test: {
          name: "unit",
          include: ["tests/unit/**/*.test.{ts,tsx}"],
          // Files share their worker's module cache; unit-file-isolation undoes what a file leaves behind.
          isolate: false,
          setupFiles: ["tests/support/install-jobs.ts", "tests/support/unit-file-isolation.ts"],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        resolve: { alias },
        test: {
          name: "integration",
          // e2e/ drives pages in Chromium against the same running stack.
          include: ["tests/integration/**/*.test.{ts,tsx}", "e2e/**/*.test.ts"],
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
