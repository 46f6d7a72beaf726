import { z } from "zod";
import { defineCatalogue, type EventIn, type NameIn, type PayloadIn } from "./catalogue";

/**
 * The tenant, by which the runner shares its turns (lib/jobs/job-store.ts) and Inngest its
 * concurrency. Optional where jobs queued before events carried it must still run, in a lane of their own.
 */
const laneTenantId = z.string().min(1).optional();

/** A schedule's event: it carries nothing. */
const nothing = z.object({});

const instant = z.iso.datetime().transform((s) => new Date(s));

/** A trace its render's process could not store: its row, and its bytes gzipped and in base64 (lib/explain/hand-off.ts). */
const handedOffTrace = z.object({
  id: z.uuid(),
  tenantId: z.string().min(1),
  correlationId: z.string().min(1),
  renderKind: z.enum(["single", "batch-record", "sealed-workflow"]),
  referenceId: z.string().nullable(),
  createdAt: instant,
  archiveAfter: instant,
  deleteAfter: instant,
  gzipBase64: z.string().min(1),
});

const callbackPayload = z.object({
  tenantId: z.string(),
  workflowId: z.string().uuid(),
  messageId: z.string(),
  /**
   * The callback body (docs/spec.md, "Events": workflowId, correlationId, state, completedAt), fixed when the state was
   * reached; a workflow rejected because a signer declined to sign says who and why (`declined`).
   */
  body: z.object({
    workflowId: z.string(),
    correlationId: z.string(),
    state: z.string(),
    completedAt: z.string(),
    declined: z.object({ signer: z.number(), name: z.string(), email: z.string(), reason: z.string() }).optional(),
  }),
});

/**
 * Every event of Sealpost: its name, what it carries and, for a schedule's event, when it is sent.
 * Domain code sends them (sendEvent, lib/jobs/send-event.ts) and jobs listen to them (defineJob,
 * lib/jobs/definitions): both take only these names, so a misspelt name, or data of the wrong shape,
 * does not compile. Each one starts at least one job (tests/unit/jobs-events.test.ts).
 */
export const events = defineCatalogue({
  /** A batch approved, or sent without approval: its pick-up, then one render per chunk. */
  "dispatch/batch.approved": { payload: z.object({ batchId: z.string().uuid(), tenantId: z.string() }) },
  /** Records [from, from + count) of a batch to render. */
  "dispatch/chunk.render": {
    payload: z.object({
      batchId: z.string().uuid(),
      tenantId: laneTenantId,
      from: z.number().int().min(0),
      count: z.number().int().min(1),
    }),
  },
  /** A batch's last record rendered: the combined file, then its final state. */
  "dispatch/batch.finalize": { payload: z.object({ batchId: z.string().uuid(), tenantId: laneTenantId }) },
  /** Every minute: batches whose jobs gave up get their remaining work sent again. */
  "dispatch/stalled.sweep": { payload: nothing, cron: "* * * * *" },
  /** A workflow's last approval: sealing → complete. */
  "workflow/seal.requested": { payload: z.object({ workflowId: z.string().uuid(), tenantId: z.string().min(1) }) },
  /** A signer signed or declined: the signatures applied, then the certificate once signing has ended. */
  "workflow/signature.requested": { payload: z.object({ workflowId: z.string().uuid(), tenantId: z.string().min(1) }) },
  /** Every five minutes: approval reminders and escalation. */
  "workflow/approvals.sweep": { payload: nothing, cron: "*/5 * * * *" },
  /** Every fifteen minutes: signers whose link runs out soon are reminded. */
  "workflow/signers.remind": { payload: nothing, cron: "*/15 * * * *" },
  /** A workflow with a callbackUrl reached complete, rejected or cancelled. */
  "workflow/callback.requested": { payload: callbackPayload },
  /** Every hour: traces past their archive moment go to cold storage. */
  "explain/traces.archive": { payload: nothing, cron: "17 * * * *" },
  /** Every day: traces past their delete moment are deleted. */
  "explain/traces.expire": { payload: nothing, cron: "43 3 * * *" },
  /** A trace handed to the job runner (lib/explain/hand-off.ts). */
  "explain/trace.store": { payload: handedOffTrace },
});

export type EventName = NameIn<typeof events>;

/** An event as domain code sends it: a name of the catalogue and data of that name's shape. */
export type SealpostEvent = EventIn<typeof events>;

/** What a job of event `N` reads (dates parsed). */
export type EventPayload<N extends EventName> = PayloadIn<typeof events, N>;

/**
 * The runner's own event, apart so that domain code cannot send it: under Inngest, events sent inside
 * a transaction wait as a job of this kind until the commit (lib/jobs/relay.ts). Only the event
 * sender writes it, as a jobs row.
 */
export const runnerEvents = defineCatalogue({
  "sealpost/inngest.relay": {
    payload: z.object({
      events: z.array(z.object({ name: z.string(), data: z.record(z.string(), z.unknown()), id: z.string().optional() })),
    }),
  },
});
