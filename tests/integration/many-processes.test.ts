import { createHash } from "node:crypto";
import { afterAll, beforeAll, expect, it, onTestFailed } from "vitest";
import { tenantFolder } from "@/lib/blob/keys";
import { detail, expectMailedOnceEach, records } from "../support/batch-run";
import { expectProblem } from "../support/problem";
import { STACK_PREFIX } from "../support/s3";
import { dbKind, startStack, type Stack, type StackWorker, type UserName } from "../support/stack";
import { uniqueCorrelationId } from "../support/workflow";

// Scaled out as issue 30 describes it: two API processes (`next start`, EMBEDDED_RUNNER=off) and two
// workers (`npm run worker`) on one PostgreSQL and one S3 store. A batch and workflows go through
// alternating API processes; one worker is SIGKILLed mid-batch and one API process while autosaves go
// to it. PostgreSQL only (PGlite is one process per data directory).
const postgres = dbKind() === "postgres";

// Enough that the worker is killed mid-batch (at a tenth) with chunks still queued for both workers; more
// only loads the host for the file that runs beside this one.
const RECORDS = 800;
const WORKFLOWS = 20;
/** Autosaves per workflow, alternating between the API processes. */
const SAVES = 6;
const TAG = "procs";

type Api = Stack["api"];

let stack: Stack;
/** The second API process. */
let b: Awaited<ReturnType<Stack["extraServer"]>>;

beforeAll(async () => {
  if (!postgres) return;
  stack = await startStack({ blob: "s3", env: { EMBEDDED_RUNNER: "off" } });
});
afterAll(async () => {
  await stack?.stop();
});

/** A portal call with the participant's token in the header, through the given API process. */
const portal = (api: Api, method: string, path: string, token: string, body?: unknown) =>
  api(null, method, path, body, { "x-svc-portal-token": token });

/** Polls `read` every `everyMs` until `done` holds for its value (fewer requests than eventually's 100 ms, on a busy machine). */
async function poll<T>(read: () => Promise<T>, done: (v: T) => boolean, everyMs: number, timeoutMs: number, what: string): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const v = await read();
    if (done(v)) return v;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}; last: ${JSON.stringify(v)}`);
    await new Promise((r) => setTimeout(r, everyMs));
  }
}

/** A call that reached a process that then died (or was not listening): fetch rejects. */
const unreachable = (err: unknown) => err instanceof TypeError && /fetch failed/.test(err.message);

interface Wf {
  id: string;
  token: string;
  version: number;
  /** Step 0 as the participant last saw it saved. */
  saved: Record<string, unknown>;
}

it.runIf(postgres)(
  "two API processes and two workers: a batch and workflows survive a SIGKILLed worker and API process; rate limits and stale versions hold across processes",
  async () => {
    const t0 = Date.now();
    const workers: StackWorker[] = [];
    const phases: Record<string, number> = {};
    const mark = (name: string) => (phases[name] = Math.round((Date.now() - t0) / 100) / 10);
    onTestFailed(() =>
      console.log(
        `[many-processes] failed; phases (s from start): ${JSON.stringify(phases)}\n${workers.map((w) => w.log().slice(-2000)).join("\n---\n")}`,
      ),
    );
    const a = stack.api;

    // The batch through A, which runs no jobs (EMBEDDED_RUNNER=off): it stays queued until the workers
    // start, together with the second API process.
    const submitted = await a("submitter", "POST", "/api/render", {
      templatePath: "letter.md",
      dataSource: records(RECORDS, TAG),
      features: { svcDispatch: true },
      templateSettings: { distribution: { requireApproval: false } },
    });
    expect(submitted.status).toBe(202);
    const batchId = submitted.headers.get("x-svc-batchid")!;
    await new Promise((r) => setTimeout(r, 1_500));
    expect(await detail(stack, batchId)).toMatchObject({ state: "queued", processedCount: 0 });
    mark("batch submitted, still queued");

    // Two workers; the first is SIGKILLed once the batch is between 10 % and 80 % done.
    workers.push(stack.startWorker(), stack.startWorker());
    b = await stack.extraServer();
    const apis = [a, b.api];
    mark("api b started");

    // The workflows, created through alternating processes (the OTP one apart: it is not sealed).
    const create = async (i: number, workflow: Record<string, unknown> = {}) => {
      const res = await apis[i % 2]("submitter", "POST", "/api/workflow", {
        templatePath: "workflow/stepped.md",
        correlationId: uniqueCorrelationId(`procs-${i}`),
        templateSettings: { workflow: { recipients: [{ email: `procs-wf${i}@example.test` }], ...workflow } },
      });
      expect(res.status).toBe(201);
      const body = await res.json();
      return { id: body.workflowId as string, token: new URL(body.portalUrl).searchParams.get("pt")!, version: 1, saved: {} } satisfies Wf;
    };
    const [wfs, otpWf] = await Promise.all([
      Promise.all(Array.from({ length: WORKFLOWS }, (_, i) => create(i))),
      create(1, { requireOtp: true }),
    ]);
    mark("workflows created");
    const samples: string[] = [];
    const sampler = setInterval(
      () =>
        void detail(stack, batchId).then(
          (d) => samples.push(`${Math.round((Date.now() - t0) / 1000)}:${d.processedCount}`),
          () => undefined,
        ),
      3000,
    );
    onTestFailed(() => {
      clearInterval(sampler);
      console.log(`[many-processes] progress ${samples.join(" ")}`);
    });
    const workerKill = (async () => {
      const before = await poll(
        () => detail(stack, batchId),
        (d) => d.processedCount >= RECORDS / 10,
        250,
        120_000,
        "the batch to get going",
      );
      await workers[0].stop("SIGKILL");
      const at = (await detail(stack, batchId)).processedCount;
      mark("worker 1 SIGKILLed");
      return { before: before.processedCount, at };
    })();

    // Autosaves through alternating processes; B is SIGKILLed after a third of them answered and
    // started again. A save whose process died before answering goes to the other process with the
    // same version: saved already (its answer was lost) it is a stale version there, and the data shows it.
    let answered = 0;
    let bKilled: Promise<void> | null = null;
    let lostAnswers = 0;
    let savedUnanswered = 0;
    const save = async (w: Wf, k: number, values: Record<string, unknown>) => {
      for (const [attempt, api] of [apis[k % 2], apis[(k + 1) % 2], apis[k % 2]].entries()) {
        let res: Response;
        try {
          res = await portal(api, "PATCH", `/api/workflow/${w.id}/step/0`, w.token, { data: values, version: w.version });
        } catch (err) {
          if (!unreachable(err)) throw err;
          lostAnswers++;
          continue;
        }
        if (res.status === 409 && attempt > 0) {
          const p = await expectProblem(res, 409, "workflow.stale_version");
          const boot = await (await portal(api, "GET", `/api/workflow/${w.id}`, w.token)).json();
          expect([p.currentVersion, boot.steps[0].data]).toEqual([w.version + 1, { ...w.saved, ...values }]);
          savedUnanswered++;
        } else expect(res.status).toBe(200);
        w.version++;
        w.saved = { ...w.saved, ...values };
        if (++answered === Math.round((WORKFLOWS * SAVES) / 3)) {
          bKilled = (async () => {
            await b.stop("SIGKILL");
            mark("api b SIGKILLed");
            await b.start();
            mark("api b restarted");
          })();
        }
        return;
      }
      throw new Error(`save ${k} of ${w.id} reached no API process`);
    };
    await Promise.all(
      wfs.map(async (w, i) => {
        await save(w, i, { company: `Company ${i}`, vatNumber: `DE${String(100_000_000 + i)}` });
        for (let k = 1; k < SAVES; k++) {
          await new Promise((r) => setTimeout(r, 50)); // an autosave's debounce
          await save(w, i + k, { annualVolume: 100 * k + i });
        }
      }),
    );
    mark("autosaves done");
    expect(bKilled).not.toBeNull();
    await bKilled;

    // Every answered save is there, through either process; the versions count every save once.
    for (const [i, w] of wfs.entries()) {
      const boot = await (await portal(apis[i % 2], "GET", `/api/workflow/${w.id}`, w.token)).json();
      expect([boot.workflow.version, boot.steps[0].data]).toEqual([
        1 + SAVES,
        { company: `Company ${i}`, vatNumber: `DE${String(100_000_000 + i)}`, annualVolume: 100 * (SAVES - 1) + i },
      ]);
    }

    // Conflict-safe autosave across processes: version N through A, then the stale N through B.
    const c = wfs[0];
    const first = await portal(a, "PATCH", `/api/workflow/${c.id}/step/0`, c.token, {
      data: { company: "Saved through A" },
      version: c.version,
    });
    expect(first.status).toBe(200);
    expect((await first.json()).version).toBe(c.version + 1);
    const stale = await expectProblem(
      await portal(b.api, "PATCH", `/api/workflow/${c.id}/step/0`, c.token, { data: { company: "Stale tab on B" }, version: c.version }),
      409,
      "workflow.stale_version",
    );
    expect(stale.currentVersion).toBe(c.version + 1);
    c.version++;
    const afterConflict = await (await portal(b.api, "GET", `/api/workflow/${c.id}`, c.token)).json();
    expect([afterConflict.workflow.version, afterConflict.steps[0].data.company]).toEqual([c.version, "Saved through A"]);

    // Rate limits hold across processes: the second send through the other process is refused.
    const otp1 = await portal(a, "POST", `/api/workflow/${otpWf.id}/otp/send`, otpWf.token);
    expect(otp1.status).toBe(200);
    const otp2 = await portal(b.api, "POST", `/api/workflow/${otpWf.id}/otp/send`, otpWf.token);
    expect(Number(otp2.headers.get("retry-after"))).toBeGreaterThan(50);
    await expectProblem(otp2, 429, "otp.rate_limited");
    const r = wfs[1];
    expect((await portal(b.api, "POST", `/api/workflow/${r.id}/resend-invite`, r.token)).status).toBe(200);
    const resend2 = await portal(a, "POST", `/api/workflow/${r.id}/resend-invite`, r.token);
    expect(Number(resend2.headers.get("retry-after"))).toBeGreaterThan(50);
    await expectProblem(resend2, 429, "workflow.resend_rate_limited");
    mark("conflict and rate limits checked");

    // Each workflow submitted and approved through alternating processes: the seal jobs go to the workers.
    await Promise.all(
      wfs.map(async (w, i) => {
        const on = (k: number) => apis[(i + k) % 2];
        expect((await portal(on(0), "POST", `/api/workflow/${w.id}/advance`, w.token)).status).toBe(200);
        expect(
          (await portal(on(1), "PATCH", `/api/workflow/${w.id}/step/1`, w.token, { data: { contactEmail: `c${i}@example.test` } })).status,
        ).toBe(200);
        const adv = await portal(on(0), "POST", `/api/workflow/${w.id}/advance`, w.token);
        expect(await adv.json()).toMatchObject({ state: "pending-approval" });
        const approved = await on(1)("approver" satisfies UserName, "POST", `/api/workflow/${w.id}/approve`, {});
        expect(approved.status).toBe(200);
      }),
    );
    mark("workflows approved");

    // The batch: finished by the surviving worker, every record rendered and stored once.
    const kill = await workerKill;
    expect(kill.at).toBeGreaterThanOrEqual(RECORDS / 10);
    expect(kill.at).toBeLessThanOrEqual((RECORDS * 8) / 10);
    const done = await poll(
      () => detail(stack, batchId),
      (d) => ["completed", "partially-failed"].includes(d.state),
      500,
      180_000,
      "the batch to finish",
    );
    expect(done).toMatchObject({ state: "completed", processedCount: RECORDS, errorCount: 0 });
    mark("batch completed");
    clearInterval(sampler);
    const docs = await (await a("submitter", "GET", `/api/dispatch/batch/${batchId}/documents`)).json();
    expect(docs.documents).toHaveLength(RECORDS);
    expect(docs.documents.filter((d: { status: string }) => d.status !== "rendered")).toEqual([]);
    const s3 = stack.s3!;
    const acme = `${STACK_PREFIX}/${tenantFolder("acme")}`;
    expect(await s3.keys(`${acme}/batches/${batchId}/`)).toEqual(
      Array.from({ length: RECORDS }, (_, i) => `${acme}/batches/${batchId}/records/${i}.pdf`).sort(),
    );

    // Every workflow sealed once: complete, its sealed PDF served by both processes, one seal event, one object.
    const complete = async () => (await (await a("submitter", "GET", "/api/workflow?state=complete&limit=200")).json()).total;
    expect(await poll(complete, (n) => n >= WORKFLOWS, 500, 60_000, "the workflows to be sealed")).toBe(WORKFLOWS);
    await Promise.all(
      wfs.map(async (w, i) => {
        const st = await (await apis[i % 2]("submitter", "GET", `/api/workflow/${w.id}/status`)).json();
        expect(st.state).toBe("complete");
        const pdf = await apis[(i + 1) % 2]("submitter", "GET", `/api/workflow/${w.id}/sealed`);
        expect(pdf.status).toBe(200);
        const bytes = Buffer.from(await pdf.arrayBuffer());
        expect(bytes.subarray(0, 5).toString()).toBe("%PDF-");
        expect(createHash("sha256").update(bytes).digest("hex")).toBe(st.sealedSha256);
        const activity = await (await apis[i % 2]("submitter", "GET", `/api/workflow/${w.id}/activity`)).json();
        expect(activity.events.filter((e: { kind: string }) => e.kind === "workflow.sealed")).toHaveLength(1);
      }),
    );
    const sealedKeys = (await s3.keys(`${acme}/workflows/`)).filter((k) => k.endsWith("/sealed.pdf"));
    expect(sealedKeys).toEqual(wfs.map((w) => `${acme}/workflows/${w.id}/sealed.pdf`).sort());
    mark("workflows sealed");

    // One delivery per recipient. SMTP has no way to make a send idempotent: a message the killed
    // worker's server connection had taken but the worker had not yet recorded goes out again, under
    // its own Message-ID (receivers can tell; batch-crash counts the same way). Each message is
    // recorded as soon as it is taken (lib/mail/deliver.ts), so that is at most what its five pooled
    // connections took while the last write ran.
    const delivered = await expectMailedOnceEach(stack, TAG, RECORDS, 60_000, { byMessageId: true });
    console.log(`[many-processes] ${delivered - RECORDS} delivery mails sent twice after the worker's SIGKILL`);
    expect(delivered - RECORDS).toBeLessThanOrEqual(10);
    mark("mail checked");

    // The surviving worker stops on SIGTERM after its running jobs, with exit code 0.
    await workers[1].stop("SIGTERM");
    expect(workers[1].proc.exitCode).toBe(0);

    console.log(
      `[many-processes] ${RECORDS} records, ${WORKFLOWS} workflows; worker 1 killed at ${kill.at}/${RECORDS} (seen ${kill.before}); ` +
        `${lostAnswers} autosaves unanswered by the killed API process (${savedUnanswered} of them saved) and sent to the other; ${delivered} delivery messages for ${RECORDS} recipients; phases (s from start): ${JSON.stringify(phases)}; processed (s:count): ${samples.join(" ")}`,
    );
  },
  240_000,
);
