import { batchIdParams } from "@/lib/batch/api-schemas";
import { listDocuments } from "@/lib/batch/documents";
import { route } from "@/lib/http/route";

export const dynamic = "force-dynamic";

export const GET = route({ auth: "bearer", feature: "batchDispatch", params: batchIdParams }, ({ principal, params }) =>
  listDocuments(principal.tenant.id, params.batchId),
);
