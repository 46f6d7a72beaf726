import { sessionsQuery } from "@/lib/delivery/api-schemas";
import { listDeliverySessions } from "@/lib/delivery/list-sessions";
import { route } from "@/lib/http/route";

export const dynamic = "force-dynamic";

export const GET = route({ auth: "bearer", feature: "batchDispatch", query: sessionsQuery }, ({ principal, query }) =>
  listDeliverySessions(principal.tenant.id, query.correlationId),
);
