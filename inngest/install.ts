import { installEventSender } from "@/lib/jobs/send-event";
import { emitEvents } from "./emit-events";

/**
 * Wires domain code's sendEvent to the job registry. Called by every entry point that may emit
 * events (the Next.js server's instrumentation, the worker, the Inngest route, test set-up); lib/
 * cannot import the registry itself, since every job imports lib/.
 */
export function installJobs(): void {
  installEventSender(emitEvents);
}
