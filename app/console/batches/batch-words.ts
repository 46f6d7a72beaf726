import type { IntakeCounts } from "@/lib/batch/intake-counts";
import type { BatchState } from "@/lib/batch/states";
import type { BatchRefusal } from "@/lib/console/batch-actions";
import type { RecordCounts } from "@/lib/console/batch-counts";
import { BATCH_STATE_KEYS } from "@/lib/format/batch-state-keys";
import type { Translator } from "@/lib/i18n/translator";

/** A console page's translator: getTranslations' in a server component or action, or translatorFor's. */
export type PageTranslator = Translator;

/** A batch state's name in the page's language (the receipt's); a state without one stays as it is rather than vanish. */
export const batchStateName = (t: PageTranslator, state: string): string =>
  Object.hasOwn(BATCH_STATE_KEYS, state) ? t(BATCH_STATE_KEYS[state as BatchState]) : state;

/** The state as a select's case: ICU's cases are words, the states' names have hyphens. */
const stateCase = (state: string | null) => (state ? state.replace(/-([a-z])/g, (_, c: string) => c.toUpperCase()) : "other");

/** "3 records: 1 ready, 1 with warnings, 1 invalid": the intake receipt's own line, one wording on the receipt and in the console. */
export const intakeCountsText = (t: PageTranslator, c: IntakeCounts): string =>
  t("document.receipt.counts", { total: c.total, ready: c.ready, warning: c.warning, invalid: c.invalid });

/** "3 records: 1 ready, 1 with warnings, 1 invalid; 2 made": a batch's records in the list and on its page. */
export function recordCountsText(t: PageTranslator, c: RecordCounts): string {
  const intake = intakeCountsText(t, c);
  if (!c.processing) return intake;
  return c.failed
    ? t("console.batches.counts.madeFailed", { intake, made: c.made, failed: c.failed })
    : t("console.batches.counts.made", { intake, made: c.made });
}

/** Why an action was refused, in the page's language (the domain's own detail for anything unforeseen). */
export function batchRefusalText(t: PageTranslator, r: BatchRefusal): string {
  switch (r.reason) {
    case "commentsRequired":
      return t("console.batches.refusals.commentsRequired");
    case "commentsUnstorable":
      return t("console.batches.refusals.commentsUnstorable");
    case "commentsTooLong":
      return t("console.batches.refusals.commentsTooLong", { max: 4000 });
    case "invalidState":
      return t("console.batches.refusals.invalidState", { state: stateCase(r.state) });
    case "notApprover":
      return t("console.batches.refusals.notApprover");
    case "selfApproval":
      return t("console.batches.refusals.selfApproval");
    case "notFound":
      return t("console.batches.refusals.notFound");
    case "unavailable":
      return t("console.batches.refusals.unavailable");
    case "other":
      return r.detail;
  }
}
