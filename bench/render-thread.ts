import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { Piscina } from "piscina";
import type { RenderResult, RenderTask } from "@/lib/pdf/render-task";

/**
 * One render thread as the server runs it (production React, the bench templates, the secrets
 * production asks for, though nothing here uses them), with a data folder of its own: the benches
 * that time single renders (templates, e-signature, tagged PDF). `close` ends it and removes the folder.
 */
export function benchRenderThread(name: string) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `sealpost-bench-${name}-`));
  const pool = new Piscina<RenderTask, RenderResult>({
    filename: path.resolve("lib/pdf/render-worker.mjs"),
    minThreads: 1,
    maxThreads: 1,
    env: {
      ...process.env,
      NODE_ENV: "production",
      TEMPLATES_DIR: path.resolve("bench/templates"),
      DATA_DIR: dataDir,
      PORTAL_TOKEN_SECRET: "bench-portal-secret-with-at-least-32-chars",
    },
  });
  return {
    pool,
    async close() {
      await pool.destroy();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
