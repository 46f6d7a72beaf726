import type { Tx } from "@/lib/db/client";
import type { Catalogue, EventIn } from "./catalogue";
import { asArray, type EventInput } from "./define-job";
import { events as productEvents, type SealpostEvent } from "./events";

/**
 * How domain code starts background work: an event of the catalogue (lib/jobs/events.ts), nothing
 * more. Which jobs listen, and whether the embedded runner or Inngest runs them, is decided at the
 * edge: each entry point (the Next.js server's instrumentation, the worker, the Inngest route, test
 * set-up) installs the sender (lib/jobs/install.ts), so domain code never imports the job registry
 * that imports it.
 */
export type EventSender = (tx: Tx | undefined, events: EventInput[]) => Promise<void>;

// On globalThis: Next.js bundles a module once per route, and all of them must see the one sender.
const holder = globalThis as unknown as { __sealpostEventSender?: EventSender };

export function installEventSender(sender: EventSender): void {
  holder.__sealpostEventSender = sender;
}

/**
 * The installed sender itself, for the runner's own sends (a handler's step.sendEvent, a schedule's
 * slot): their names were checked where they were written.
 */
export function installedEventSender(): EventSender {
  const send = holder.__sealpostEventSender;
  if (!send)
    throw new Error("sendEvent: no event sender installed; the process's entry point must call installJobs() from lib/jobs/install.ts");
  return send;
}

/**
 * Emits events of the catalogue: a name that is not one of its names, or data that does not fit
 * the name's payload, does not compile. With `tx`, the follow-up work commits or rolls back with the
 * caller's data; an event `id` is an idempotency key (the same id never starts the same job twice).
 */
export function sendEvent(tx: Tx | undefined, events: SealpostEvent | SealpostEvent[]): Promise<void> {
  return sendEventOn(productEvents, tx, events);
}

/** sendEvent over another catalogue (a test's own jobs). A name the catalogue lacks fails here, if a cast let it compile. */
export async function sendEventOn<C extends Catalogue>(
  catalogue: C,
  tx: Tx | undefined,
  events: NoInfer<EventIn<C>> | NoInfer<EventIn<C>>[],
): Promise<void> {
  const list: EventInput[] = asArray(events);
  for (const e of list)
    if (typeof e?.name !== "string" || !Object.hasOwn(catalogue, e.name))
      throw new Error(`sendEvent: "${String(e?.name)}" is no event of the catalogue (lib/jobs/events.ts)`);
  await installedEventSender()(tx, list);
}
