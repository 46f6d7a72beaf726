import { batchCheckExamples } from "@/lib/batch/api-examples";
import { batchCheckAnswer } from "@/lib/batch/answer-schemas";
import { batchCheckBody, checkBatch } from "@/lib/batch/check-batch";
import { methods, route } from "@/lib/http/route";
import { md } from "@/lib/openapi/markdown";

export const dynamic = "force-dynamic";

const post = route(
  {
    auth: "bearer",
    feature: "batchDispatch",
    body: batchCheckBody,
    examples: batchCheckExamples,
    summary: "Check records as intake would, without sending them",
    description: md(
      "Not in the spec. A client shows what intake will find before it sends, as the spec's CRM asks a person to confirm a long list: the CLI's `batch send` and the console's new batch page show this before sending.",
      "",
      "- **Body**: the batch's `templatePath`, `templateSettings` and `options.documentIdTemplate`, with the records either as `dataSource` (an array, as render takes it) or as `recordsText` (CSV or JSON Lines as a spreadsheet exports them: the reader of the console's new batch page, described in docs/cli.md, \"Records files\").",
      "- **Answer**: every record's `status` (ready, warning, invalid) and `findings` (field, severity, message: the receipt's lines), the `counts`, the `readiness` render would answer, the `unknownColumns`, and, for `recordsText`, the `dataSource` read from it, to send as it is. Nothing is stored, rendered or mailed.",
      '- Text that cannot be read is 422 `batch.records_unreadable` with `problems`; more records than `BATCH_MAX_RECORDS` is 413 `batch.too_many_records` with `maxRecords` and `records` (the count found), so that a client can still say the spec\'s "select 100 or fewer".',
    ),
    responses: { 200: batchCheckAnswer },
  },
  async ({ body }) => checkBatch(body),
);

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({ POST: post });
