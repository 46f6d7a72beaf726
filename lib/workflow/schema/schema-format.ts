import { z } from "zod";
import { emailAddress } from "@/lib/mail/address";
import { fieldSchema } from "@/lib/templates/front-matter";
import type { StoredRule, WorkflowSchema } from "@/lib/db/json/workflow-schema";
import type { Expect, SameType } from "@/lib/same-type";
import { localeTag } from "../settings";

/**
 * The workflow schema file (DESIGN §4), YAML at templateSettings.workflow.schemaPath:
 *
 *   steps:                      # at least one, each with at least one field
 *     - title: Applicant
 *       description: optional text shown above the fields
 *       fields: [ { key, label, type, required, pattern, min, max, maxLength, options, severity } ]
 *   rules:                      # cross-field rules, JSON Logic conditions that must hold
 *     - id: end-after-start
 *       severity: error         # error (blocks approval) | warning
 *       fieldKey: endDate       # the field the message is shown next to
 *       message: The end date must be after the start date
 *       condition: { ">": [ { var: endDate }, { var: startDate } ] }
 *   approval:
 *     stages:                   # in order; each stage a list of approver emails (or {approvers: [...]})
 *       - [manager@example.com]
 *     escalateAfterDays: 3
 *   autoValidateOnCreate: false
 */
const ruleId = z.string().regex(/^[A-Za-z0-9][A-Za-z0-9_.:-]{0,99}$/, "rule ids are 1-100 letters, digits, '.', '_', ':' or '-'");

export const ruleSchema = z.object({
  id: ruleId,
  severity: z.enum(["error", "warning"]).default("error"),
  fieldKey: z.string().min(1),
  message: z.string().min(1).max(500),
  condition: z.unknown().refine((c) => c !== undefined, "a rule needs a JSON Logic condition"),
});

const email = emailAddress();
const stage = z.union([z.array(email).min(1), z.object({ approvers: z.array(email).min(1) }).transform((s) => s.approvers)]);

export const approvalSchema = z.object({
  stages: z.array(stage).max(10).default([]),
  escalateAfterDays: z.number().positive().max(365).optional(),
});

export const stepSchema = z.object({
  title: z.string().min(1).max(200),
  description: z.string().max(2000).optional(),
  fields: z.array(fieldSchema).min(1).max(200),
});

export const schemaFileSchema = z.object({
  steps: z.array(stepSchema).min(1).max(50),
  rules: z.array(ruleSchema).max(500).default([]),
  approval: approvalSchema.optional(),
  autoValidateOnCreate: z.boolean().default(false),
});

/** What the template's front matter `workflow:` may hold: defaults for templateSettings.workflow and, without a schema file, the rules. */
export const templateWorkflowDefaults = z.object({
  schemaPath: z.string().optional(),
  organizationName: z.string().max(200).optional(),
  locale: localeTag.optional(),
  message: z.string().max(5000).optional(),
  rules: z.array(ruleSchema).max(500).default([]),
  approval: approvalSchema.optional(),
  autoValidateOnCreate: z.boolean().default(false),
});

export type Rule = z.infer<typeof ruleSchema>;
// A workflow stores its rules in its schema snapshot: what this parser gives is what is stored.
type _RuleIsStored = Expect<SameType<Rule, StoredRule>>;

/** The schema a workflow runs on: the shape it is stored in. */
export type { WorkflowSchema, WorkflowStep } from "@/lib/db/json/workflow-schema";

/** Each field's label by its key, for text a person reads (the key where a field has no label). */
export const fieldLabels = (schema: Pick<WorkflowSchema, "steps">): Map<string, string> =>
  new Map(schema.steps.flatMap((s) => s.fields.map((f) => [f.key, f.label ?? f.key] as const)));
