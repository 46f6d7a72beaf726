import { words, type FindingWords } from "@/lib/i18n/words";
import type { Template } from "@/lib/templates/types";
import { normalizeValues } from "@/lib/templates/normalize-value";
import { validateRecord } from "@/lib/templates/validate-record";
import { ensurePdfExtension, resolveTokens, safeFileName } from "@/lib/templates/tokens";
import type { Distribution } from "./resolve-distribution";
import { parseRecipients, type Recipient } from "./recipients";
import type { Readiness } from "./states";
import type { IntakeCounts } from "./intake-counts";

/** As options.documentId: ids are shown, searched and stamped into PDFs. */
const MAX_DOCUMENT_ID = 200;
/** Records checked between event-loop turns: few enough that a large batch's checks do not hold other requests up. */
const SLICE = 100;

export type RecordClass = "ready" | "warning" | "invalid";

/**
 * One thing intake found in a record: the field (or setting: fileNameTemplate, documentIdTemplate)
 * it is about, its severity, and the receipt's line, which names the field itself ("amount: must be…").
 */
export interface Finding {
  field: string;
  severity: "error" | "warning";
  /** The API's line, naming the field by its key. */
  message: string;
  /** What a person reads, in English (the console): the field named by its label. */
  text: string;
  /**
   * The same in any language, the field named by its label: a sentence of the catalogues
   * (`finding.*`) and its values, written by wordsText (lib/i18n/words-text.ts), as the receipt does.
   */
  words: FindingWords;
}

export interface CheckedRecord {
  index: number;
  data: Record<string, unknown>;
  status: RecordClass;
  /** The receipt's lines: the errors, then the warnings. */
  messages: string[];
  /** The same lines, with their field and severity, in the same order. */
  findings: Finding[];
  fileName: string | null;
  documentId: string | null;
  recipients: Recipient[];
}

export interface IntakeCheck {
  records: CheckedRecord[];
  readiness: Readiness;
  counts: IntakeCounts;
}

/**
 * Checks every record the way intake must: the template's field rules, the file-name template
 * (every token resolves, the name is safe and unique in the batch), documentIdTemplate, and the
 * recipient rules when delivery is by secure email.
 */
export async function checkRecords(
  template: Template,
  dataSource: Record<string, unknown>[],
  distribution: Distribution,
  documentIdTemplate: string | undefined,
): Promise<IntakeCheck> {
  const fileNames = new Map<string, number>();
  const labels = new Map(template.fields.flatMap((f) => (f.label ? [[f.key, f.label] as const] : [])));
  const records: CheckedRecord[] = [];
  for (let start = 0; start < dataSource.length; start += SLICE) {
    // In slices, other requests are served in between.
    if (start) await new Promise((resolve) => setImmediate(resolve));
    for (let index = start; index < Math.min(start + SLICE, dataSource.length); index++)
      records.push(checkRecord(index, dataSource[index]));
  }

  function checkRecord(index: number, given: Record<string, unknown>): CheckedRecord {
    const data = normalizeValues(template.fields, given);
    const errors: Finding[] = [];
    const warnings: Finding[] = [];
    // Every line of intake starts with what it is about ("recipientEmail: …"), whatever wrote it;
    // a person reads the field's label there, and in the words, which name it as `label`.
    const fieldOf = (message: string) => (message.includes(":") ? message.slice(0, message.indexOf(":")) : "");
    const finding = (severity: Finding["severity"], message: string, said: FindingWords): Finding => {
      const field = fieldOf(message);
      const label = labels.get(field);
      return {
        field,
        severity,
        message,
        text: label ? `${label}${message.slice(field.length)}` : message,
        words: label && "label" in said.values ? { key: said.key, values: { ...said.values, label } } : said,
      };
    };
    const error = (message: string, said: FindingWords) => errors.push(finding("error", message, said));
    for (const issue of validateRecord(template, data).issues) {
      (issue.severity === "error" ? errors : warnings).push({
        field: issue.fieldKey,
        severity: issue.severity,
        message: issue.message,
        text: issue.text,
        words: issue.words,
      });
    }
    const batchTokens = { BATCHID_1: String(index + 1), BATCHID: String(index) };

    const name = resolveTokens(distribution.fileNameTemplate, data, batchTokens);
    let fileName: string | null = null;
    const tokens = (missing: string[]) => missing.map((m) => `{{${m}}}`);
    if (name.missing.length)
      error(
        `fileNameTemplate: no value for ${tokens(name.missing).join(", ")}`,
        words("finding.fileName.missing", { tokens: tokens(name.missing) }),
      );
    else {
      const candidate = ensurePdfExtension(name.value);
      const unsafe = safeFileName(candidate);
      if (unsafe) error(`fileNameTemplate: ${unsafe.message}`, unsafe.words);
      else {
        const earlier = fileNames.get(candidate.toLowerCase());
        if (earlier !== undefined)
          error(
            `fileNameTemplate: "${candidate}" is also the name of record ${earlier + 1}`,
            words("finding.fileName.duplicate", { name: candidate, record: earlier + 1 }),
          );
        else fileNames.set(candidate.toLowerCase(), index);
        fileName = candidate;
      }
    }

    let documentId: string | null = null;
    if (documentIdTemplate) {
      const id = resolveTokens(documentIdTemplate, data, batchTokens);
      if (id.missing.length)
        error(
          `documentIdTemplate: no value for ${tokens(id.missing).join(", ")}`,
          words("finding.documentId.missing", { tokens: tokens(id.missing) }),
        );
      else if (id.value.length > MAX_DOCUMENT_ID)
        error(
          `documentIdTemplate: the document id is longer than ${MAX_DOCUMENT_ID} characters`,
          words("finding.documentId.tooLong", { most: MAX_DOCUMENT_ID }),
        );
      else documentId = id.value;
    }

    let recipients: Recipient[] = [];
    if (distribution.deliveryConfig.mode === "secure-email") {
      const r = parseRecipients(data);
      for (const p of r.problems) (p.severity === "error" ? errors : warnings).push(finding(p.severity, p.message, p.words));
      recipients = r.recipients;
    }
    const status: RecordClass = errors.length ? "invalid" : warnings.length ? "warning" : "ready";
    const findings = [...errors, ...warnings];
    return { index, data, status, messages: findings.map((f) => f.message), findings, fileName, documentId, recipients };
  }

  const counts = { total: records.length, ready: 0, warning: 0, invalid: 0 };
  for (const r of records) counts[r.status]++;
  const readiness: Readiness = counts.invalid ? "INVALID" : counts.warning ? "PARTIAL" : "READY";
  return { records, readiness, counts };
}
