import { CronExpressionParser } from "cron-parser";
import type { z } from "zod";

/** An event to emit. `id` is an idempotency key: the same id never starts the same job twice. */
export interface EventInput {
  name: string;
  data: unknown;
  id?: string;
}

/**
 * The step API handlers see, the same under Inngest and the embedded runner. Results are JSON
 * round-tripped in both (Dates come back as strings), so a replayed step returns what a fresh one did.
 */
export interface JobStep {
  run<T>(id: string, fn: () => Promise<T> | T): Promise<T>;
  sendEvent(id: string, events: EventInput | EventInput[]): Promise<void>;
  sleepUntil(id: string, at: Date): Promise<void>;
}

export interface JobContext<P> {
  payload: P;
  step: JobStep;
  /** 0 on the first try, as Inngest counts. */
  attempt: number;
  event: { name: string; id?: string };
}

export interface JobDefinition<P = unknown> {
  readonly id: string;
  readonly event: string;
  readonly payload: z.ZodType<P>;
  /** Retries after the first attempt: maxAttempts = retries + 1. */
  readonly retries: number;
  /** Five-field cron expression (UTC): the job also runs on this schedule, besides on its event. */
  readonly cron?: string;
  // Method syntax keeps definitions with different payload types assignable to one JobDefinition[].
  handler(ctx: JobContext<P>): Promise<unknown> | unknown;
}

export interface JobOptions<S extends z.ZodType> {
  id: string;
  event: string;
  payload: S;
  retries?: number;
  /** Five-field cron expression in UTC, as Inngest takes it; checked here so a typo fails at start. */
  cron?: string;
  handler: (ctx: JobContext<z.output<S>>) => Promise<unknown> | unknown;
}

const JOB_ID = /^[a-z0-9][a-z0-9-]*$/;

export function defineJob<S extends z.ZodType>(opts: JobOptions<S>): JobDefinition<z.output<S>> {
  if (!JOB_ID.test(opts.id)) throw new Error(`Job id "${opts.id}" must be lower-case letters, digits and dashes`);
  const retries = opts.retries ?? 4;
  if (!Number.isInteger(retries) || retries < 0 || retries > 20) throw new Error(`Job ${opts.id}: retries must be 0–20 (Inngest's range)`);
  if (opts.cron !== undefined) checkCron(opts.id, opts.cron);
  return {
    id: opts.id,
    event: opts.event,
    payload: opts.payload as z.ZodType<z.output<S>>,
    retries,
    cron: opts.cron,
    handler: opts.handler,
  };
}

function checkCron(id: string, cron: string): void {
  if (cron.trim().split(/\s+/).length !== 5)
    throw new Error(`Job ${id}: cron "${cron}" must have five fields (Inngest has no seconds field)`);
  try {
    CronExpressionParser.parse(cron, { tz: "UTC" });
  } catch (err) {
    throw new Error(`Job ${id}: cron "${cron}" does not parse: ${(err as Error).message}`);
  }
}

export const asArray = <T>(v: T | T[]): T[] => (Array.isArray(v) ? v : [v]);

/** Thrown from a handler (or step) to fail the job at once, without retries. */
export { NonRetriableError } from "inngest";
