import { decideExamples } from "@/lib/batch/api-examples";
import { decideAnswer } from "@/lib/batch/answer-schemas";
import { batchIdParams, decideBody } from "@/lib/batch/api-schemas";
import { decideBatch } from "@/lib/batch/decide-batch";
import { methods, route } from "@/lib/http/route";
import { md } from "@/lib/openapi/markdown";

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
    description: md(
      "Only an address in the batch's approvers (`approversEmail`, else the tenant's, less the submitter: see `POST /api/render`), never the submitter (403 `batch.self_approval` when the submitter was named an approver, else `batch.not_approver`). `approve` → `queued` (processing starts at once; `approved` is never stored), `reject` → `rejected`, `request-changes` → `changes-requested` (the submitter is mailed the comments). Approving a `changes-requested` batch is allowed, as the spec's table says. Any other state is 409 `batch.invalid_state`.",
    ),
    responses: { 200: decideAnswer },
  },
  async ({ principal, params, body }) => {
    const b = await decideBatch(principal, params.batchId, body.decision, body.comments);
    return { batchId: b.id, state: b.state, decidedAt: b.decidedAt?.toISOString() ?? null };
  },
);

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({ POST: post });
