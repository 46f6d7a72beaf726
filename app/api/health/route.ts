import { healthAnswer } from "@/lib/health/answer-schema";
import { checkHealth } from "@/lib/health/check";
import { documented, methods } from "@/lib/http/route";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({
  GET: documented(
    {
      auth: "none",
      summary: "Health of this process: the database and the background loops",
      responses: { 200: healthAnswer, 503: { description: "The database does not answer within 5 s, or a background loop is stalled.", schema: healthAnswer } },
    },
    async () => {
      const health = await checkHealth();
      return Response.json(health, { status: health.status === "ok" ? 200 : 503, headers: { "cache-control": "no-store" } });
    },
  ),
});
