import { batchIdParams } from "@/lib/batch/api-schemas";
import { documentsAnswer } from "@/lib/batch/answer-schemas";
import { listDocuments } from "@/lib/batch/documents";
import { methods, route } from "@/lib/http/route";

export const dynamic = "force-dynamic";

const get = route(
  {
    auth: "bearer",
    feature: "batchDispatch",
    params: batchIdParams,
    summary: "The records of a batch: file names, states, sizes and timings",
    responses: { 200: documentsAnswer },
    problems: ["batch.not_found"],
  },
  ({ principal, params }) =>
    listDocuments(principal.tenant.id, params.batchId),
);

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({ GET: get });
