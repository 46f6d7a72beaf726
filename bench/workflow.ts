/**
 * Workflow section of `npm run bench` (issue 8), also run alone with BENCH_ONLY=workflow. On its own
 * stack (PostgreSQL, the built server with its embedded runner and render threads, SMTP, IdP, all on
 * this machine), with the bench workflow of bench/workflow/ (4 steps, 50 cross-field rules):
 *
 * - step PATCH and final advance latency with 50 participants at once, each with its own workflow
 *   and portal token: paced as people typing with autosave, and in bursts of 50 at once;
 * - sealing: from the approve call until status shows complete with the sealed PDF's SHA-256.
 *
 * Every figure comes with a reference measured in the same run on the same server, as a ratio:
 * GET status with the same portal token (the same authentication and the same row read, without the
 * transaction and the write) sent by the same participants at the same moments, and for sealing the
 * react-pdf layout of the very same sealed record alone (lib/pdf/sealed-workflow.tsx in a render
 * thread of this process). Nothing is cached that a real server would not have warm: each timed
 * request is a new portal call on its own workflow; only JIT warm-up is excluded.
 */
import { createHash } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { and, asc, eq } from "drizzle-orm";
import { drizzle, type PostgresJsDatabase } from "drizzle-orm/postgres-js";
import pLimit from "p-limit";
import { Piscina } from "piscina";
import postgres from "postgres";
import * as schema from "@/lib/db/schema";
import type { SealedWorkflowInput } from "@/lib/pdf/sealed-workflow";
import { sealInput } from "@/lib/workflow/sealing/seal-input";
import { eventually, startStack, type Stack } from "../tests/support/stack";
import { autosaves, capexRequest, prng } from "./workflow-data";
import { cpuMs } from "./measure";

const PARTICIPANTS = 50;
const PACED_ROUNDS = Number(process.env.BENCH_WORKFLOW_ROUNDS || 3);
const PATCH_BURSTS = 10;
const ADVANCE_BURSTS = 4;
const SEALS = 20;
const TEMPLATE = "bench-workflow/capex-request.md";
const threads = Number(process.env.RENDER_THREADS || os.availableParallelism());

// ---- figures

/** Nearest-rank percentile. */
export function percentile(xs: number[], p: number): number {
  if (!xs.length) return NaN;
  const sorted = [...xs].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
}
const ms = (x: number) => (x >= 100 ? x.toFixed(0) : x.toFixed(1));

export function line(label: string, xs: number[], refLabel: string, ref: number[], target?: { p99: number }): string {
  const [p50, p99, r50, r99] = [percentile(xs, 50), percentile(xs, 99), percentile(ref, 50), percentile(ref, 99)];
  const verdict = target ? `; target p99 ≤ ${target.p99} ms: ${p99 <= target.p99 ? "met" : "NOT met"}` : "";
  return (
    `${label} (n=${xs.length}): p50 ${ms(p50)} ms, p99 ${ms(p99)} ms | ${refLabel} (n=${ref.length}): p50 ${ms(r50)} ms, p99 ${ms(r99)} ms | ` +
    `ratio p50 ${(p50 / r50).toFixed(2)}, p99 ${(p99 / r99).toFixed(2)}${verdict}`
  );
}

// ---- participants

const sleep = (t: number) => new Promise((r) => setTimeout(r, t));
/** Mails the server must have handed to SMTP by now: an invitation per workflow, an approval request per submission. */
let mailsDue = 0;

interface Participant {
  id: string;
  token: string;
  version: number;
  index: number;
}

async function expectStatus(res: Response, status: number, what: string): Promise<unknown> {
  const text = await res.text();
  if (res.status !== status) throw new Error(`${what}: expected ${status}, got ${res.status}: ${text.slice(0, 400)}`);
  return text ? JSON.parse(text) : null;
}

/**
 * A portal call as the portal page makes it: the token in X-Svc-Portal-Token, and the fresh token of
 * every answer used from then on. Returns the answer's body and the time to its last byte.
 */
async function portalCall(stack: Stack, p: Participant, method: string, url: string, body: unknown, status: number, what: string) {
  const t0 = performance.now();
  const res = await stack.api(null, method, url, body, { "x-svc-portal-token": p.token });
  const json = (await expectStatus(res, status, `${what} of workflow ${p.id}`)) as Record<string, unknown>;
  const elapsed = performance.now() - t0;
  p.token = res.headers.get("x-svc-portal-token") ?? p.token;
  return { json, ms: elapsed };
}

const patchStep = (stack: Stack, p: Participant, step: number, data: Record<string, unknown>) =>
  portalCall(stack, p, "PATCH", `/api/workflow/${p.id}/step/${step}`, { data, version: p.version }, 200, `PATCH step ${step}`).then((r) => {
    p.version = r.json.version as number;
    return r;
  });
const advance = (stack: Stack, p: Participant) =>
  portalCall(stack, p, "POST", `/api/workflow/${p.id}/advance`, undefined, 200, "advance").then((r) => {
    p.version = r.json.version as number;
    if (r.json.state === "pending-approval") mailsDue++;
    return r;
  });
const status = (stack: Stack, p: Participant) => portalCall(stack, p, "GET", `/api/workflow/${p.id}/status`, undefined, 200, "status");

let created = 0;
/** New workflows of the bench schema, each with its own participant token (from the create answer's portal address). */
async function createWorkflows(stack: Stack, n: number, opts: { initialData?: boolean } = {}): Promise<Participant[]> {
  const limit = pLimit(8);
  return Promise.all(
    Array.from({ length: n }, () =>
      limit(async () => {
        const index = created++;
        const body = {
          templatePath: TEMPLATE,
          correlationId: `bench-wf-${process.pid}-${index}`,
          options: { documentId: `CAPEX-2026-${String(index).padStart(5, "0")}` },
          templateSettings: {
            workflow: { recipients: [{ email: `participant${index}@northwind.example`, displayName: `Participant ${index}` }] },
          },
          ...(opts.initialData ? { initialData: Object.assign({}, ...capexRequest(index)) } : {}),
        };
        const json = (await expectStatus(await stack.api("submitter", "POST", "/api/workflow", body), 201, "create")) as {
          workflowId: string;
          portalUrl: string;
        };
        mailsDue++;
        return { id: json.workflowId, token: new URL(json.portalUrl).searchParams.get("pt")!, version: 1, index };
      }),
    ),
  );
}

/** Until every mail queued so far has reached the SMTP server, so that a measurement does not start on top of a mail backlog of the set-up. */
async function mailSettled(stack: Stack) {
  await stack.smtp.waitFor((m) => m.length >= mailsDue, 120_000);
}

// ---- what one request costs

/**
 * The server's CPU (all its threads, from /proc) per request, one request at a time: what explains
 * the latencies under load, since every request runs on the one event loop of the server process.
 * The idle rate (runner and mail loops) is given so that it can be told apart.
 */
async function costPerRequest(stack: Stack): Promise<string> {
  const pid = stack.serverPid()!;
  const [p] = await createWorkflows(stack, 1);
  const finals = await atLastStep(stack, 60);
  await mailSettled(stack);
  const saves = autosaves(capexRequest(p.index)[0], 7);
  const perRequest = async (n: number, call: (k: number) => Promise<unknown>) => {
    const c0 = cpuMs(pid);
    for (let k = 0; k < n; k++) await call(k);
    return (cpuMs(pid) - c0) / n;
  };
  const c0 = cpuMs(pid);
  await sleep(2000);
  const idle = (cpuMs(pid) - c0) / 2;
  const health = await perRequest(300, async () => expectStatus(await stack.api(null, "GET", "/api/health"), 200, "health"));
  const st = await perRequest(300, () => status(stack, p));
  const patch = await perRequest(300, (k) => patchStep(stack, p, 0, saves[k % saves.length]));
  const final = await perRequest(finals.length, (k) => advance(stack, finals[k]));
  return (
    `server CPU per request, one at a time (all threads): GET /api/health ${health.toFixed(1)} ms, GET status (portal) ${st.toFixed(1)} ms, ` +
    `step PATCH ${patch.toFixed(1)} ms, final advance ${final.toFixed(1)} ms (its approval mail included); idle ${idle.toFixed(0)} ms per second`
  );
}

// ---- phase 1: participants typing with autosave

/**
 * 50 participants at once, each on its own workflow: every step is filled in with the autosaves a
 * person typing would send (1–3 fields each, long values half-typed first, with the version last
 * seen), then advanced; the last advance runs every field rule and the 50 cross-field rules. Between
 * two calls a participant pauses 0.4–1.2 s (the portal saves 800 ms after the last keystroke, so
 * real participants are slower than this), and in one pause of four, at a random moment, reads status
 * with the same token: the reference, sampled under the same load at the same moments (in every
 * pause it would add two thirds to the load it measures).
 */
async function pacedRound(
  stack: Stack,
  round: number,
  out: { patch: number[]; next: number[]; final: number[]; ref: number[]; submitted: Participant[] },
) {
  const participants = await createWorkflows(stack, PARTICIPANTS);
  await mailSettled(stack);
  await Promise.all(
    participants.map(async (p) => {
      const rnd = prng(1000 * round + p.index + 1);
      const pause = async () => {
        const total = 400 + rnd() * 800;
        if (rnd() >= 0.25) return sleep(total);
        const at = rnd() * total;
        await sleep(at);
        const probe = await status(stack, p);
        out.ref.push(probe.ms);
        await sleep(Math.max(0, total - at - probe.ms));
      };
      await sleep(rnd() * 1000); // participants do not start in step
      const steps = capexRequest(p.index);
      for (let s = 0; s < steps.length; s++) {
        for (const data of autosaves(steps[s], p.index * 4 + s + 1)) {
          await pause();
          out.patch.push((await patchStep(stack, p, s, data)).ms);
        }
        await pause();
        const r = await advance(stack, p);
        if (s < steps.length - 1) out.next.push(r.ms);
        else {
          if (r.json.state !== "pending-approval") {
            const failed = (r.json.validationResults as Array<{ passed: boolean; severity: string }>).filter(
              (x) => !x.passed && x.severity === "error",
            );
            throw new Error(
              `final advance of participant ${p.index} (${p.id}) gave ${r.json.state}: ${JSON.stringify(failed).slice(0, 1000)}`,
            );
          }
          out.final.push(r.ms);
          out.submitted.push(p);
        }
      }
    }),
  );
}

// ---- phase 2: bursts of 50 at once

async function burst<T>(items: T[], call: (item: T) => Promise<{ ms: number }>): Promise<number[]> {
  return (await Promise.all(items.map(call))).map((r) => r.ms);
}

/**
 * The worst moment: all 50 participants' requests sent at the same instant. A reference burst (GET
 * status of the same 50 workflows with their tokens) before or after each, alternating, so that drift
 * in the machine's load hits both alike.
 */
async function patchBursts(stack: Stack) {
  const participants = await createWorkflows(stack, PARTICIPANTS);
  await mailSettled(stack);
  const saves = participants.map((p) => autosaves(capexRequest(p.index)[0], p.index * 4 + 1));
  const patch: number[] = [];
  const ref: number[] = [];
  for (let r = 0; r < PATCH_BURSTS; r++) {
    const measure = async () =>
      patch.push(
        ...(await burst(
          participants.map((p, i) => ({ p, data: saves[i][r % saves[i].length] })),
          ({ p, data }) => patchStep(stack, p, 0, data),
        )),
      );
    const reference = async () => ref.push(...(await burst(participants, (p) => status(stack, p))));
    if (r % 2) await measure().then(reference);
    else await reference().then(measure);
    await sleep(200);
  }
  return { patch, ref };
}

/** Workflows at the last step with every answer given (created with initialData, then advanced), ready for the final advance. */
async function atLastStep(stack: Stack, n: number): Promise<Participant[]> {
  const participants = await createWorkflows(stack, n, { initialData: true });
  const limit = pLimit(8);
  await Promise.all(
    participants.map((p) =>
      limit(async () => {
        for (let s = 0; s < 3; s++) await advance(stack, p);
      }),
    ),
  );
  return participants;
}

async function advanceBursts(stack: Stack) {
  const final: number[] = [];
  const ref: number[] = [];
  const submitted: Participant[] = [];
  for (let r = 0; r < ADVANCE_BURSTS; r++) {
    const participants = await atLastStep(stack, PARTICIPANTS);
    await mailSettled(stack);
    const measure = async () => {
      const answers = await Promise.all(participants.map((p) => advance(stack, p)));
      for (const a of answers) if (a.json.state !== "pending-approval") throw new Error(`final advance gave ${a.json.state}`);
      final.push(...answers.map((a) => a.ms));
    };
    const reference = async () => ref.push(...(await burst(participants, (p) => status(stack, p))));
    if (r % 2) await measure().then(reference);
    else await reference().then(measure);
    submitted.push(...participants);
  }
  return { final, ref, submitted };
}

// ---- phase 3: sealing

type Db = PostgresJsDatabase<typeof schema>;

/** The input the seal job laid out for this workflow: the row as sealed, and the events before `workflow.sealed` (the job read them before it wrote that one). */
async function sealedInputOf(db: Db, workflowId: string): Promise<SealedWorkflowInput> {
  const [wf] = await db.select().from(schema.workflows).where(eq(schema.workflows.id, workflowId));
  const events = await db
    .select()
    .from(schema.workflowEvents)
    .where(and(eq(schema.workflowEvents.workflowId, workflowId)))
    .orderBy(asc(schema.workflowEvents.id));
  const sealedAt = events.findIndex((e) => e.kind === "workflow.sealed");
  if (!wf?.sealedAt || sealedAt < 0) throw new Error(`workflow ${workflowId} is not sealed`);
  const before = events.slice(0, sealedAt).map((e) => ({ at: e.at.toISOString(), kind: e.kind, actor: e.actor, detail: e.detail ?? {} }));
  return sealInput(wf, before, wf.sealedAt);
}

/** The sealed PDF as served, checked against the SHA-256 that status published. */
async function checkSealedPdf(stack: Stack, id: string, sha256: string) {
  const res = await stack.api("submitter", "GET", `/api/workflow/${id}/sealed`);
  if (res.status !== 200) throw new Error(`sealed PDF of ${id}: ${res.status}`);
  const pdf = Buffer.from(await res.arrayBuffer());
  const actual = createHash("sha256").update(pdf).digest("hex");
  if (actual !== sha256 || res.headers.get("x-content-sha256") !== sha256)
    throw new Error(`sealed PDF of ${id}: SHA-256 ${actual}, status says ${sha256}`);
  return pdf.byteLength;
}

/** Approve (the last stage), then status every 10 ms until complete with the sealed PDF's SHA-256: the time from the approve call to that answer. */
async function approveAndWait(stack: Stack, id: string): Promise<{ ms: number; sha256: string }> {
  const t0 = performance.now();
  const decided = (await expectStatus(await stack.api("approver", "POST", `/api/workflow/${id}/approve`, {}), 200, `approve ${id}`)) as {
    state: string;
  };
  if (decided.state !== "sealing") throw new Error(`approve of ${id} gave ${decided.state}`);
  for (;;) {
    const s = (await (await stack.api("submitter", "GET", `/api/workflow/${id}/status`)).json()) as {
      state: string;
      sealedSha256: string | null;
    };
    if (s.state === "complete" && s.sealedSha256) return { ms: performance.now() - t0, sha256: s.sealedSha256 };
    if (s.state !== "sealing") throw new Error(`workflow ${id} went to ${s.state} while sealing`);
    if (performance.now() - t0 > 120_000) throw new Error(`workflow ${id} not sealed after 120 s`);
    await sleep(10);
  }
}

async function sealing(stack: Stack, pending: Participant[]) {
  const db = drizzle(postgres(stack.env.DATABASE_URL!, { max: 2, onnotice: () => {} }), { schema });
  const pool = new Piscina({ filename: path.resolve("lib/pdf/render-worker.mjs"), minThreads: threads, maxThreads: threads });
  const renderAlone = async (input: SealedWorkflowInput) => {
    const t0 = performance.now();
    await pool.run(input, { name: "renderSealedWorkflow" });
    return performance.now() - t0;
  };
  const queue = [...pending];
  const take = (n: number) => queue.splice(0, n);
  try {
    // JIT warm-up of both sides (the server's render threads and this process's), not counted.
    for (const p of take(3)) {
      await approveAndWait(stack, p.id);
      const input = await sealedInputOf(db, p.id);
      for (let k = 0; k < threads; k++) await renderAlone(input);
    }
    // One at a time: what a person approving one workflow waits for, beside the layout of the same record alone.
    const seal: number[] = [];
    const render: number[] = [];
    let bytes = 0;
    for (const p of take(SEALS)) {
      const done = await approveAndWait(stack, p.id);
      seal.push(done.ms);
      bytes += await checkSealedPdf(stack, p.id, done.sha256);
      render.push(await renderAlone(await sealedInputOf(db, p.id)));
    }
    // Twenty approved at once (an approver clearing a queue): per workflow, from its approval to the
    // seal's commit, read from the activity log (the approve and seal transactions' start times), so
    // that polling twenty statuses does not load the server; the reference lays the same twenty
    // records out at once in as many threads as the server has.
    const batch = take(SEALS);
    await Promise.all(
      batch.map(async (p) => expectStatus(await stack.api("approver", "POST", `/api/workflow/${p.id}/approve`, {}), 200, "approve")),
    );
    const together: number[] = [];
    // One cheap list call per 100 ms (a count and one row) until nothing is sealing any more.
    await eventually(
      async () => (await (await stack.api("submitter", "GET", "/api/workflow?state=sealing&limit=1")).json()).total === 0,
      300_000,
      "twenty seals",
    );
    for (const p of batch) {
      const s = (await (await stack.api("submitter", "GET", `/api/workflow/${p.id}/status`)).json()) as {
        state: string;
        sealedSha256: string | null;
      };
      if (s.state !== "complete" || !s.sealedSha256) throw new Error(`workflow ${p.id} ended ${s.state} without a seal`);
    }
    for (const p of batch) {
      const events = await db.select().from(schema.workflowEvents).where(eq(schema.workflowEvents.workflowId, p.id));
      const approved = events.find((e) => e.kind === "workflow.approved")!;
      const sealed = events.find((e) => e.kind === "workflow.sealed")!;
      together.push(sealed.at.getTime() - approved.at.getTime());
    }
    const inputs = await Promise.all(batch.map((p) => sealedInputOf(db, p.id)));
    const t0 = performance.now();
    const renderTogether = await Promise.all(
      inputs.map(async (input) => (await pool.run(input, { name: "renderSealedWorkflow" }), performance.now() - t0)),
    );
    return { seal, render, together, renderTogether, avgBytes: bytes / SEALS };
  } finally {
    await pool.destroy();
    await (db.$client as postgres.Sql).end({ timeout: 5 });
  }
}

// ---- the section

/** Pushes its figures to `lines` as they come, so that a run that fails still shows what it measured. */
export async function workflowBench(lines: string[]): Promise<void> {
  // The service's own defaults for the job runner (the test stack polls every 50 ms).
  const stack = await startStack({ db: "postgres", env: { JOB_POLL_MS: "250", JOB_LEASE_MS: "60000" } });
  const phase = (what: string) => console.error(`[bench workflow] ${new Date().toISOString()} ${what}`);
  try {
    fs.cpSync(path.resolve("bench/workflow"), path.join(stack.templatesDir, "bench-workflow"), { recursive: true });
    lines.push(
      `workflow bench: ${os.availableParallelism()} cores, ${threads} render threads; ${PARTICIPANTS} participants, each on its own workflow (4 steps, 50 cross-field rules) with its own portal token`,
    );
    // Warm-up (JIT, connection pools) on a round that is not counted.
    const warm = await createWorkflows(stack, 10);
    await Promise.all(
      warm.map(async (p) => {
        for (const data of autosaves(capexRequest(p.index)[0], 1)) await patchStep(stack, p, 0, data);
        await status(stack, p);
      }),
    );

    phase("cost per request");
    lines.push(await costPerRequest(stack));

    const paced = {
      patch: [] as number[],
      next: [] as number[],
      final: [] as number[],
      ref: [] as number[],
      submitted: [] as Participant[],
    };
    for (let r = 0; r < PACED_ROUNDS; r++) {
      phase(`paced round ${r + 1} of ${PACED_ROUNDS}`);
      await pacedRound(stack, r, paced);
    }
    lines.push(
      line(
        `step PATCH, ${PARTICIPANTS} participants typing (autosave)`,
        paced.patch,
        "reference GET status, same participants and moments",
        paced.ref,
        { p99: 50 },
      ),
      line(`final advance (every field rule + 50 cross-field rules), same run`, paced.final, "reference GET status", paced.ref, {
        p99: 100,
      }),
      line(`advance to the next step, same run`, paced.next, "reference GET status", paced.ref),
    );

    phase("PATCH bursts");
    const pb = await patchBursts(stack);
    // No target: 50 requests arriving in one instant queue on one event loop whatever they do (the
    // status burst beside it shows that queue); what this measures is what a PATCH adds to it.
    lines.push(
      line(
        `step PATCH, ${PARTICIPANTS} sent at the same instant (stress, no target)`,
        pb.patch,
        `reference GET status, ${PARTICIPANTS} at the same instant`,
        pb.ref,
      ),
    );
    phase("advance bursts");
    const ab = await advanceBursts(stack);
    lines.push(
      line(
        `final advance with 50 rules, ${PARTICIPANTS} at the same instant (stress, no target)`,
        ab.final,
        `reference GET status, ${PARTICIPANTS} at the same instant`,
        ab.ref,
      ),
    );

    await mailSettled(stack);
    phase("sealing");
    // The typed ones: their audit trail (every autosave) is what a real sealed record lays out.
    const s = await sealing(stack, paced.submitted);
    lines.push(
      line(
        `sealing, approve → complete with SHA-256 in status, one at a time`,
        s.seal,
        "react-pdf layout of the same sealed record alone",
        s.render,
        { p99: 1000 },
      ) + ` (sealed PDF ${Math.round(s.avgBytes / 1024)} KiB on average)`,
      line(
        `sealing, ${SEALS} approved at once (approve → seal commit, from the activity log)`,
        s.together,
        `the same ${SEALS} records laid out at once in ${threads} threads alone`,
        s.renderTogether,
      ) +
        `; sealing time per workflow (the last seal's time ÷ ${SEALS}) ${ms(Math.max(...s.together) / SEALS)} ms vs layout alone ${ms(Math.max(...s.renderTogether) / SEALS)} ms` +
        `, target ≤ 1000 ms: ${Math.max(...s.together) / SEALS <= 1000 ? "met" : "NOT met"}`,
    );
  } finally {
    await stack.stop();
  }
}
