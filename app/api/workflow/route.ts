import { createWorkflowExamples } from "@/lib/workflow/api-examples";
import { methods, route } from "@/lib/http/route";
import { workflowListAnswer } from "@/lib/workflow/answer-schemas";
import { createWorkflowAnswer } from "@/lib/workflow/answer-schemas";
import { createWorkflowBody, listQuery } from "@/lib/workflow/api-schemas";
import { createWorkflow } from "@/lib/workflow/create-workflow";
import { listWorkflows } from "@/lib/workflow/list-workflows";
import { md } from "@/lib/openapi/markdown";

export const dynamic = "force-dynamic";

const WORKFLOW_BODY_MAX_BYTES = 1 << 20;

const post = route(
  {
    auth: "bearer",
    feature: "workflow",
    body: createWorkflowBody,
    examples: createWorkflowExamples,
    bodyLimit: WORKFLOW_BODY_MAX_BYTES,
    summary: "Create a workflow session and invite its participant",
    description: md(
      "- **Idempotency**: `correlationId` is the idempotency key per tenant (race-safe through a unique index): a repeat answers 200 with `idempotent: true` and the stored session with a fresh portal link, whatever the new body says; a first call answers 201 with `idempotent: false`.",
      "- **Template**: `templateId` is an alias of `templatePath` (which wins when both are sent). The template version (SHA-256, text kept in the blob store) and a snapshot of the schema are stored with the session: editing the files later changes nothing for it.",
      '- **Invitation**: the mail (to each `templateSettings.workflow.recipients`, subject `<organizationName>: please complete "<title>"`, or `Please complete "<title>"` without an `organizationName`, in the recipient\'s language; the `message`, the portal link, the correlationId) is queued in the outbox with a placeholder for the link; the token is made when the mail is handed to the SMTP server, so no token is ever stored and the link holds four hours from sending. `organizationName` and `message` default to the template\'s front matter `workflow:` block. The portal address is `{PUBLIC_BASE_URL}/portal/{workflowId}?pt=<token>`.',
      '- **Locale**: `templateSettings.workflow.locale` (also a front matter `workflow:` default; else `en-GB`) is the BCP 47 tag answers are shown in by the console and the sealed record: dates as "1 February 2027" (`de-DE`: "1. Februar 2027"), numbers with the locale\'s grouping ("1,250,000.5"), and enum answers by the schema\'s `optionLabels`. The portal\'s pages (hints, check-answers, review pages) show dates and numbers as the reader\'s page language writes them (a German participant of an `en-GB` workflow reads "10. März 2027"). Stored data and the API keep ISO dates, JSON numbers and option codes. It is also the language of the sealed document\'s delivery mails and recipient pages, in the catalogue Sealpost has for it (`de-DE` is `de`; docs/pages.md, "Languages"). A tag this server cannot format is 400 `request.invalid` naming `templateSettings.workflow.locale`. The bootstrap payload carries it as `workflow.locale`.',
      "- **Participants' languages** (not in the spec): each entry of `templateSettings.workflow.recipients` may name its `locale`, the language of that participant's mails (invitation, change requests, outcome, passcode) and portal pages: one of Sealpost's 25 (`en-GB`, `en-US`, `de`, `fr`, `es`, `it`, `nl`, `pt-PT`, `pt-BR`, `pl`, `cs`, `sk`, `uk`, `sv`, `da`, `nb`, `fi`, `el`, `tr`, `ar`, `he`, `ja`, `ko`, `zh-Hans`, `zh-Hant`), a regional tag read as its language's (`de-AT` is `de`) and stored so. Any other is 422 `workflow.locale_unsupported` with `errors[]` naming each entry (`templateSettings.workflow.recipients.1.locale`). Without it a participant reads the workflow's `locale` where Sealpost writes that language (`de-DE` is `de`), else the tenant's default locale (set by the operator), else en-GB in mails and the browser's language on pages (docs/pages.md, \"Languages\").",
      "- **Checks**: `templateSettings.esign` is checked as the e-signature area says (422 `workflow.esign_invalid` naming the field); `requireOtp: true` without a recipient is 422 `workflow.otp_recipient_missing`. `callbackUrl` must be an http(s) URL of at most 2,000 characters without user name or password (see Callbacks in the area). `initialData` (field key to value over all steps) is checked like a step PATCH (422 `workflow.field_invalid`).",
      "- **Start**: with `autoValidateOnCreate` (request, else schema, else false) the data is validated at once: pending-approval (nobody is invited; the approvers are mailed) or validation-failed (the recipients are invited to fix it); otherwise the session starts in-progress at step 0.",
      "- `templateSettings.explainDocument` traces the sealed PDF's render, with the retention settings of the explain area. Body limit 1 MiB.",
    ),
    responses: {
      201: { description: "Created.", schema: createWorkflowAnswer },
      200: { description: "The workflow this correlationId already named.", schema: createWorkflowAnswer },
    },
  },
  async ({ principal, body }) => {
    const { workflow, idempotent, portalUrl } = await createWorkflow(principal, body);
    const payload = { workflowId: workflow.id, correlationId: workflow.correlationId, state: workflow.state, portalUrl, idempotent };
    return Response.json(payload, { status: idempotent ? 200 : 201 });
  },
);

const get = route(
  {
    auth: "bearer",
    feature: "workflow",
    query: listQuery,
    summary: "List workflows, newest first",
    description: md(
      "Not in the spec. `{total, limit, offset, workflows}`, newest first, the tenant's only; each with its status fields, `sealedSha256` and `sealedAt`.",
    ),
    responses: { 200: workflowListAnswer },
  },
  ({ principal, query }) => listWorkflows(principal.tenant.id, query),
);

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({ GET: get, POST: post });
