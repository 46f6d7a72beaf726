import { listQuery } from "@/lib/batch/api-schemas";
import { listBatches } from "@/lib/batch/list-batches";
import { route } from "@/lib/http/route";

export const dynamic = "force-dynamic";

export const GET = route({ auth: "bearer", feature: "batchDispatch", query: listQuery }, ({ principal, query }) =>
  listBatches(principal.tenant.id, query),
);
