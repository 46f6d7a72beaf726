import { z } from "zod";
import type { ExplainRetention } from "@/lib/db/json/explain-retention";

/**
 * The spec's per-render retention settings (docs/spec.md, "Explain settings"), accepted wherever explainDocument is (request
 * templateSettings and features, workflow templateSettings, front matter). Whole units only: a
 * trace holds no record values, so nothing asks for retention finer than a day or a year, and whole
 * years make "archived before deleted" a plain comparison (a year has at least 365 days).
 *
 * A module of its own with nothing but zod: request schemas that pages also use (the portal's
 * review forms reach lib/workflow/settings.ts) must not pull server configuration into a browser
 * bundle (lib/env reads `os`, and the portal page failed to load on it).
 */
export const retentionFields = {
  autoArchiveAfterDays: z.number().int("must be a whole number of days").min(1).max(3650).optional(),
  traceRetentionYears: z.number().int("must be a whole number of years").min(1).max(10).optional(),
};

/** What a trace is kept under, fixed when the render is asked for. */
export type { ExplainRetention } from "@/lib/db/json/explain-retention";

export const retentionMonths = (years: number) => Math.round(years * 12);

/**
 * Why these settings would delete a trace before archiving it, or null. A month counts 365/12 days,
 * exact for whole years; only a fractional EXPLAIN_RETENTION_YEARS can be a day or two off, and the
 * trace is then deleted unarchived, which loses nothing.
 */
export function retentionConflict(r: ExplainRetention): string | null {
  const retentionDays = (retentionMonths(r.traceRetentionYears) * 365) / 12;
  return r.autoArchiveAfterDays < retentionDays
    ? null
    : `autoArchiveAfterDays (${r.autoArchiveAfterDays}) must be less than traceRetentionYears × 365 (${Math.round(retentionDays)}): a trace is archived before it is deleted`;
}
