import type { RequestExamples } from "@/lib/http/route";
import type { reportBody } from "./api-schemas";

/** POST /api/explain/generate-pdf: the correlation id is the one a render was sent with (one document's, not a batch's). */
export const reportExamples = {
  summary: { summary: "The summary report of one rendered document", value: { correlationId: "invoice-2026-0042", mode: "summary" } },
  detailed: {
    summary: "The detailed report: every field, rule and layout decision",
    value: { correlationId: "invoice-2026-0042", mode: "detailed" },
  },
  inGerman: {
    summary: "The summary in German, whatever the tenant's default language",
    value: { correlationId: "invoice-2026-0042", mode: "summary", lang: "de" },
  },
} satisfies RequestExamples<typeof reportBody>;
