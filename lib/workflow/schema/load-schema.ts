import fs from "node:fs/promises";
import YAML from "yaml";
import { AppError, type FieldError } from "@/lib/http/problem";
import { fieldErrors } from "@/lib/http/zod-errors";
import { confinePath } from "@/lib/templates/confine-path";
import type { FieldDef, Template } from "@/lib/templates/types";
import { conditionProblems } from "../validation/logic";
import { schemaFileSchema, templateWorkflowDefaults, type Rule, type WorkflowSchema, type WorkflowStep } from "./schema-format";

const MAX_SCHEMA_BYTES = 1 << 20;

/**
 * Schema files as checked, by real path, until the file changes (size or mtime), as templates are
 * cached: parsing and checking a 50-rule schema takes tens of milliseconds of YAML work on the event
 * loop, which every create paid again while other requests waited.
 */
const fileCache = new Map<string, { mtimeMs: number; size: number; schema: WorkflowSchema }>();
const MAX_CACHED_FILES = 500;

/** The template's front matter `workflow:` block, checked (422 workflow.schema_invalid naming the place). */
export function templateWorkflow(template: Template) {
  const r = templateWorkflowDefaults.safeParse(template.workflow ?? {});
  if (!r.success) throw invalid(`${template.path} front matter workflow`, fieldErrors(r.error));
  return r.data;
}

/**
 * The schema a new workflow runs on: the YAML file at `schemaPath` (inside TEMPLATES_DIR), or the
 * template's own fields grouped into steps by their `step` (see stepsFromFields). Every problem is a
 * 422 workflow.schema_invalid whose `errors[]` name the file and the place in it.
 */
export async function loadWorkflowSchema(template: Template, schemaPath: string | undefined): Promise<WorkflowSchema> {
  const defaults = templateWorkflow(template);
  if (!schemaPath) {
    return checkSchema(`${template.path} front matter`, {
      source: null,
      steps: stepsFromFields(template),
      rules: defaults.rules,
      approval: { stages: defaults.approval?.stages ?? [], escalateAfterDays: defaults.approval?.escalateAfterDays },
      autoValidateOnCreate: defaults.autoValidateOnCreate,
    });
  }
  let file: string;
  try {
    file = await confinePath(schemaPath, /\.ya?ml$/, "schemaPath");
  } catch (err) {
    if (err instanceof AppError) throw invalid(schemaPath, [{ path: "templateSettings.workflow.schemaPath", message: err.message }]);
    throw err;
  }
  const stat = await fs.stat(file);
  const hit = fileCache.get(file);
  // A copy: the caller stores it with the new workflow, and no workflow may share its snapshot.
  if (hit && hit.mtimeMs === stat.mtimeMs && hit.size === stat.size && hit.schema.source === schemaPath) return structuredClone(hit.schema);
  const text = await fs.readFile(file, "utf8");
  if (text.length > MAX_SCHEMA_BYTES) throw invalid(schemaPath, [{ path: "(root)", message: `is larger than ${MAX_SCHEMA_BYTES} bytes` }]);
  let raw: unknown;
  try {
    raw = YAML.parse(text, { maxAliasCount: 100 });
  } catch (err) {
    throw invalid(schemaPath, [{ path: "(root)", message: `is not valid YAML: ${(err as Error).message.split("\n")[0]}` }]);
  }
  const parsed = schemaFileSchema.safeParse(raw);
  if (!parsed.success) throw invalid(schemaPath, fieldErrors(parsed.error));
  const s = parsed.data;
  const schema = checkSchema(schemaPath, {
    source: schemaPath,
    steps: s.steps,
    rules: s.rules,
    approval: { stages: s.approval?.stages ?? [], escalateAfterDays: s.approval?.escalateAfterDays },
    autoValidateOnCreate: s.autoValidateOnCreate,
  });
  if (fileCache.size >= MAX_CACHED_FILES) fileCache.clear();
  fileCache.set(file, { mtimeMs: stat.mtimeMs, size: stat.size, schema: structuredClone(schema) });
  return schema;
}

/**
 * Without a schema file: one step per distinct `step` value, in the order each value first appears
 * in `fields`; a field without `step` joins the step of the field before it (the first step when it
 * comes first). A named step is titled by its name, a numbered one "Step N"; a template whose
 * fields name no step is one step titled by the template's title.
 */
export function stepsFromFields(template: Template): WorkflowStep[] {
  const steps: Array<{ id: string; title: string; fields: FieldDef[] }> = [];
  for (const f of template.fields) {
    const id = f.step === undefined ? (steps.at(-1)?.id ?? "") : `${typeof f.step}:${f.step}`;
    let step = steps.find((s) => s.id === id);
    if (!step) {
      const title = f.step === undefined ? template.title : typeof f.step === "number" ? `Step ${f.step}` : f.step;
      step = { id, title, fields: [] };
      steps.push(step);
    }
    step.fields.push(f);
  }
  return steps.map(({ title, fields }) => ({ title, fields }));
}

/** What zod cannot see: duplicate keys and ids, patterns that do not compile, rules naming unknown fields or operators. */
function checkSchema(where: string, schema: WorkflowSchema): WorkflowSchema {
  const errors: FieldError[] = [];
  if (schema.steps.length === 0) errors.push({ path: "steps", message: "the schema has no fields, so no steps" });
  const keys = new Set<string>();
  schema.steps.forEach((step, s) =>
    step.fields.forEach((f, i) => {
      const at = `steps.${s}.fields.${i}`;
      if (keys.has(f.key)) errors.push({ path: `${at}.key`, message: `field key ${f.key} is used twice` });
      keys.add(f.key);
      if (f.pattern) {
        try {
          new RegExp(f.pattern, "u");
        } catch {
          errors.push({ path: `${at}.pattern`, message: `field ${f.key} has a pattern that is not a valid regular expression` });
        }
      }
    }),
  );
  const ids = new Set<string>();
  schema.rules.forEach((rule: Rule, i) => {
    const at = `rules.${i}`;
    if (ids.has(rule.id)) errors.push({ path: `${at}.id`, message: `rule id ${rule.id} is used twice` });
    ids.add(rule.id);
    if (!keys.has(rule.fieldKey))
      errors.push({ path: `${at}.fieldKey`, message: `rule ${rule.id} names unknown field key ${rule.fieldKey}` });
    for (const p of conditionProblems(rule.condition, keys)) {
      const [place, ...rest] = p.split(": ");
      errors.push({ path: `${at}.${place}`, message: `rule ${rule.id}: ${rest.join(": ")}` });
    }
  });
  if (errors.length) throw invalid(where, errors);
  return schema;
}

function invalid(where: string, errors: FieldError[]): AppError {
  const shown = errors.slice(0, 20);
  return new AppError(
    "workflow.schema_invalid",
    `The workflow schema in ${where} is invalid: ${shown.map((e) => `${e.path}: ${e.message}`).join("; ")}`,
    {
      schema: where,
      errors: shown,
    },
  );
}
