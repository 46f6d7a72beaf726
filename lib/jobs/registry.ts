import type { JobDefinition } from "./define-job";
import { productJobs } from "./definitions";
import { relayJob } from "./relay";

/** Where the runner and the event sender find job definitions: the product's, or a test's own. */
let override: readonly JobDefinition[] | null = null;

export async function jobDefinitions(): Promise<readonly JobDefinition[]> {
  return [...(override ?? productJobs), relayJob];
}

/** Tests register their own jobs instead of the product's; pass null to restore. */
export function setJobDefinitionsForTests(defs: readonly JobDefinition[] | null): void {
  override = defs;
}
