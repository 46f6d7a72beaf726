/** Thrown when a call that left the process did not answer in time. */
export class DeadlineExceeded extends Error {
  readonly code = "ETIMEDOUT";
  constructor(what: string, ms: number) {
    super(`${what} did not finish within ${ms} ms`);
    this.name = "DeadlineExceeded";
  }
}

/**
 * Settles with `work` or rejects with DeadlineExceeded after `ms`, whichever comes first. The work
 * itself is not stopped (a promise cannot be), so callers make what they abandon safe to finish late:
 * leases, guarded updates, closing the connection it runs on.
 */
export function withDeadline<T>(work: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const expired = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new DeadlineExceeded(what, ms)), ms);
    timer.unref();
  });
  return Promise.race([work, expired]).finally(() => clearTimeout(timer));
}
