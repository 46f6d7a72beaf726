import { sessionParams } from "@/lib/delivery/api-schemas";
import { revokeAnswer } from "@/lib/delivery/answer-schemas";
import { revokeDeliverySession } from "@/lib/delivery/revoke-session";
import { methods, route } from "@/lib/http/route";
import { md } from "@/lib/openapi/markdown";

export const dynamic = "force-dynamic";

const post = route(
  {
    auth: "bearer",
    feature: "batchDispatch",
    params: sessionParams,
    summary: "Revoke a delivery link",
    description: md(
      '`{sessionId, state: "revoked", revokedAt}`. From then on the link answers a page saying it was revoked, its file and pictures 410, and visits are recorded as `denied`.',
    ),
    responses: { 200: revokeAnswer },
  },
  ({ principal, params }) => revokeDeliverySession(principal, params.sessionId),
);

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({ POST: post });
