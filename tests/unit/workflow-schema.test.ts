import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import YAML from "yaml";
import { resetEnvCache } from "@/lib/env";
import { AppError } from "@/lib/http/problem";
import { loadTemplate } from "@/lib/templates/load-template";
import { loadWorkflowSchema } from "@/lib/workflow/schema/load-schema";
import { createTempDataDir } from "../support/test-db";

const fixtures = fileURLToPath(new URL("../fixtures/templates", import.meta.url));
let root: { dir: string; remove: () => void };

beforeAll(() => {
  root = createTempDataDir();
  fs.cpSync(fixtures, root.dir, { recursive: true });
  process.env.TEMPLATES_DIR = root.dir;
  resetEnvCache();
});
afterAll(() => {
  root.remove();
  delete process.env.TEMPLATES_DIR;
  resetEnvCache();
});

const write = (name: string, text: string) => fs.writeFileSync(path.join(root.dir, name), text);

async function failure(templatePath: string, schemaPath?: string): Promise<AppError> {
  const template = await loadTemplate(templatePath);
  try {
    await loadWorkflowSchema(template, schemaPath);
  } catch (err) {
    if (err instanceof AppError) return err;
    throw err;
  }
  throw new Error("the schema loaded");
}

describe("loading a workflow schema", () => {
  it("reads the YAML file: steps, rules, approval stages", async () => {
    const schema = await loadWorkflowSchema(await loadTemplate("workflow/leave-request.md"), "workflow/leave-request.yaml");
    expect(schema.source).toBe("workflow/leave-request.yaml");
    expect(schema.steps.map((s) => s.title)).toEqual(["Employee", "Leave", "Confirmation"]);
    expect(schema.steps[1].fields.map((f) => f.key)).toEqual(["leaveType", "startDate", "endDate", "days"]);
    expect(schema.rules.map((r) => [r.id, r.severity])).toEqual([
      ["end-after-start", "error"],
      ["confirmed-true", "error"],
      ["long-unpaid-leave", "warning"],
    ]);
    expect(schema.approval).toEqual({ stages: [["approver@acme.test"], ["second@acme.test"]], escalateAfterDays: 3 });
    expect(schema.autoValidateOnCreate).toBe(false);
  });

  it("groups the template's fields by step without a schema file, in order of first appearance", async () => {
    const schema = await loadWorkflowSchema(await loadTemplate("workflow/stepped.md"), undefined);
    expect(schema.source).toBeNull();
    expect(schema.steps.map((s) => [s.title, s.fields.map((f) => f.key)])).toEqual([
      ["Company", ["company", "vatNumber", "annualVolume"]],
      ["Contact", ["contactEmail"]],
    ]);
    expect(schema.rules.map((r) => r.id)).toEqual(["volume-needs-vat"]);
  });

  it("titles numbered steps 'Step N' and a template without steps after itself", async () => {
    const numbered = await loadWorkflowSchema(await loadTemplate("workflow/governance.md"), undefined);
    expect(numbered.steps.map((s) => s.title)).toEqual(["Step 1"]);
    expect(numbered.autoValidateOnCreate).toBe(true);
    write("flat.md", "---\ntitle: Flat form\nfields:\n  - key: a\n  - key: b\n---\nflat {{a}}\n");
    const flat = await loadWorkflowSchema(await loadTemplate("flat.md"), undefined);
    expect(flat.steps).toHaveLength(1);
    expect(flat.steps[0].title).toBe("Flat form");
  });

  it("parses a schema file once until it changes, and gives every caller its own copy", async () => {
    const yaml = (title: string) =>
      `steps:\n  - title: ${title}\n    fields: [ { key: a } ]\nrules:\n  - { id: r, fieldKey: a, message: m, condition: { "!!": [ { var: a } ] } }\n`;
    write("workflow/cached.yaml", yaml("First"));
    const template = await loadTemplate("workflow/bad-rule.md");
    const parse = vi.spyOn(YAML, "parse");
    const one = await loadWorkflowSchema(template, "workflow/cached.yaml");
    one.steps[0].title = "changed by a caller";
    (one.rules[0].condition as Record<string, unknown>)["!!"] = null;
    const two = await loadWorkflowSchema(template, "workflow/cached.yaml");
    expect(parse).toHaveBeenCalledTimes(1);
    parse.mockRestore();
    expect(two.steps[0].title).toBe("First");
    expect(two.rules[0].condition).toEqual({ "!!": [{ var: "a" }] });
    // An edit is seen, even one that keeps the size (the mtime moves).
    const file = path.join(root.dir, "workflow/cached.yaml");
    write("workflow/cached.yaml", yaml("Fresh"));
    fs.utimesSync(file, new Date(), new Date(Date.now() + 5_000));
    expect((await loadWorkflowSchema(template, "workflow/cached.yaml")).steps[0].title).toBe("Fresh");
    write("workflow/cached.yaml", yaml("Longer title"));
    expect((await loadWorkflowSchema(template, "workflow/cached.yaml")).steps[0].title).toBe("Longer title");
    // A file that stops being valid is refused again, whatever was cached.
    write("workflow/cached.yaml", "steps: [");
    await expect(loadWorkflowSchema(template, "workflow/cached.yaml")).rejects.toMatchObject({ code: "workflow.schema_invalid" });
  });

  it("refuses a file that is not YAML, naming the file", async () => {
    const err = await failure("workflow/leave-request.md", "workflow/bad-yaml.yaml");
    expect(err.code).toBe("workflow.schema_invalid");
    expect(err.status).toBe(422);
    expect(err.message).toContain("workflow/bad-yaml.yaml");
    expect(err.message).toContain("not valid YAML");
  });

  it("refuses a rule naming an unknown field key, and an unknown operator, naming the place", async () => {
    const unknownKey = await failure("workflow/bad-rule.md", "workflow/bad-rule.yaml");
    expect(unknownKey.code).toBe("workflow.schema_invalid");
    expect(unknownKey.extra.errors).toEqual([{ path: "rules.0.condition.<.1.var", message: 'rule limit: unknown field key "ceiling"' }]);
    const operator = await failure("workflow/bad-rule.md", "workflow/bad-operator.yaml");
    expect(operator.extra.errors).toEqual([{ path: "rules.0.condition.isOdd", message: 'rule odd: unknown operator "isOdd"' }]);
  });

  it("refuses bad shapes, duplicate keys, patterns that do not compile and rules on unknown fields", async () => {
    write(
      "workflow/messy.yaml",
      ["steps:", "  - title: One", "    fields: [ { key: a, type: colour } ]", "  - title: Two", "    fields: []"].join("\n"),
    );
    const shape = await failure("workflow/bad-rule.md", "workflow/messy.yaml");
    expect(shape.extra.errors?.map((e) => e.path)).toEqual(expect.arrayContaining(["steps.0.fields.0.type", "steps.1.fields"]));
    write(
      "workflow/dupes.yaml",
      [
        "steps:",
        "  - title: One",
        "    fields: [ { key: a }, { key: b, pattern: '(' } ]",
        "  - title: Two",
        "    fields: [ { key: a } ]",
        "rules:",
        "  - { id: r, fieldKey: nope, message: m, condition: true }",
        "  - { id: r, fieldKey: a, message: m, condition: { '==': [1, 1], '!=': [1, 2] } }",
      ].join("\n"),
    );
    const dupes = await failure("workflow/bad-rule.md", "workflow/dupes.yaml");
    expect(dupes.extra.errors?.map((e) => e.path)).toEqual([
      "steps.0.fields.1.pattern",
      "steps.1.fields.0.key",
      "rules.0.fieldKey",
      "rules.1.id",
      "rules.1.condition",
    ]);
  });

  it("keeps schema paths inside the templates directory", async () => {
    for (const p of ["../outside.yaml", "/etc/passwd.yaml", "workflow/leave-request.md", "workflow/missing.yaml"]) {
      const err = await failure("workflow/leave-request.md", p);
      expect(err.code).toBe("workflow.schema_invalid");
      expect(err.extra.errors?.[0].path).toBe("templateSettings.workflow.schemaPath");
    }
  });

  it("refuses a template whose workflow block is malformed", async () => {
    write("badwf.md", "---\ntitle: Bad workflow block\nfields: [ { key: a } ]\nworkflow:\n  rules: [ { id: x } ]\n---\nbad\n");
    const err = await failure("badwf.md");
    expect(err.code).toBe("workflow.schema_invalid");
    expect(err.message).toContain("badwf.md front matter workflow");
  });
});
