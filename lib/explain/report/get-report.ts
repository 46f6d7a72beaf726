import { tenantFolder } from "@/lib/blob/keys";
import { and, desc, eq } from "drizzle-orm";
import type { Principal } from "@/lib/auth/principal";
import { getBlobStore } from "@/lib/blob/store";
import { getDb } from "@/lib/db/client";
import type { SupportedLocale } from "@/lib/i18n/locales";
import { staffMailLocale } from "@/lib/i18n/staff-locale";
import { explainReports, explainTraces, type ExplainReport, type ExplainTrace } from "@/lib/db/schema";
import { renderExplainReportPdf } from "@/lib/pdf/render-pool";
import { loadTemplateVersion } from "@/lib/templates/snapshot";
import type { Trace } from "../assemble-trace";
import { missingTrace, readTrace } from "../get-trace";
import { linesReferenced, type ReportMode, type TemplateLines } from "./report-facts";

/** A report is served from the cache for this long after it was made, then made again (docs/spec.md, "Limits": 1 hour). */
export const REPORT_CACHE_MS = 3_600_000;
/**
 * Raised when the reports' layout changes, so that cached reports of the old layout are not served.
 * 2: the reports are written in a language, named in the variant (the English ones of 1 are never
 * served for another language). 3: the trace messages Sealpost writes are in the report's language too.
 */
const REPORT_FORMAT = 3;

export interface ExplainReportPdf {
  pdf: Uint8Array;
  correlationId: string;
  mode: ReportMode;
  /** The language the report is written in: the response's Content-Language. */
  locale: SupportedLocale;
  generatedAt: Date;
  /** Served from the cache (true) or made by this request. */
  cached: boolean;
}

export const reportKey = (tenantId: string, traceId: string, variant: string) =>
  `${tenantFolder(tenantId)}/explain/reports/${traceId}/${variant}.pdf`;

// Two requests for the same report at once make it once: the second waits for the first.
const holder = globalThis as unknown as { __sealpostReportsInFlight?: Map<string, Promise<ExplainReportPdf>> };
const inFlight = () => (holder.__sealpostReportsInFlight ??= new Map());

export interface ReportOptions {
  /** The language asked for (`?lang=`, already matched to a catalogue); else the tenant's. */
  lang?: SupportedLocale | null;
  /** The clock (tests move it). */
  now?: Date;
}

/**
 * The language of an explain report: the one the request asks for, else the tenant's default, else
 * en-GB. Its readers are the sending company's own people (developers, approvers), so the rule is
 * that of their mails (staffMailLocale); an API client's Accept-Language names its HTTP library's
 * default rather than a reader, so it is not read.
 */
export const reportLocale = (principal: Principal, lang?: SupportedLocale | null): SupportedLocale =>
  lang ?? staffMailLocale(principal.tenant.defaultLocale);

/**
 * The summary or detailed report of the newest trace under a correlation id in the caller's tenant:
 * from the cache when made less than an hour ago, else laid out in a render thread and cached. The
 * accessibility scorecard is part of the report when the tenant's licence has the accessibility
 * feature; it is written in reportLocale's language. The cache keeps the variants (mode, scorecard,
 * language) apart.
 */
export async function explainReport(
  principal: Principal,
  correlationId: string,
  mode: ReportMode,
  { lang, now = new Date() }: ReportOptions = {},
): Promise<ExplainReportPdf> {
  const scorecard = principal.tenant.features.includes("accessibility");
  const locale = reportLocale(principal, lang);
  // Lower case: the variant names the cached blob, and blob keys are lower case (zh-Hant is zh-hant).
  const variant = `${mode}${scorecard ? "-a11y" : ""}-${locale.toLowerCase()}-f${REPORT_FORMAT}`;
  // Keyed before anything is read: a request arriving while the first is still reading or laying out waits for it.
  const key = JSON.stringify([principal.tenant.id, correlationId, variant]);
  const running = inFlight().get(key);
  if (running) return { ...(await running), cached: true };
  const work = (async () => {
    const { trace, report } = await traceWithReport(principal, correlationId, variant);
    if (report && now.getTime() - report.generatedAt.getTime() < REPORT_CACHE_MS) {
      const pdf = await getBlobStore()
        .get(report.blobKey)
        .catch(() => null); // a cache that cannot be read is a miss: the report is made again
      if (pdf) return { pdf, correlationId: trace.correlationId, mode, locale, generatedAt: report.generatedAt, cached: true };
    }
    return makeReport(trace, variant, { mode, scorecard, locale }, now);
  })().finally(() => inFlight().delete(key));
  inFlight().set(key, work);
  return work;
}

/** The newest trace of the tenant under the correlation id with its cached report of `variant`, in one query (the cached path is the hot one). */
async function traceWithReport(
  principal: Principal,
  correlationId: string,
  variant: string,
): Promise<{ trace: ExplainTrace; report: ExplainReport | null }> {
  const db = await getDb();
  const [row] = await db
    .select({ trace: explainTraces, report: explainReports })
    .from(explainTraces)
    .leftJoin(explainReports, and(eq(explainReports.traceId, explainTraces.id), eq(explainReports.variant, variant)))
    .where(and(eq(explainTraces.tenantId, principal.tenant.id), eq(explainTraces.correlationId, correlationId)))
    .orderBy(desc(explainTraces.createdAt))
    .limit(1);
  if (!row) throw await missingTrace(principal.tenant.id, correlationId);
  return row;
}

async function makeReport(
  trace: ExplainTrace,
  variant: string,
  { mode, scorecard, locale }: { mode: ReportMode; scorecard: boolean; locale: SupportedLocale },
  generatedAt: Date,
): Promise<ExplainReportPdf> {
  const json = JSON.parse(Buffer.from(await readTrace(trace)).toString("utf8")) as Trace;
  const pdf = await renderExplainReportPdf({
    trace: json,
    mode,
    scorecard,
    templateLines: await templateLines(json),
    generatedAt: generatedAt.toISOString(),
    locale,
  });
  // The report is made: a cache that cannot be written costs the next request a render, not this one its answer.
  await cacheReport(trace, variant, pdf, generatedAt).catch((err: unknown) =>
    console.warn(`[explain] ${variant} report of ${trace.correlationId} served but not cached: ${(err as Error).message}`),
  );
  return { pdf, correlationId: trace.correlationId, mode, locale, generatedAt, cached: false };
}

async function cacheReport(trace: ExplainTrace, variant: string, pdf: Uint8Array, generatedAt: Date): Promise<void> {
  const blobKey = reportKey(trace.tenantId, trace.id, variant);
  await getBlobStore().put(blobKey, pdf, "application/pdf");
  const db = await getDb();
  const row = { traceId: trace.id, variant, tenantId: trace.tenantId, blobKey, byteSize: pdf.byteLength, generatedAt };
  await db
    .insert(explainReports)
    .values(row)
    .onConflictDoUpdate({
      target: [explainReports.traceId, explainReports.variant],
      set: { blobKey, byteSize: row.byteSize, generatedAt },
    });
}

/**
 * The template lines a report quotes beside its findings: the template at the traced version (the
 * file, or the snapshot taken at a batch's intake). Null when that text is gone (edited since a
 * single render, or a sealed workflow PDF, whose lines are not a template's): the report then gives
 * line numbers alone.
 */
async function templateLines(trace: Trace): Promise<TemplateLines | null> {
  const t = trace.template;
  if (!t || trace.render.kind === "sealed-workflow") return null;
  const source = await loadTemplateVersion(t.path, t.version).then(
    (template) => template.source,
    () => null,
  );
  if (source === null) return null;
  const all = source.split(/\r?\n/);
  return Object.fromEntries(
    linesReferenced(trace)
      .filter((n) => n >= 1 && n <= all.length)
      .map((n) => [n, all[n - 1]]),
  );
}
