import { z } from "zod";
import { LOCALES } from "@/lib/i18n/locales";
import { supportedLocaleOf } from "@/lib/i18n/match-locale";
import { REPORT_MODES } from "./report/report-facts";

const correlationId = z.string().trim().min(1).max(200);
const mode = z.enum(REPORT_MODES).default("summary");
/**
 * The report's language, when the caller names one: a BCP 47 tag of one of the catalogues, matched
 * as everywhere (de-DE is de, pt is pt-PT). A tag no catalogue writes is refused rather than
 * ignored: the caller would otherwise get the tenant's language and not know why.
 */
const lang = z
  .string()
  .trim()
  .max(35)
  .optional()
  .transform((tag, ctx) => {
    if (tag === undefined || tag === "") return null;
    const locale = supportedLocaleOf(tag);
    if (!locale) ctx.addIssue({ code: "custom", message: `not one of the report languages (${LOCALES.map((l) => l.tag).join(", ")})` });
    return locale;
  });

/** `id` and `correlationId` both name the correlation id (docs/spec.md, "Explain", lists either); sent together they must agree. */
const eitherId = <T extends { id?: string; correlationId?: string }>(q: T, ctx: z.RefinementCtx) => {
  if (q.id === undefined && q.correlationId === undefined)
    ctx.addIssue({ code: "custom", path: ["correlationId"], message: "give id or correlationId" });
  else if (q.id !== undefined && q.correlationId !== undefined && q.id !== q.correlationId) {
    ctx.addIssue({ code: "custom", path: ["id"], message: "id and correlationId name the same thing and differ" });
  }
};

/** GET /api/explain/trace */
export const traceQuery = z
  .object({ id: correlationId.optional(), correlationId: correlationId.optional() })
  .superRefine(eitherId)
  .transform((q) => ({ correlationId: (q.correlationId ?? q.id)! }));

/** GET /api/explain/generate-pdf?id=&mode=: the spec's `id` (docs/spec.md, "Explain"); `correlationId` is accepted as on the trace endpoint. */
export const reportQuery = z
  .object({ id: correlationId.optional(), correlationId: correlationId.optional(), mode, lang })
  .superRefine(eitherId)
  .transform((q) => ({ correlationId: (q.correlationId ?? q.id)!, mode: q.mode, lang: q.lang }));

/** POST /api/explain/generate-pdf with {correlationId, mode}. */
export const reportBody = z.object({ correlationId, mode, lang });
