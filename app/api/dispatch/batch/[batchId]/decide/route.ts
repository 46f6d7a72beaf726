import { batchIdParams, decideBody } from "@/lib/batch/api-schemas";
import { decideBatch } from "@/lib/batch/decide-batch";
import { methods, route } from "@/lib/http/route";

export const dynamic = "force-dynamic";

const post = route(
  { auth: "bearer", feature: "batchDispatch", params: batchIdParams, body: decideBody, bodyLimit: 64 * 1024 },
  async ({ principal, params, body }) => {
    const b = await decideBatch(principal, params.batchId, body.decision, body.comments);
    return { batchId: b.id, state: b.state, decidedAt: b.decidedAt?.toISOString() ?? null };
  },
);

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({ POST: post });
