import { productJobs } from "@/lib/jobs/definitions";
import { toInngestFunction } from "./inngest-function";

/** What app/api/inngest/route.ts serves: every product job (lib/jobs/definitions) as an Inngest function. */
export const inngestFunctions = () => productJobs.map(toInngestFunction);
