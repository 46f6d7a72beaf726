import { batchIdParams } from "@/lib/batch/api-schemas";
import { listDocuments } from "@/lib/batch/documents";
import { methods, route } from "@/lib/http/route";

export const dynamic = "force-dynamic";

const get = route({ auth: "bearer", feature: "batchDispatch", params: batchIdParams }, ({ principal, params }) =>
  listDocuments(principal.tenant.id, params.batchId),
);

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({ GET: get });
