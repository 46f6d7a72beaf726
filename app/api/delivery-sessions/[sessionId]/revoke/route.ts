import { sessionParams } from "@/lib/delivery/api-schemas";
import { revokeDeliverySession } from "@/lib/delivery/revoke-session";
import { route } from "@/lib/http/route";

export const dynamic = "force-dynamic";

export const POST = route({ auth: "bearer", feature: "batchDispatch", params: sessionParams }, ({ principal, params }) =>
  revokeDeliverySession(principal, params.sessionId),
);
