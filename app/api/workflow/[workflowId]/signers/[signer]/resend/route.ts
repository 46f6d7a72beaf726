import { methods, route } from "@/lib/http/route";
import { resendSignerLinkAnswer } from "@/lib/signing/answer-schemas";
import { signerParams } from "@/lib/signing/ceremony/ceremony-http";
import { resendSignerLink } from "@/lib/signing/signers/resend-signer-link";
import { md } from "@/lib/openapi/markdown";

export const dynamic = "force-dynamic";

const post = route(
  {
    auth: "bearer",
    feature: "workflow",
    params: signerParams,
    summary: "Send a signer a new signing link",
    description: md(
      "The initiator or an admin, else 403 `workflow.not_initiator`. Signer `n` (its `position`) gets a new link and the old one is dead (a passcode proof of the old link too). Rate limited per signer as resend-invite is per workflow: one a minute, five an hour (429 `workflow.resend_rate_limited`, `Retry-After`). 409 `esign.not_your_turn` for a signer not invited yet, `esign.signer_done` for one who signed or declined, `esign.not_enabled` on a workflow without e-signature, 404 `esign.signer_not_found`.",
    ),
    responses: { 200: resendSignerLinkAnswer },
  },
  ({ principal, params }) => resendSignerLink(principal, params.workflowId, params.signer),
);

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({ POST: post });
