import { reportBody, reportQuery } from "@/lib/explain/api-schemas";
import { reportResponse } from "@/lib/explain/report/report-response";
import { explainReport } from "@/lib/explain/report/get-report";
import { EXPLAIN_TIERS } from "@/lib/explain/settings";
import { methods, route } from "@/lib/http/route";

export const dynamic = "force-dynamic";

const get = route({ auth: "bearer", tiers: EXPLAIN_TIERS, query: reportQuery }, async ({ principal, query }) =>
  reportResponse(await explainReport(principal, query.correlationId, query.mode)),
);

const post = route({ auth: "bearer", tiers: EXPLAIN_TIERS, body: reportBody, bodyLimit: 4_096 }, async ({ principal, body }) =>
  reportResponse(await explainReport(principal, body.correlationId, body.mode)),
);

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({ GET: get, POST: post });
