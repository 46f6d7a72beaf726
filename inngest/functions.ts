import type { JobDefinition } from "@/lib/jobs/define-job";
import { toInngestFunction } from "./inngest-function";
import { dispatchJobs } from "./jobs/dispatch";
import { explainJobs } from "./jobs/explain";
import { workflowJobs } from "./jobs/workflow";

/**
 * Every job of the product, in one list: served to Inngest by app/api/inngest/route.ts and run by the
 * embedded runner otherwise. A new job goes in inngest/jobs/<area>.ts and is added here.
 */
export const functions: readonly JobDefinition[] = [...dispatchJobs, ...workflowJobs, ...explainJobs];

export const inngestFunctions = () => functions.map(toInngestFunction);
