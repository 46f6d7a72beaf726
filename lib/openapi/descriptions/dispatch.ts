/** The OpenAPI tag description of the dispatch area: Batch dispatch. Decisions about one operation are in its route spec. */
import { md } from "../markdown";

export const dispatchArea = md(
  "Rendering documents and governed batch dispatch (the spec's render, Batch summary and detail). A batch is a list of records rendered from one template after intake checks them and, when required, an approver approves them.",
  "",
  "**States** are those of the spec: `pending-approval`, `invalid`, `changes-requested`, `queued`, `processing`, `completed`, `partially-failed`, `rejected`, `cancelled`. `approved` is never stored: approval moves straight to `queued` (processing starts at once). A batch in which every record failed to render ends `partially-failed` (there is no `failed` state); `completed` means every record rendered.",
  "",
  '**Counts** in the batch list and detail: `readyCount` = records ready or with warnings at intake; `warningCount` = with warnings; `failedCount` = invalid at intake plus failed in processing; `processedCount` = records finished (rendered or failed); `errorCount` = records that failed in processing. People read the counts in one wording, on the receipt and in the console alike (`lib/batch/intake-counts.ts`): "3 records: 1 ready, 1 with warnings, 1 invalid". These are the receipt\'s three classes, which the spec names ready, warning and invalid and which do not overlap, so "ready" there leaves out the records with warnings that `readyCount` includes.',
  "",
  "**The template version**: a batch renders exactly the template version it was validated against (and approved with): `templateVersion` is the SHA-256 of the template file at intake, whose text is kept in the blob store (`templates/<sha256>.md`). Editing or removing the file afterwards changes nothing for that batch; a corrected template takes a new submission. Every PDF carries the version it was rendered from in its XMP metadata (`TemplateVersion`, beside `CorrelationId`). Images are read from `TEMPLATES_DIR` at render time.",
  "",
  "**Approval**: the submitter is never among a batch's approvers, nor mailed to approve it; a batch whose only approver would be its submitter goes to the tenant's other approvers, or is refused at intake when there are none (422 `batch.no_approver`; see `POST /api/render`). The approval mail links to `/console/batches/{batchId}`, the batch's page in the console (docs/pages.md), where the approver signs in and decides; the mail also gives the API call to decide (`POST /api/dispatch/batch/{batchId}/decide`).",
  "",
  "**Not in the spec**: the check before sending, the receipt, the documents and their files (`/receipt`, `/documents`, `/documents/{index}`, `/combined`, `/bundle`), and the fields the detail adds.",
  "",
  "Limits: `BATCH_MAX_RECORDS` (5,000) records and `RENDER_BODY_MAX_BYTES` (20 MiB) a body. The spec's source-system thresholds (`svc_batchwarningthreshold`, `svc_batchmaxthreshold`) are the client's to apply: `sendDecision` of `sealpost/client` (docs/api.md, \"Typed client\").",
);
