import { methods, route } from "@/lib/http/route";
import { signingProgressAnswer } from "@/lib/workflow/signing/answer-schemas";
import { otpProofOf, privateJson, signTokenParams } from "@/lib/workflow/signing/ceremony-http";
import { signingProgress } from "@/lib/workflow/signing/signing-progress";

export const dynamic = "force-dynamic";

/** The signer's signature and the document's progress, also once the link is used (the page polls it after signing). */
const get = route(
  {
    auth: "none",
    params: signTokenParams,
    summary: "The signer's signature and the document's progress (polled after signing)",
    responses: { 200: signingProgressAnswer },
    problems: ["esign.link_invalid", "esign.link_replaced", "esign.link_expired", "esign.link_used", "esign.signing_closed", "otp.required"],
  },
  async ({ req, params }) => privateJson(await signingProgress(params.token, otpProofOf(req))),
);

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({ GET: get });
