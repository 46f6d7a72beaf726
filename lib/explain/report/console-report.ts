import type { Principal } from "@/lib/auth/principal";
import { AppError } from "@/lib/http/problem";
import { requireTier } from "@/lib/http/require-feature";
import { EXPLAIN_TIERS } from "../settings";
import { explainReport, type ExplainReportPdf } from "./get-report";
import { REPORT_MODES, type ReportMode } from "./report-facts";

/**
 * A console link's report: the same licence rule and the same cached report as the API, for the
 * correlation id the console page names (a batch record's, a sealed workflow's), in the tenant's
 * default language as an API call without `lang`. `mode` comes from the path and is one of the two
 * or not found.
 */
export async function consoleReport(principal: Principal, mode: string, correlationId: () => Promise<string>): Promise<ExplainReportPdf> {
  requireTier(principal, EXPLAIN_TIERS);
  if (!REPORT_MODES.includes(mode as ReportMode))
    throw new AppError("resource.not_found", `No ${mode.slice(0, 20)} report; there are summary and detailed`);
  return explainReport(principal, await correlationId(), mode as ReportMode);
}
