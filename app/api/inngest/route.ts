import { serve } from "inngest/next";
import type { NextRequest } from "next/server";
import { inngestFunctions } from "@/inngest/functions";
import { inngest } from "@/lib/jobs/inngest-client";
import { installJobs } from "@/lib/jobs/install";
import { usesInngest } from "@/lib/env";
import { internal, methods } from "@/lib/http/route";

export const dynamic = "force-dynamic";

let handler: ReturnType<typeof serve> | undefined;

/** Inngest's endpoint; a 404 unless Inngest is configured (INNGEST_EVENT_KEY or INNGEST_DEV). */
async function handle(req: NextRequest, ctx: unknown): Promise<Response> {
  if (!usesInngest()) return new Response("Inngest is not configured; the embedded runner does the work.", { status: 404 });
  if (!handler) {
    installJobs();
    handler = serve({ client: inngest, functions: inngestFunctions() });
  }
  return handler(req, ctx);
}

// Next.js hands route handlers a NextRequest.
const inngestRoute = internal("Inngest's own endpoint, called by Inngest only", (req: Request, ctx?: unknown) =>
  handle(req as NextRequest, ctx),
);
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({ GET: inngestRoute, POST: inngestRoute, PUT: inngestRoute });
