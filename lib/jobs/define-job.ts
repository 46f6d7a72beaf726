import type { z } from "zod";
import type { Catalogue, EventIn, NameIn, PayloadIn } from "./catalogue";
import { events, type EventName } from "./events";

/**
 * An event as the runner and Inngest carry it, its name and data no longer typed by a catalogue:
 * whoever wrote it was (sendEvent, a step's sendEvent, a catalogue's schedule). `id` is an
 * idempotency key: the same id never starts the same job twice.
 */
export interface EventInput {
  name: string;
  data: unknown;
  id?: string;
}

/**
 * The step API handlers see, the same under Inngest and the embedded runner. Results are JSON
 * round-tripped in both (Dates come back as strings), so a replayed step returns what a fresh one did.
 * `E`: the events a handler may send, those of its job's catalogue.
 */
export interface JobStep<E extends EventInput = EventInput> {
  run<T>(id: string, fn: () => Promise<T> | T): Promise<T>;
  sendEvent(id: string, events: E | E[]): Promise<void>;
  sleepUntil(id: string, at: Date): Promise<void>;
}

export interface JobContext<P, E extends EventInput = EventInput> {
  payload: P;
  step: JobStep<E>;
  /** 0 on the first try, as Inngest counts. */
  attempt: number;
  event: { name: string; id?: string };
}

/** A job as the runner and the Inngest adapter take it: its trigger, payload schema and schedule come from its catalogue. */
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

export interface JobOptions<C extends Catalogue, N extends NameIn<C>> {
  id: string;
  /** The catalogue's event that starts the job: its payload is what the handler reads, its schedule (if any) the job's. */
  event: N;
  retries?: number;
  handler: (ctx: JobContext<PayloadIn<C, N>, EventIn<C>>) => Promise<unknown> | unknown;
}

const JOB_ID = /^[a-z0-9][a-z0-9-]*$/;

/** A job of the product: its event is one of lib/jobs/events.ts, and so is every event it sends. */
export function defineJob<N extends EventName>(opts: JobOptions<typeof events, N>): JobDefinition<PayloadIn<typeof events, N>> {
  return defineJobOn(events, opts);
}

/** A job listening to another catalogue's event (the runner's relay, a test's own jobs). */
export function defineJobOn<C extends Catalogue, N extends NameIn<C>>(
  catalogue: C,
  opts: JobOptions<C, N>,
): JobDefinition<PayloadIn<C, N>> {
  if (!JOB_ID.test(opts.id)) throw new Error(`Job id "${opts.id}" must be lower-case letters, digits and dashes`);
  const retries = opts.retries ?? 4;
  if (!Number.isInteger(retries) || retries < 0 || retries > 20) throw new Error(`Job ${opts.id}: retries must be 0–20 (Inngest's range)`);
  if (!Object.hasOwn(catalogue, opts.event)) throw new Error(`Job ${opts.id}: its catalogue has no event "${opts.event}"`);
  const spec = catalogue[opts.event];
  return {
    id: opts.id,
    event: opts.event,
    payload: spec.payload as z.ZodType<PayloadIn<C, N>>,
    retries,
    cron: spec.cron,
    handler: opts.handler,
  };
}

export const asArray = <T>(v: T | T[]): T[] => (Array.isArray(v) ? v : [v]);

/** Thrown from a handler (or step) to fail the job at once, without retries. */
export { NonRetriableError } from "inngest";
