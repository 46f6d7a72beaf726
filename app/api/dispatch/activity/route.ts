import { batchActivityAnswer } from "@/lib/batch/answer-schemas";
import { z } from "zod";
import { batchActivity } from "@/lib/batch/documents";
import { methods, route } from "@/lib/http/route";
import { md } from "@/lib/openapi/markdown";

export const dynamic = "force-dynamic";

const query = z.object({ batchId: z.string().uuid() });

const get = route(
  {
    auth: "bearer",
    feature: "batchDispatch",
    query,
    summary: "A batch's activity item and one child per record",
    description: md("The spec's lifecycle search: the batch's activity item and one child per record, `referenceId` = batchId."),
    responses: { 200: batchActivityAnswer },
  },
  ({ principal, query }) => batchActivity(principal.tenant.id, query.batchId),
);

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({ GET: get });
