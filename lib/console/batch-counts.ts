import { intakeCountsLine, intakeCountsOf } from "@/lib/batch/intake-counts";

export interface CountedBatch {
  documentCount: number;
  readyCount: number;
  warningCount: number;
  invalidCount: number;
  processedCount: number;
  errorCount: number;
}

/**
 * A batch's records as the console's list and batch page say them: the intake receipt's own line
 * (one wording in both places), then what processing has made of them so far.
 */
export function recordCountsLine(b: CountedBatch): string {
  const processing: string[] = [];
  if (b.processedCount) processing.push(`${(b.processedCount - b.errorCount).toLocaleString("en-GB")} made`);
  if (b.errorCount) processing.push(`${b.errorCount.toLocaleString("en-GB")} failed`);
  const intake = intakeCountsLine(intakeCountsOf(b));
  return processing.length ? `${intake}; ${processing.join(", ")}` : intake;
}
