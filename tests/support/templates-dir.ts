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
