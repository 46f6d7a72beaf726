/**
 * The workflow schema as a workflow stores it (workflows.schema): a snapshot taken at creation, so
 * later edits of the schema file change nothing in a running workflow. The schema file's format
 * and its checks are lib/workflow/schema/schema-format.ts and the template field format
 * lib/templates/front-matter.ts, whose parsers are held to these shapes at compile time.
 */

/** One field as the template field format gives it, its defaults applied. */
export interface StoredField {
  key: string;
  label?: string;
  type: "string" | "number" | "integer" | "boolean" | "date" | "email" | "enum";
  required: boolean;
  pattern?: string;
  min?: number | string;
  max?: number | string;
  maxLength?: number;
  options?: Array<string | number>;
  /** What people read for an option, by its code; the code itself where none is given. */
  optionLabels?: Record<string, string>;
  severity: "error" | "warning";
  step?: number | string;
  /** A value as people write it, shown when a value does not have the form `pattern` asks for. */
  example?: string;
  /** How text is brought into the form `pattern` checks before it is checked and stored. */
  normalize?: Array<"remove-spaces" | "uppercase">;
}

/** A cross-field rule: a JSON Logic condition that must hold. */
export interface StoredRule {
  id: string;
  severity: "error" | "warning";
  /** The field the message is shown next to. */
  fieldKey: string;
  message: string;
  /** Any JSON value but undefined (the parser refuses a rule without one). */
  condition: NonNullable<unknown> | null;
}

export interface WorkflowStep {
  title: string;
  description?: string;
  fields: StoredField[];
}

/** The schema a workflow runs on; a snapshot of it is stored with the workflow. */
export interface WorkflowSchema {
  /** schemaPath, or null when the schema came from the template's fields. */
  source: string | null;
  steps: WorkflowStep[];
  rules: StoredRule[];
  approval: { stages: string[][]; escalateAfterDays?: number };
  autoValidateOnCreate: boolean;
}
