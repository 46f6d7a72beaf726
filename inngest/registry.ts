import type { JobDefinition } from "./define-job";
import { relayJob } from "./relay";

/**
 * Where the runner and sendEvent find job definitions. `functions.ts` is loaded lazily because it
 * pulls in every domain module, and those import sendEvent: a static import would be a cycle.
 */
let override: readonly JobDefinition[] | null = null;

export async function jobDefinitions(): Promise<readonly JobDefinition[]> {
  const defs = override ?? (await import("./functions")).functions;
  return [...defs, relayJob];
}

/** Tests register their own jobs instead of the product's; pass null to restore. */
export function setJobDefinitionsForTests(defs: readonly JobDefinition[] | null): void {
  override = defs;
}
