import { methods, route } from "@/lib/http/route";
import { portalBootstrapAnswer } from "@/lib/workflow/answer-schemas";
import { workflowIdParams } from "@/lib/workflow/api-schemas";
import { portalBootstrap } from "@/lib/workflow/portal/portal-bootstrap";
import { md } from "@/lib/openapi/markdown";

export const dynamic = "force-dynamic";

const get = route(
  {
    auth: "portal",
    params: workflowIdParams,
    summary: "The portal page's bootstrap (participant or reviewer)",
    description: md(
      "- **The payload**: `{workflow: {…status, title, organizationName, locale, requireOtp, createdAt, sealedFileName}, role, steps: [{stepIndex, title, description, fields, data, fieldUpdatedAt, updatedAt}], rules, validationResults, validatedAt, changeRequests}`; `fields` in the template field format, `rules` the cross-field rules, so that the portal evaluates them with the same library. `sealedFileName` (null until sealed) is the name `GET …/sealed` gives the sealed PDF in `Content-Disposition` (`lib/workflow/sealing/sealed-file-name.ts`, the title in safe characters and `-sealed.pdf`): the portal downloads through `fetch` and saves the file under that name.",
      "- `signing` is null without e-signature, else `{mode, documentRevision, documentSha256, signers: [...]}`; a participant's token sees the signers' addresses masked (`p***@example.com`).",
      "- **Reviewer tokens** also get `steps[].changeRequests` (the requests about that step's fields), `changesSinceReview` (per changed field `{fieldKey, label, stepIndex, before, after}` against the data as reviewed; empty before any review), `approvalHistory`, `approvalException` and `reviewer` (`{email, stage, mayDecide, refusal}`); these four go to reviewer tokens only, so a participant never sees the approvers' names and comments. `changeRequests` (all, each `{id, message, fieldKey, stepIndex, severity, category, dueDate, requestedAt}`) goes to both.",
      "- **OTP**: a participant token not yet verified on a `requireOtp` workflow gets the gated shape only (see the area); the open payload adds `otpRequired` and `otpVerified`.",
      "- The token may come as `?token=` (as the spec says) or `?pt=`; a cancelled workflow can still be read, and nothing can change it.",
    ),
    responses: { 200: portalBootstrapAnswer },
  },
  ({ portal }) => portalBootstrap(portal),
);

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({ GET: get });
