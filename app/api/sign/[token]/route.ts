import { methods, route } from "@/lib/http/route";
import { visitorFrom } from "@/lib/http/visitor";
import { ceremonyBootstrapAnswer } from "@/lib/workflow/signing/answer-schemas";
import { ceremonyBootstrap } from "@/lib/workflow/signing/ceremony-bootstrap";
import { otpProofOf, privateJson, signTokenParams } from "@/lib/workflow/signing/ceremony-http";

export const dynamic = "force-dynamic";

/** The ceremony page's bootstrap; the link's token is the credential (no bearer, no portal token). */
const get = route(
  {
    auth: "none",
    params: signTokenParams,
    summary: "The signing page's bootstrap",
    description:
      "The signing link's token in the path is the credential. Until a signer who needs a one-time passcode has verified it (proof in X-Svc-Sign-Otp), the answer holds only the signer's name and state and the passcode's state.",
    responses: { 200: ceremonyBootstrapAnswer },
    problems: ["esign.link_invalid", "esign.link_replaced", "esign.link_expired", "esign.link_used", "esign.signing_closed"],
  },
  async ({ req, params }) =>
    privateJson(await ceremonyBootstrap(params.token, visitorFrom(req.headers), otpProofOf(req))),
);

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({ GET: get });
