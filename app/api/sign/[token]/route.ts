import { methods, route } from "@/lib/http/route";
import { visitorFrom } from "@/lib/http/visitor";
import { ceremonyBootstrap } from "@/lib/workflow/signing/ceremony-bootstrap";
import { otpProofOf, privateJson, signTokenParams } from "@/lib/workflow/signing/ceremony-http";

export const dynamic = "force-dynamic";

/** The ceremony page's bootstrap; the link's token is the credential (no bearer, no portal token). */
const get = route({ auth: "none", params: signTokenParams }, async ({ req, params }) =>
  privateJson(await ceremonyBootstrap(params.token, visitorFrom(req.headers), otpProofOf(req))),
);

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({ GET: get });
