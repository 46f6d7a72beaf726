import type { Tenant } from "@/lib/db/schema";
import { env } from "@/lib/env";
import { AppError, type FieldError } from "@/lib/http/problem";
import { retentionConflict, retentionFields, retentionMonths, type ExplainRetention } from "./retention-fields";

/** Tiers whose licence includes explain traces and reports (docs/spec.md, "Authentication", 6). */
export const EXPLAIN_TIERS: readonly Tenant["tier"][] = ["premium", "enterprise"];

export const tierAllowsExplain = (tenant: Pick<Tenant, "tier">) => EXPLAIN_TIERS.includes(tenant.tier);

type RetentionKey = keyof typeof retentionFields;

interface RetentionSettings {
  explainDocument?: boolean;
  autoArchiveAfterDays?: number;
  traceRetentionYears?: number;
}

interface ExplainRequest {
  templateSettings?: RetentionSettings;
  features?: RetentionSettings;
}

/** The deployment's defaults (docs/spec.md, "Explain settings": 30 days, 2 years). */
export const defaultRetention = (): ExplainRetention => ({
  autoArchiveAfterDays: env().EXPLAIN_ARCHIVE_AFTER_DAYS,
  traceRetentionYears: env().EXPLAIN_RETENTION_YEARS,
});

/** Each setting from the first place that gives it; the request overrides the front matter, templateSettings before features. */
function sources(request: ExplainRequest, template: RetentionSettings) {
  return (key: keyof RetentionSettings) =>
    [
      [`templateSettings.${key}`, request.templateSettings?.[key]],
      [`features.${key}`, request.features?.[key]],
      [`front matter ${key}`, template[key]],
    ] as const;
}

/**
 * Which setting asks for a trace of this render, or null for none. The request overrides the
 * template's front matter (as with distribution settings), templateSettings before features; a
 * tenant whose licence cannot read traces gets none written.
 */
export function explainRequestedBy(
  tenant: Pick<Tenant, "tier">,
  request: ExplainRequest,
  template: { explainDocument?: boolean },
): string | null {
  const first = sources(request, template)("explainDocument").find(([, v]) => v !== undefined);
  return first?.[1] && tierAllowsExplain(tenant) ? first[0] : null;
}

/**
 * Both explain settings of a render: who asked for the trace (null: no trace) and how long it is
 * kept. Retention comes from the request, else the front matter, else the deployment, each setting
 * on its own. Settings that would delete traces before archiving them are refused (400
 * explain.retention_conflict) when the render is traced or the request gave one of them; defaults
 * alone do not fail a render that writes no trace.
 */
export function explainSettings(
  tenant: Pick<Tenant, "tier">,
  request: ExplainRequest,
  template: RetentionSettings,
): { requestedBy: string | null; retention: ExplainRetention | null } {
  const requestedBy = explainRequestedBy(tenant, request, template);
  const from = sources(request, template);
  const defaults = defaultRetention();
  const pick = (key: RetentionKey) => {
    const hit = from(key).find(([, v]) => v !== undefined) as readonly [string, number] | undefined;
    return hit ? { value: hit[1], path: hit[0] } : { value: defaults[key], path: null };
  };
  const days = pick("autoArchiveAfterDays");
  const years = pick("traceRetentionYears");
  const retention = { autoArchiveAfterDays: days.value, traceRetentionYears: years.value };
  const inRequest = [days.path, years.path].filter((p): p is string => p !== null && !p.startsWith("front matter"));
  const conflict = requestedBy || inRequest.length ? retentionConflict(retention) : null;
  if (conflict) {
    const errors: FieldError[] = inRequest.map((path) => ({ path, message: conflict }));
    const where = (s: { path: string | null }, envName: string) => s.path ?? `the deployment's ${envName}`;
    throw new AppError(
      "explain.retention_conflict",
      `${conflict} (archive from ${where(days, "EXPLAIN_ARCHIVE_AFTER_DAYS")}, retention from ${where(years, "EXPLAIN_RETENTION_YEARS")})`,
      { errors },
    );
  }
  return { requestedBy, retention: requestedBy ? retention : null };
}

/** When a trace written at `createdAt` moves to cold storage and when it is deleted. */
export function retentionMoments(createdAt: Date, r: ExplainRetention): { archiveAfter: Date; deleteAfter: Date } {
  return {
    archiveAfter: new Date(createdAt.getTime() + r.autoArchiveAfterDays * 86_400_000),
    deleteAfter: addMonths(createdAt, retentionMonths(r.traceRetentionYears)),
  };
}

/** Calendar months as PostgreSQL adds them (Jan 31 + 1 month = Feb 28), so the backfill in SQL and this agree. */
function addMonths(d: Date, months: number): Date {
  const out = new Date(d);
  const day = out.getUTCDate();
  out.setUTCDate(1);
  out.setUTCMonth(out.getUTCMonth() + months);
  const last = new Date(Date.UTC(out.getUTCFullYear(), out.getUTCMonth() + 1, 0)).getUTCDate();
  out.setUTCDate(Math.min(day, last));
  return out;
}
