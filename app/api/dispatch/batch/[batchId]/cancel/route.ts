import { batchIdParams } from "@/lib/batch/api-schemas";
import { cancelBatchAnswer } from "@/lib/batch/answer-schemas";
import { cancelBatch } from "@/lib/batch/cancel-batch";
import { methods, route } from "@/lib/http/route";
import { md } from "@/lib/openapi/markdown";

export const dynamic = "force-dynamic";

const post = route(
  {
    auth: "bearer",
    feature: "batchDispatch",
    params: batchIdParams,
    summary: "Cancel a batch that waits for a decision",
    description: md(
      "Not in the spec. Any caller of the tenant, while the batch is `pending-approval` or `changes-requested` (409 `batch.invalid_state` afterwards).",
    ),
    responses: { 200: cancelBatchAnswer },
  },
  async ({ principal, params }) => {
    const b = await cancelBatch(principal, params.batchId);
    return { batchId: b.id, state: b.state };
  },
);

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({ POST: post });
