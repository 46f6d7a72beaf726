import path from "node:path";
import { afterAll, beforeAll } from "vitest";
import { resetEnvCache } from "@/lib/env";

/** For a test file that renders templates in this process: TEMPLATES_DIR is `dir` (the fixtures by default) while it runs. */
export function useTemplatesDir(dir = "tests/fixtures/templates"): void {
  beforeAll(() => {
    process.env.TEMPLATES_DIR = path.resolve(dir);
    resetEnvCache();
  });
  afterAll(() => {
    delete process.env.TEMPLATES_DIR;
    resetEnvCache();
  });
}

/**
 * For a test file that renders in this process, without render threads, and sets TEMPLATES_DIR as it
 * goes (templates from more than one folder): both are reset after it.
 */
export function useInProcessRenders(): void {
  beforeAll(() => {
    process.env.RENDER_THREADS = "0";
    resetEnvCache();
  });
  afterAll(() => {
    delete process.env.TEMPLATES_DIR;
    delete process.env.RENDER_THREADS;
    resetEnvCache();
  });
}
