import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { resetEnvCache } from "@/lib/env";
import { loadTemplate } from "@/lib/templates/load-template";
import { checkSavedValues } from "@/lib/workflow/validation/check-fields";
import { loadWorkflowSchema, templateWorkflow } from "@/lib/workflow/schema/load-schema";
import type { WorkflowSchema } from "@/lib/workflow/schema/schema-format";
import { mergeStep, emptyData } from "@/lib/workflow/schema/step-data";
import { validateData } from "@/lib/workflow/validation/validate-data";
import { autosaves, capexRequest } from "../../bench/workflow-data";
import { createTempDataDir } from "../support/test-db";

// The workflow bench is only honest if its schema loads as a tenant's would and its data passes the
// rules the way a careful participant's does; this keeps both true as the schema format evolves.
const benchDir = fileURLToPath(new URL("../../bench/workflow", import.meta.url));
let root: { dir: string; remove: () => void };
let schema: WorkflowSchema;

beforeAll(async () => {
  root = createTempDataDir();
  fs.cpSync(benchDir, path.join(root.dir, "bench-workflow"), { recursive: true });
  process.env.TEMPLATES_DIR = root.dir;
  resetEnvCache();
  const template = await loadTemplate("bench-workflow/capex-request.md");
  // As create does: the schema file named in the template's front matter.
  schema = await loadWorkflowSchema(template, templateWorkflow(template).schemaPath);
});
afterAll(() => {
  root.remove();
  delete process.env.TEMPLATES_DIR;
  resetEnvCache();
});

describe("the workflow bench's schema and data", () => {
  it("has 4 steps and 50 cross-field rules", () => {
    expect(schema.source).toBe("bench-workflow/capex-request.yaml");
    expect(schema.steps).toHaveLength(4);
    expect(schema.rules).toHaveLength(50);
  });

  it("gives every participant data that passes every error rule, and autosaves that the PATCH check accepts and that end at that data", () => {
    const warnings = new Set<string>();
    for (let i = 0; i < 300; i++) {
      const steps = capexRequest(i);
      let data = emptyData(schema);
      steps.forEach((values, s) => {
        for (const save of autosaves(values, i * 4 + s + 1)) {
          expect(checkSavedValues(schema.steps[s].fields, save, "data.", `step ${s}`), `participant ${i} step ${s}`).toEqual([]);
          data = mergeStep(data, s, save, "2026-01-01T00:00:00.000Z");
        }
        expect(Object.fromEntries(Object.entries(data[s]).map(([k, v]) => [k, v.value])), `participant ${i} step ${s}`).toEqual(values);
      });
      const { outcome, results } = validateData(schema, data);
      const errors = results.filter((r) => !r.passed && r.severity === "error");
      expect(errors, `participant ${i}`).toEqual([]);
      expect(outcome).toBe("passed");
      expect(results.filter((r) => !r.ruleId.startsWith("field:"))).toHaveLength(50);
      for (const r of results) if (!r.passed) warnings.add(r.ruleId);
    }
    // Some warnings fail, as in real submissions, so the sealed record lists failed rules too.
    expect(warnings.size).toBeGreaterThan(0);
  });
});
