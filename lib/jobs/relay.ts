import { defineJobOn } from "./define-job";
import { runnerEvents } from "./events";
import { inngest, toInngestEvent } from "./inngest-client";

/**
 * Under Inngest, events sent inside a database transaction must not reach Inngest before the commit
 * (or at all after a rollback). sendEvent stores them as a job of this kind in the same transaction;
 * the runner, which in Inngest mode runs only these, forwards them once committed. Event ids make a
 * repeated forward harmless: Inngest drops duplicates.
 */
export const relayJob = defineJobOn(runnerEvents, {
  id: "inngest-relay",
  event: "sealpost/inngest.relay",
  retries: 20,
  handler: async ({ payload }) => {
    await inngest.send(payload.events.map(toInngestEvent));
    return { forwarded: payload.events.length };
  },
});
