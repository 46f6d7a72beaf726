// Unit and integration files share their worker's modules (isolate: false in vitest.config.ts:
// importing lib/, the stacks' helpers, Playwright and the PDF readers again for each file would cost
// much of the run). What a file changes or starts that
// outlives it is undone here, after the file's own hooks: the environment, the database connection
// and the render threads (both take the environment they start with).
import { afterAll, beforeAll } from "vitest";

let saved: Record<string, string | undefined> = {};
beforeAll(() => {
  saved = { ...process.env };
});
afterAll(async () => {
  const [{ closeRenderPool }, { closeDb }, { resetEnvCache }] = await Promise.all([
    import("@/lib/pdf/render-pool"),
    import("@/lib/db/client"),
    import("@/lib/env"),
  ]);
  await closeRenderPool();
  await closeDb();
  for (const key of Object.keys(process.env)) if (!(key in saved)) delete process.env[key];
  Object.assign(process.env, saved);
  resetEnvCache();
});
