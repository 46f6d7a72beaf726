import { CronExpressionParser } from "cron-parser";
import type { z } from "zod";

/** One event of a catalogue: what it carries and, for a schedule's event, when it is sent. */
export interface EventSpec<S extends z.ZodType = z.ZodType> {
  /** Checked when a listening job is enqueued (embedded runner) and again when the job reads it. */
  readonly payload: S;
  /**
   * Five-field cron expression in UTC, as Inngest takes it: the event is also sent on this schedule,
   * with `{}` as its data, to every job that listens to it.
   */
  readonly cron?: string;
}

/** Event names and what each carries: the product's is lib/jobs/events.ts; a test may make its own. */
export type Catalogue = Readonly<Record<string, EventSpec>>;

export type NameIn<C extends Catalogue> = keyof C & string;

/** What a job of event `N` reads: the payload as its schema parses it (dates parsed, defaults filled). */
export type PayloadIn<C extends Catalogue, N extends NameIn<C>> = z.output<C[N]["payload"]>;

/** An event of `C` as it is sent: one of its names, data of that name's shape, and an optional idempotency key. */
export type EventIn<C extends Catalogue, N extends NameIn<C> = NameIn<C>> = {
  [K in N]: { name: K; data: z.input<C[K]["payload"]>; id?: string };
}[N];

/** A catalogue, its schedules checked now, so that a typo fails at start rather than never running. */
export function defineCatalogue<C extends Catalogue>(catalogue: C): C {
  for (const [name, spec] of Object.entries(catalogue)) {
    if (spec.cron === undefined) continue;
    checkCron(name, spec.cron);
    if (!spec.payload.safeParse({}).success) throw new Error(`Event ${name}: its schedule sends {}, which its payload must accept`);
  }
  return catalogue;
}

function checkCron(name: string, cron: string): void {
  if (cron.trim().split(/\s+/).length !== 5)
    throw new Error(`Event ${name}: cron "${cron}" must have five fields (Inngest has no seconds field)`);
  try {
    CronExpressionParser.parse(cron, { tz: "UTC" });
  } catch (err) {
    throw new Error(`Event ${name}: cron "${cron}" does not parse: ${(err as Error).message}`);
  }
}
