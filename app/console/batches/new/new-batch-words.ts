import type { RecordsProblem } from "@/lib/batch/records-from-text";
import type { NewBatchRefusal } from "@/lib/console/records-input";
import { isolate } from "@/lib/i18n/isolate";
import type { Translator } from "@/lib/i18n/translator";

/** Why text could not be read as records, in the page's language. */
function recordsProblemWords(t: Translator, p: RecordsProblem): string {
  switch (p.code) {
    case "csv.quotes":
      return t("console.newBatch.refusals.csvQuotes", { row: p.row });
    case "csv.unreadable":
      return t("console.newBatch.refusals.csvUnreadable", { row: p.row });
    case "csv.noHeader":
      return t("console.newBatch.refusals.csvNoHeader");
    case "csv.repeatedColumns":
      return t("console.newBatch.refusals.csvRepeated", { fields: p.fields.join(", ") });
    case "csv.longRow":
      return t("console.newBatch.refusals.csvLongRow", { row: p.row, values: p.values, columns: p.columns });
    case "jsonl.invalid":
      return t("console.newBatch.refusals.jsonlInvalid", { line: p.line });
    case "jsonl.notObject":
      return t("console.newBatch.refusals.jsonlNotObject", { line: p.line });
    case "noRecords":
      return t("console.newBatch.refusals.noRecords");
  }
}

/**
 * Why the New batch page does not go on, in its language: the browser's own checks and the server
 * actions' refusals alike. `size` is the records limit already formatted.
 */
export function newBatchRefusalText(t: Translator, r: NewBatchRefusal, size: string): string {
  switch (r.code) {
    case "file.type":
      return t("console.newBatch.refusals.fileType");
    case "file.empty":
      return t("console.newBatch.refusals.fileEmpty");
    case "file.tooBig":
      return t("console.newBatch.refusals.fileTooBig", { size });
    case "file.notUtf8":
      return t("console.newBatch.refusals.fileEncoding");
    case "input.both":
      return t("console.newBatch.refusals.both");
    case "input.none":
      return t("console.newBatch.refusals.none");
    case "text.tooBig":
      return t("console.newBatch.refusals.textTooBig", { size });
    case "text.unstorable":
      return t("console.newBatch.refusals.textUnstorable", { character: r.character });
    case "records":
      return recordsProblemWords(t, r.problem);
    case "template.none":
      return t("console.newBatch.refusals.templateNone");
    case "template.unusable":
      return t("console.newBatch.refusals.templateUnusable");
    case "tooMany":
      return t("console.newBatch.refusals.tooMany", { count: r.count, max: r.max });
    case "invalidRecords":
      return t("console.newBatch.refusals.invalidRecords", { count: r.count });
    case "confirm":
      return t("console.newBatch.refusals.confirm", { count: r.count });
    case "nobodyApproves":
      return t("console.newBatch.refusals.nobodyApproves");
    case "cannotSend":
      return t("console.newBatch.refusals.cannotSend");
    case "other":
      // The API's own refusal, in its English: framed in the page's language rather than lost.
      return t("console.newBatch.refusals.cannotSendBecause", { detail: isolate(r.detail) });
  }
}
