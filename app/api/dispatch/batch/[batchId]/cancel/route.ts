import { batchIdParams } from "@/lib/batch/api-schemas";
import { cancelBatch } from "@/lib/batch/cancel-batch";
import { route } from "@/lib/http/route";

export const dynamic = "force-dynamic";

export const POST = route({ auth: "bearer", feature: "batchDispatch", params: batchIdParams }, async ({ principal, params }) => {
  const b = await cancelBatch(principal, params.batchId);
  return { batchId: b.id, state: b.state };
});
