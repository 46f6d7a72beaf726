// Test processes call domain code directly, as the server does after its instrumentation has run.
// The sender is loaded on first use: the job registry imports every job and so most of lib/, which
// every test file would otherwise pay for at start, sending events or not.
import type { EventSender } from "@/lib/jobs/send-event";
import { installEventSender } from "@/lib/jobs/send-event";

const emit: EventSender = async (tx, events) => (await import("@/lib/jobs/emit-events")).emitEvents(tx, events);
installEventSender(emit);
