import { loadTemplate } from "@/lib/templates/load-template";
import type { Template } from "@/lib/templates/types";
import { recordsFromText, type RecordsProblem } from "./records-from-text";
import { resolveDistribution } from "./resolve-distribution";
import { sendDecision, type SendDecision, type SendThresholds } from "./send-thresholds";
import { checkRecords, type IntakeCheck } from "./validate-records";

export type RecordsPreview =
  | { kind: "unreadable"; problems: RecordsProblem[] }
  | {
      kind: "read";
      template: Template;
      records: Record<string, unknown>[];
      unknownColumns: string[];
      decision: SendDecision;
      /** Intake's own check (the receipt's findings), or null when the list is too long to send at all. */
      check: IntakeCheck | null;
    };

/**
 * A list of records given as text, read against a template and checked exactly as intake will check
 * it when it is sent (the same checkRecords, with the template's own distribution settings, which is
 * what a batch sent from the console uses), with the spec's threshold decision for its length (docs/spec.md, "Limits").
 */
export async function previewRecords(templatePath: string, text: string, thresholds: SendThresholds): Promise<RecordsPreview> {
  const template = await loadTemplate(templatePath);
  const read = recordsFromText(text, template.fields);
  if (read.problems.length) return { kind: "unreadable", problems: read.problems };
  if (read.records.length === 0) return { kind: "unreadable", problems: [{ code: "noRecords" }] };
  const decision = sendDecision(read.records.length, thresholds);
  // A list that may not be sent is not checked: it has to be cut down first, and may be long.
  const check =
    decision.kind === "blocked"
      ? null
      : await checkRecords(template, read.records, resolveDistribution(template.distribution, undefined), undefined);
  return { kind: "read", template, records: read.records, unknownColumns: read.unknownColumns, decision, check };
}
