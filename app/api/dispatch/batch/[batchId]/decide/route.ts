import { decideExamples } from "@/lib/batch/api-examples";
import { decideAnswer } from "@/lib/batch/answer-schemas";
import { batchIdParams, decideBody } from "@/lib/batch/api-schemas";
import { decideBatch } from "@/lib/batch/decide-batch";
import { methods, route } from "@/lib/http/route";

export const dynamic = "force-dynamic";

const post = route(
  {
    auth: "bearer",
    feature: "batchDispatch",
    params: batchIdParams,
    body: decideBody,
    examples: decideExamples,
    bodyLimit: 64 * 1024,
    summary: "Approve, reject or request changes to a batch",
    description: "Only an approver of the batch, never its submitter. approve → queued, reject → rejected, request-changes → changes-requested.",
    responses: { 200: decideAnswer },
    problems: ["batch.not_found", "batch.not_approver", "batch.self_approval", "batch.invalid_state"],
  },
  async ({ principal, params, body }) => {
    const b = await decideBatch(principal, params.batchId, body.decision, body.comments);
    return { batchId: b.id, state: b.state, decidedAt: b.decidedAt?.toISOString() ?? null };
  },
);

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({ POST: post });
