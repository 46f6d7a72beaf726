import { batchDetailAnswer } from "@/lib/batch/answer-schemas";
import { batchIdParams } from "@/lib/batch/api-schemas";
import { getBatch } from "@/lib/batch/get-batch";
import { batchDetail } from "@/lib/batch/present-batch";
import { methods, route } from "@/lib/http/route";
import { md } from "@/lib/openapi/markdown";

export const dynamic = "force-dynamic";

const get = route(
  {
    auth: "bearer",
    feature: "batchDispatch",
    params: batchIdParams,
    summary: "A batch's detail",
    description: md(
      "The spec's fields, plus `correlationId`, `approvers`, `startedAt`, `distribution`, `sourceSystem`, `documentId` and `templateVersion` (the SHA-256 of the template at intake). `validationResults` lists the records that have messages: `{index, status: warning|invalid, outcome: DISPATCH_READY|INVALID, messages}`. Another tenant's batch is 404, as an unknown id is.",
    ),
    responses: { 200: batchDetailAnswer },
  },
  async ({ principal, params }) => batchDetail(await getBatch(principal.tenant.id, params.batchId)),
);

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({ GET: get });
