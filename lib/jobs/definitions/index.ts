import type { JobDefinition } from "../define-job";
import { dispatchJobs } from "./dispatch";
import { explainJobs } from "./explain";
import { workflowJobs } from "./workflow";

/**
 * Every job of the product, in one list: run by the embedded runner (registry.ts) and served to
 * Inngest by app/api/inngest/route.ts (inngest/functions.ts). A new job goes in
 * lib/jobs/definitions/<area>.ts and is added here.
 */
export const productJobs: readonly JobDefinition[] = [...dispatchJobs, ...workflowJobs, ...explainJobs];
