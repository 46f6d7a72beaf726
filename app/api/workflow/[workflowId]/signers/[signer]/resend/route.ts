import { methods, route } from "@/lib/http/route";
import { resendSignerLinkAnswer } from "@/lib/workflow/signing/answer-schemas";
import { signerParams } from "@/lib/workflow/signing/ceremony-http";
import { resendSignerLink } from "@/lib/workflow/signing/resend-signer-link";

export const dynamic = "force-dynamic";

const post = route(
  {
    auth: "bearer",
    feature: "workflow",
    params: signerParams,
    summary: "Send a signer a new signing link",
    responses: { 200: resendSignerLinkAnswer },
    problems: ["workflow.not_found", "workflow.not_initiator", "esign.not_enabled", "esign.signer_not_found", "esign.signer_done", "esign.not_your_turn"],
  },
  ({ principal, params }) => resendSignerLink(principal, params.workflowId, params.signer),
);

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({ POST: post });
