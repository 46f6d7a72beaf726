import { Inngest } from "inngest";
import type { EventInput } from "./define-job";

/**
 * The one Inngest client. Keys and dev mode come from INNGEST_EVENT_KEY / INNGEST_SIGNING_KEY /
 * INNGEST_DEV, which the SDK reads itself; without them the embedded runner does the work instead.
 * The event sender and the relay send through it; inngest/ serves the functions with it.
 */
export const inngest = new Inngest({ id: "sealpost" });

/**
 * Inngest only accepts object data, so both modes insist on it (checked in sendEvent). Inngest drops
 * an event whose id it saw in the last 24 h whatever its name, while the embedded runner dedupes per
 * job: the id is namespaced by the event's name, or a batch's `dispatch/batch.finalize` (id: the
 * batch id) would be dropped as a repeat of its `dispatch/batch.approved` (the same id).
 */
export function toInngestEvent(e: EventInput): { name: string; data: Record<string, unknown>; id?: string } {
  const data = e.data as Record<string, unknown>;
  return e.id === undefined ? { name: e.name, data } : { name: e.name, data, id: `${e.name}:${e.id}` };
}
