import { batchListAnswer } from "@/lib/batch/answer-schemas";
import { listQuery } from "@/lib/batch/api-schemas";
import { listBatches } from "@/lib/batch/list-batches";
import { methods, route } from "@/lib/http/route";
import { md } from "@/lib/openapi/markdown";

export const dynamic = "force-dynamic";

const get = route(
  {
    auth: "bearer",
    feature: "batchDispatch",
    query: listQuery,
    summary: "List batches, newest first",
    description: md(
      "`{total, limit, offset, batches}`, newest first. `limit` 1–200 (default 50). `state` takes any of the spec's states (see the area); an unknown `state` is 400 `request.invalid`.",
    ),
    responses: { 200: batchListAnswer },
  },
  ({ principal, query }) => listBatches(principal.tenant.id, query),
);

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({ GET: get });
