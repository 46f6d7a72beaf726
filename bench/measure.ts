import fs from "node:fs";
import { eventually, type Stack } from "../tests/support/stack";

/** What every bench section measures with: CPU and memory from /proc, idle waits, one batch end to end. */
export const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
export const range = (xs: number[], digits = 1) => `${Math.min(...xs).toFixed(digits)}–${Math.max(...xs).toFixed(digits)}`;
const TICK_MS = 10; // Linux USER_HZ is 100

export function procStatus(pid: number, field: "VmHWM" | "VmRSS"): number {
  return Number(new RegExp(`${field}:\\s+(\\d+)`).exec(fs.readFileSync(`/proc/${pid}/status`, "utf8"))![1]) / 1024;
}

/**
 * CPU time of a whole process (every thread, render threads included), in ms; with `thread`, of that
 * thread only; with `kernelOnly`, the part spent in the kernel (stime).
 */
export function cpuMs(pid: number, thread?: number, kernelOnly = false): number {
  const fields = fs
    .readFileSync(thread === undefined ? `/proc/${pid}/stat` : `/proc/${pid}/task/${thread}/stat`, "utf8")
    .split(") ")[1]
    .split(" ");
  return ((kernelOnly ? 0 : Number(fields[11])) + Number(fields[12])) * TICK_MS; // utime, stime
}
/**
 * CPU time, in ms, of the threads a Node process started before it named itself (`process.title`):
 * V8's helper threads, which mark and sweep the heaps of every thread in the process and compile in
 * the background (and libuv's pool, idle in both measured sides, if it started that early). Linux
 * names a new thread after the one that starts it, so once Next (the server) or run.ts (the bench)
 * has named its main thread, the render threads carry the new name and only these keep Node's.
 */
export function helperThreadsCpuMs(pid: number): number {
  let total = 0;
  for (const tid of fs.readdirSync(`/proc/${pid}/task`)) {
    try {
      if (fs.readFileSync(`/proc/${pid}/task/${tid}/comm`, "utf8").trim() === "node") total += cpuMs(pid, Number(tid));
    } catch {
      // the thread ended meanwhile
    }
  }
  return total;
}

/** CPU time of every PostgreSQL process on this machine, in ms: the service's queries cost there too. */
export function postgresCpuMs(): number {
  let total = 0;
  for (const entry of fs.readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (fs.readFileSync(`/proc/${entry}/comm`, "utf8").startsWith("postgres")) total += cpuMs(Number(entry));
    } catch {
      // the process ended meanwhile
    }
  }
  return total;
}

/** The machine's busy and total CPU ticks (all cores), from /proc/stat. */
export function machineTicks(): { busy: number; total: number } {
  const [user, nice, system, idle, iowait, irq, softirq, steal] = fs
    .readFileSync("/proc/stat", "utf8")
    .split("\n")[0]
    .split(/\s+/)
    .slice(1)
    .map(Number);
  const busy = user + nice + system + irq + softirq + steal;
  return { busy, total: busy + idle + iowait };
}

/**
 * Waits until the machine's cores have been nearly idle for a moment (at most 5 s): whichever side ran
 * last leaves work behind (its garbage collection, the server's last commits and mails), which
 * would otherwise be charged to the side measured next.
 */
export async function settle(): Promise<void> {
  const until = Date.now() + 5_000;
  for (let prev = machineTicks(); Date.now() < until;) {
    await new Promise((r) => setTimeout(r, 250));
    const now = machineTicks();
    const busy = (now.busy - prev.busy) / Math.max(1, now.total - prev.total);
    prev = now;
    if (busy < 0.1) return;
  }
}

/** Sealpost end to end: one auto-approved batch with secure-email delivery, from the POST until every mail is accepted. */
export async function endToEnd(stack: Stack, template: string, record: (i: number) => object, n: number, offset: number) {
  const pid = stack.serverPid()!;
  const mailsBefore = stack.smtp.messages.length;
  const cpu0 = cpuMs(pid);
  const kernel0 = cpuMs(pid, undefined, true);
  const main0 = cpuMs(pid, pid);
  const helpers0 = helperThreadsCpuMs(pid);
  const pg0 = postgresCpuMs();
  const bench0 = process.cpuUsage();
  const machine0 = machineTicks();
  const t0 = Date.now();
  const res = await stack.api("submitter", "POST", "/api/render", {
    templatePath: template,
    dataSource: Array.from({ length: n }, (_, i) => record(offset + i)),
    features: { svcDispatch: true },
  });
  await res.arrayBuffer();
  if (res.status !== 202) throw new Error(`intake answered ${res.status}`);
  const id = res.headers.get("x-svc-batchid");
  // The last mail arrives after its record is rendered, so the state is polled only once mail is in:
  // a client polling ten times a second throughout would be measured as Sealpost's own work.
  await stack.smtp.waitFor((m) => m.length - mailsBefore >= n, 30 * 60_000);
  const lastMail = Date.now(); // the test SMTP server wakes this wait on each arrival
  const completedAt = await eventually(
    async () => {
      const d = await (await stack.api("submitter", "GET", `/api/dispatch/batch/${id}`)).json();
      if (d.state === "partially-failed") throw new Error(`batch ${id} partially failed`);
      return d.state === "completed" && Date.parse(d.completedAt);
    },
    10 * 60_000,
    "batch completion",
  );
  // The run ends with its last mail or with the batch's completion, whichever came later, read from
  // the batch itself (same machine clock), not from when a poll every 100 ms happened to see it.
  const seconds = (Math.max(lastMail, completedAt) - t0) / 1000;
  const cpu = cpuMs(pid) - cpu0;
  const bench = process.cpuUsage(bench0);
  const machine1 = machineTicks();
  return {
    docsPerSecond: n / seconds,
    cpuMsPerDoc: cpu / n,
    // Creating each record's file is kernel time; on ext4 without a journal it grows for minutes after a mass deletion (docs/operations.md).
    kernelMsPerDoc: (cpuMs(pid, undefined, true) - kernel0) / n,
    // The event loop's own thread (requests, jobs, database, mail); the rest is render threads, V8's helper threads and the libuv pool.
    mainThreadMsPerDoc: (cpuMs(pid, pid) - main0) / n,
    helperThreadsMsPerDoc: (helperThreadsCpuMs(pid) - helpers0) / n,
    postgresMsPerDoc: (postgresCpuMs() - pg0) / n,
    // This process: the SMTP server receiving every mail, and the client.
    benchMsPerDoc: (bench.user + bench.system) / 1000 / n,
    machineBusy: (machine1.busy - machine0.busy) / (machine1.total - machine0.total),
  };
}

/** One GET to its last byte; it must answer 200 with `expect` in its body (a sign-in redirect would be timed as nothing). */
export async function timedGet(url: string, headers: Record<string, string>, expect: string): Promise<number> {
  const t0 = performance.now();
  const res = await fetch(url, { headers, redirect: "manual" });
  const body = await res.text();
  const ms = performance.now() - t0;
  if (res.status !== 200 || !body.includes(expect)) throw new Error(`GET ${url}: ${res.status}, ${body.slice(0, 200)}`);
  return ms;
}
