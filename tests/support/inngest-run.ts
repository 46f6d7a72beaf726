import { InngestTestEngine } from "@inngest/test";
import { toInngestFunction } from "@/inngest/inngest-function";
import type { JobDefinition } from "@/lib/jobs/define-job";

export interface TestEvent {
  name: string;
  data: Record<string, unknown>;
  id?: string;
}

export type MockedSteps = InngestTestEngine.MockedStep[];

/** What the SDK answers one call of the serve route with: a step ran or failed (and whether Inngest retries it), or the run ended. */
export interface RequestOutcome {
  type: string;
  retriable?: boolean | string;
  step?: { name?: string; op?: string; error?: unknown };
  error?: unknown;
}

/** The product's own job as Inngest runs it, on a fresh engine each time (DESIGN §8: a reused one replays its first run). */
export const engineFor = (def: JobDefinition, event: TestEvent) =>
  new InngestTestEngine({ function: toInngestFunction(def), events: [event] });

/**
 * One call of the serve route. execute() keeps only a failure's error, not whether Inngest would
 * retry it, which the SDK's answer carries: the engine's one-request method returns that answer.
 */
export async function oneRequest(def: JobDefinition, event: TestEvent, steps: MockedSteps = []): Promise<RequestOutcome> {
  const { result } = await engineFor(def, event)["individualExecution"]({ steps });
  return result as RequestOutcome;
}

/** Inngest's event for a cron run: its data is Inngest's, never our payload. */
export const timerEvent = (cron: string): TestEvent => ({ name: "inngest/scheduled.timer", data: { cron } });
