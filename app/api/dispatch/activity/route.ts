import { z } from "zod";
import { batchActivity } from "@/lib/batch/documents";
import { route } from "@/lib/http/route";

export const dynamic = "force-dynamic";

const query = z.object({ batchId: z.string().uuid() });

export const GET = route({ auth: "bearer", feature: "batchDispatch", query }, ({ principal, query }) =>
  batchActivity(principal.tenant.id, query.batchId),
);
