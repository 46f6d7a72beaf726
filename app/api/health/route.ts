import { healthAnswer } from "@/lib/health/answer-schema";
import { checkHealth } from "@/lib/health/check";
import { documented, methods } from "@/lib/http/route";
import { md } from "@/lib/openapi/markdown";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({
  GET: documented(
    {
      auth: "none",
      summary: "Health of this process: the database, the blob store and the background loops",
      description: md(
        "No token. 200 when the database and the blob store answer within 5 s and every background loop of this process is making progress, else 503 with what is wrong:",
        "",
        "```json",
        '{ "status": "unavailable", "database": "postgres", "blobStore": "s3",',
        '  "detail": "mail stalled since 2026-11-23T09:12:03.120Z: SMTP server unreachable since …: connect ECONNREFUSED 127.0.0.1:25",',
        '  "background": { "runner": { "status": "ok", "lastProgressAt": "…" },',
        '                  "mail": { "status": "stalled", "since": "…", "lastProgressAt": "…", "detail": "…" } } }',
        "```",
        "",
        'A part is `stalled` when work has been due for longer than `HEALTH_STALL_MS` with none done (the mail pump while the SMTP server is unreachable; the runner while it cannot claim jobs), or when its loop has not finished a round for that long; jobs running within their deadline count as progress. A web process with `EMBEDDED_RUNNER=off` lists no parts: its worker runs them. The blob store is asked for a key that is never written (one HEAD request on S3): an S3 store that is down, refuses the credentials or lacks `s3:ListBucket` makes the answer 503 with `blobStore: "unreachable"`.',
      ),
      responses: {
        200: healthAnswer,
        503: {
          description: "The database or the blob store does not answer within 5 s, or a background loop is stalled.",
          schema: healthAnswer,
        },
      },
    },
    async () => {
      const health = await checkHealth();
      return Response.json(health, { status: health.status === "ok" ? 200 : 503, headers: { "cache-control": "no-store" } });
    },
  ),
});
