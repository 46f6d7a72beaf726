import { batchDetailAnswer } from "@/lib/batch/answer-schemas";
import { batchIdParams } from "@/lib/batch/api-schemas";
import { getBatch } from "@/lib/batch/get-batch";
import { batchDetail } from "@/lib/batch/present-batch";
import { methods, route } from "@/lib/http/route";

export const dynamic = "force-dynamic";

const get = route(
  { auth: "bearer", feature: "batchDispatch", params: batchIdParams, summary: "A batch's detail", responses: { 200: batchDetailAnswer }, problems: ["batch.not_found"] },
  async ({ principal, params }) =>
    batchDetail(await getBatch(principal.tenant.id, params.batchId)),
);

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({ GET: get });
