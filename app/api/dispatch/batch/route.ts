import { batchListAnswer } from "@/lib/batch/answer-schemas";
import { listQuery } from "@/lib/batch/api-schemas";
import { listBatches } from "@/lib/batch/list-batches";
import { methods, route } from "@/lib/http/route";

export const dynamic = "force-dynamic";

const get = route(
  { auth: "bearer", feature: "batchDispatch", query: listQuery, summary: "List batches, newest first", responses: { 200: batchListAnswer } },
  ({ principal, query }) => listBatches(principal.tenant.id, query),
);

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({ GET: get });
