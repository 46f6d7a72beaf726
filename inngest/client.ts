import { Inngest } from "inngest";

/**
 * The one Inngest client. Keys and dev mode come from INNGEST_EVENT_KEY / INNGEST_SIGNING_KEY /
 * INNGEST_DEV, which the SDK reads itself; without them the embedded runner does the work instead.
 */
export const inngest = new Inngest({ id: "sealpost" });
