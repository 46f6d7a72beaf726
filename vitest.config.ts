import path from "node:path";
import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

const alias = { "@": path.dirname(fileURLToPath(import.meta.url)) };

export default defineConfig({
  resolve: { alias },
  test: {
    projects: [
      {
        resolve: { alias },
        test: { name: "unit", include: ["tests/unit/**/*.test.{ts,tsx}"], setupFiles: ["tests/support/install-jobs.ts"], testTimeout: 30_000, hookTimeout: 60_000 },
      },
      {
        resolve: { alias },
        test: {
          name: "integration",
          setupFiles: ["tests/support/install-jobs.ts"],
          // e2e/ drives pages in Chromium against the same running stack.
          include: ["tests/integration/**/*.test.{ts,tsx}", "e2e/**/*.test.ts"],
          testTimeout: 120_000,
          hookTimeout: 180_000,
          fileParallelism: false,
          // A page's server action and redirect can take seconds on a loaded 2-core machine; the
          // default poll gives up after one second (a CI run failed there, not in the product).
          expect: { poll: { timeout: 15_000 } },
        },
      },
    ],
  },
});
