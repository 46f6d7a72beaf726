/** What a trace is kept under, fixed when the render is asked for (batches.explainRetention, workflow settings). */
export interface ExplainRetention {
  autoArchiveAfterDays: number;
  traceRetentionYears: number;
}
