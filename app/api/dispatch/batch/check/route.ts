import { batchCheckExamples } from "@/lib/batch/api-examples";
import { batchCheckAnswer } from "@/lib/batch/answer-schemas";
import { batchCheckBody, checkBatch } from "@/lib/batch/check-batch";
import { methods, route } from "@/lib/http/route";

export const dynamic = "force-dynamic";

const post = route(
  {
    auth: "bearer",
    feature: "batchDispatch",
    body: batchCheckBody,
    examples: batchCheckExamples,
    summary: "Check records as intake would, without sending them",
    description:
      "Not in the spec. Reads the records (a `dataSource` array, or `recordsText` as CSV or JSON Lines) against the template and the distribution settings and answers every record's findings exactly as the intake receipt of `POST /api/render` would list them. Nothing is stored, rendered or mailed. The CLI and the console show this before sending; with `recordsText` the answer's `dataSource` is what to send.",
    responses: { 200: batchCheckAnswer },
    problems: ["template.not_found", "template.path_invalid", "template.invalid", "batch.records_unreadable", "batch.empty", "batch.too_many_records", "batch.settings_invalid"],
  },
  async ({ body }) => checkBatch(body),
);

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({ POST: post });
