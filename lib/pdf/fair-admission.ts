/** Whose turn a task waits for: its tenant, then its batch (as jobs wait, lib/jobs/lane.ts). */
export interface Lane {
  tenant: string;
  batch: string;
}

export type FairAdmission = <T>(lane: Lane | undefined, task: () => Promise<T>) => Promise<T>;

/**
 * At most `concurrency` tasks at once; waiting tasks are let in round robin by tenant, then by batch,
 * then in the order they came. A chunk hands all its records over at once, so in one queue in arrival
 * order a small batch's records would wait behind every record of the chunks already running; here
 * they go in turn with them. A task of no lane is a tenant of its own, and waits for one turn at most.
 */
export function fairAdmission(concurrency: number): FairAdmission {
  let active = 0;
  let loners = 0;
  // Map order is the rotation: a tenant (and within it a batch) that takes a turn moves to the back.
  const tenants = new Map<string, Map<string, Array<() => void>>>();

  const admitNext = () => {
    while (active < concurrency) {
      const tenant = tenants.entries().next();
      if (tenant.done) return;
      const [tenantKey, batches] = tenant.value;
      const [batchKey, waiting] = batches.entries().next().value!;
      const start = waiting.shift()!;
      batches.delete(batchKey);
      if (waiting.length) batches.set(batchKey, waiting);
      tenants.delete(tenantKey);
      if (batches.size) tenants.set(tenantKey, batches);
      active++;
      start();
    }
  };

  return async (lane, task) => {
    const { tenant, batch } = lane ?? { tenant: `\u0000alone:${loners++}`, batch: "" };
    await new Promise<void>((resolve) => {
      const batches = tenants.get(tenant) ?? new Map<string, Array<() => void>>();
      tenants.set(tenant, batches);
      const waiting = batches.get(batch) ?? [];
      batches.set(batch, waiting);
      waiting.push(resolve);
      admitNext();
    });
    try {
      return await task();
    } finally {
      active--;
      admitNext();
    }
  };
}
