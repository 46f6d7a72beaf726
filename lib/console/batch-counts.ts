import { intakeCountsOf, type IntakeCounts } from "@/lib/batch/intake-counts";

export interface CountedBatch {
  documentCount: number;
  readyCount: number;
  warningCount: number;
  invalidCount: number;
  processedCount: number;
  errorCount: number;
}

/** A batch's records as the console's list and batch page count them: intake's classes, then what processing has made of them. */
export interface RecordCounts extends IntakeCounts {
  /** Whether processing has begun (or failed a record): the page then says how many were made and failed. */
  processing: boolean;
  made: number;
  failed: number;
}

/**
 * The counts the console's list and batch page write in the page's language (the intake receipt's
 * classes, the same three in both places), then what processing has made of them so far.
 */
export function recordCounts(b: CountedBatch): RecordCounts {
  return {
    ...intakeCountsOf(b),
    processing: b.processedCount > 0 || b.errorCount > 0,
    made: Math.max(0, b.processedCount - b.errorCount),
    failed: b.errorCount,
  };
}
