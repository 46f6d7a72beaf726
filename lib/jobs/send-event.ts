import type { Tx } from "@/lib/db/client";
import { asArray, type EventInput } from "./define-job";

/**
 * How domain code starts background work: an event name and a payload, nothing more. Which jobs
 * listen, and whether the embedded runner or Inngest runs them, is decided at the edge: each entry
 * point (the Next.js server's instrumentation, the worker, the Inngest route, test set-up) installs
 * the sender (inngest/install.ts), so lib/ never imports the job registry that imports lib/.
 */
export type EventSender = (tx: Tx | undefined, events: EventInput[]) => Promise<void>;

// On globalThis: Next.js bundles a module once per route, and all of them must see the one sender.
const holder = globalThis as unknown as { __sealpostEventSender?: EventSender };

export function installEventSender(sender: EventSender): void {
  holder.__sealpostEventSender = sender;
}

/**
 * Emits events. With `tx`, the follow-up work commits or rolls back with the caller's data; an
 * event `id` is an idempotency key (the same id never starts the same job twice).
 */
export async function sendEvent(tx: Tx | undefined, events: EventInput | EventInput[]): Promise<void> {
  const send = holder.__sealpostEventSender;
  if (!send)
    throw new Error("sendEvent: no event sender installed; the process's entry point must call installJobs() from inngest/install.ts");
  await send(tx, asArray(events));
}
