import { sessionParams } from "@/lib/delivery/api-schemas";
import { revokeAnswer } from "@/lib/delivery/answer-schemas";
import { revokeDeliverySession } from "@/lib/delivery/revoke-session";
import { methods, route } from "@/lib/http/route";

export const dynamic = "force-dynamic";

const post = route(
  {
    auth: "bearer",
    feature: "batchDispatch",
    params: sessionParams,
    summary: "Revoke a delivery link",
    responses: { 200: revokeAnswer },
    problems: ["delivery.not_found"],
  },
  ({ principal, params }) =>
    revokeDeliverySession(principal, params.sessionId),
);

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({ POST: post });
