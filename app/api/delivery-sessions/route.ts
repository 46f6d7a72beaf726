import { sessionsQuery } from "@/lib/delivery/api-schemas";
import { deliverySessionsAnswer } from "@/lib/delivery/answer-schemas";
import { listDeliverySessions } from "@/lib/delivery/list-sessions";
import { methods, route } from "@/lib/http/route";

export const dynamic = "force-dynamic";

const get = route(
  {
    auth: "bearer",
    feature: "batchDispatch",
    query: sessionsQuery,
    summary: "Delivery sessions of a correlation id",
    responses: { 200: deliverySessionsAnswer },
  },
  ({ principal, query }) =>
    listDeliverySessions(principal.tenant.id, query.correlationId),
);

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({ GET: get });
