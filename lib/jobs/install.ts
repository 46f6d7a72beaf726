import { installEventSender } from "./send-event";
import { emitEvents } from "./emit-events";

/**
 * Wires domain code's sendEvent to the job registry. Called by every entry point that may emit
 * events (the Next.js server's instrumentation, the worker, the Inngest route, test set-up); domain
 * code cannot import the registry itself, since every job imports it.
 */
export function installJobs(): void {
  installEventSender(emitEvents);
}
