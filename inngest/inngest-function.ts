import { NonRetriableError } from "inngest";
import { z } from "zod";
import { env } from "@/lib/env";
import type { JobDefinition, JobStep } from "@/lib/jobs/define-job";
import { inngest, toInngestEvent } from "@/lib/jobs/inngest-client";

/**
 * One embedded runner runs at most JOB_CONCURRENCY jobs of any kind; under Inngest the same number
 * is one limit shared by every Sealpost function (a constant key, scoped to the environment), or
 * Inngest would call the serve route for every chunk of a large batch at once.
 */
const sharedConcurrency = () => ({ limit: env().JOB_CONCURRENCY, key: '"sealpost-jobs"', scope: "env" as const });

/**
 * The embedded runner takes turns by tenant (lib/jobs/job-store.ts); under Inngest, a function whose
 * events carry the tenant is also limited per tenant, across functions, to half the shared limit, so
 * one tenant's large batch always leaves the other half to the rest (Inngest queues each key apart).
 */
const perTenantConcurrency = () => ({
  limit: Math.max(1, Math.ceil(env().JOB_CONCURRENCY / 2)),
  key: "event.data.tenantId",
  scope: "env" as const,
});

const carriesTenant = (def: JobDefinition) => def.payload instanceof z.ZodObject && "tenantId" in def.payload.shape;

type Limit = ReturnType<typeof sharedConcurrency>;

const concurrencyOf = (def: JobDefinition): Limit | [Limit, Limit] =>
  carriesTenant(def) ? [sharedConcurrency(), perTenantConcurrency()] : sharedConcurrency();

type Retries = 0 | 1 | 2 | 3 | 4 | 5 | 6 | 7 | 8 | 9 | 10 | 11 | 12 | 13 | 14 | 15 | 16 | 17 | 18 | 19 | 20;

const built = new WeakMap<JobDefinition, ReturnType<typeof buildInngestFunction>>();

/** One job definition as an Inngest function (built once per definition): same trigger, same payload check, our step API over Inngest's. */
export function toInngestFunction(def: JobDefinition): ReturnType<typeof buildInngestFunction> {
  let fn = built.get(def);
  if (!fn) built.set(def, (fn = buildInngestFunction(def)));
  return fn;
}

function buildInngestFunction(def: JobDefinition) {
  return inngest.createFunction(
    {
      id: def.id,
      triggers: def.cron ? [{ event: def.event }, { cron: def.cron }] : [{ event: def.event }],
      retries: def.retries as Retries,
      concurrency: concurrencyOf(def),
    },
    async ({ event, step, attempt }) => {
      // A cron run's event is Inngest's timer, whose data is not ours: it gets the empty payload.
      const parsed = def.payload.safeParse(def.cron && event.name === "inngest/scheduled.timer" ? {} : event.data);
      if (!parsed.success) throw new NonRetriableError(`Job ${def.id}: invalid payload: ${parsed.error.message}`);
      const ours: JobStep = {
        // Inngest types the result as the JSON form of T; our API promises the same round trip.
        run: <T>(id: string, fn: () => Promise<T> | T) => step.run(id, async () => fn()) as Promise<T>,
        sendEvent: async (id, events) => {
          const list = (Array.isArray(events) ? events : [events]).map(toInngestEvent);
          if (list.length) await step.sendEvent(id, list);
        },
        sleepUntil: (id, at) => step.sleepUntil(id, at),
      };
      return def.handler({ payload: parsed.data, step: ours, attempt, event: { name: event.name, id: event.id } });
    },
  );
}
