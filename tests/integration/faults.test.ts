import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { chunksOf } from "@/lib/batch/process/render-chunk";
import { startPgCluster } from "../support/pg-cluster";
import { expectProblem } from "../support/problem";
import { startSilentServer } from "../support/smtp";
import { deliveries, detail, expectMailedOnceEach, records, submit } from "../support/batch-run";
import { sendStackEvent } from "../support/stack-db";
import { freePort } from "../support/free-port";
import { dbKind, eventually, startStack, type Stack } from "../support/stack";
import { tenantFolder } from "@/lib/blob/keys";

/** Short enough for a test to see a stall, long enough that a busy moment is not one. */
const STALL_MS = 3_000;
const faultEnv = { HEALTH_STALL_MS: String(STALL_MS), SMTP_TIMEOUT_MS: "1000" };

async function health(stack: Stack) {
  const res = await fetch(`${stack.baseUrl}/api/health`);
  return { status: res.status, body: await res.json() };
}

/** A PostgreSQL cluster of the describe block's own, which its tests may stop and restart, and a stack on it. */
function ownPostgres() {
  const own = {} as { stack: Stack; cluster: Awaited<ReturnType<typeof startPgCluster>> };
  beforeAll(async () => {
    own.cluster = await startPgCluster(await freePort());
    own.stack = await startStack({ env: faultEnv, pgAdminUrl: own.cluster.adminUrl });
  });
  afterAll(async () => {
    await own.stack?.stop();
    await own.cluster?.stop();
  });
  return own;
}

/**
 * One stack for the SMTP server's failures: its server refuses recipients named `refused-…` for good
 * (550) and takes the rest. On PGlite only the outages run (the mail pump's wake-ups go through the
 * embedded database's LISTEN); a refusal is the same on both.
 */
describe("SMTP server failures", () => {
  let stack: Stack;
  beforeAll(async () => {
    const refuse = (to: string) => (to.startsWith("refused-") ? { code: 550, message: "5.1.1 No such mailbox here" } : null);
    stack = await startStack({ env: faultEnv, smtp: { refuse } });
  });
  afterAll(async () => stack?.stop());

  describe.skipIf(dbKind() === "pglite")("an SMTP server that refuses some recipients for good", refusals);
  describe("SMTP server outages during a batch", outages);

  function outages() {
    it("sends every mail exactly once after the SMTP server stops mid-batch and comes back on the same port", async () => {
      const id = await submit(stack, 50, "outage");
      await stack.smtp.waitFor((m) => deliveries(m, "outage").length >= 3, 60_000);
      await stack.smtp.stop(); // open sessions get 421, then connections are refused

      // Health names the stalled part and since when, so an orchestrator can act on it.
      const stalled = await eventually(
        async () => {
          const h = await health(stack);
          return h.status === 503 && h.body.background?.mail?.status === "stalled" && h.body;
        },
        30_000,
        "health to report the mail pump stalled",
      );
      expect(stalled.background.mail.since).toMatch(/^\d{4}-\d{2}-\d{2}T/);
      expect(stalled.background.mail.detail).toContain("SMTP server unreachable");
      expect(stalled.background.runner.status).toBe("ok");

      // Rendering goes on without mail.
      await eventually(async () => (await detail(stack, id)).state === "completed", 120_000, "the batch to complete");
      await stack.smtp.start();
      await expectMailedOnceEach(stack, "outage", 50, 60_000);
      await eventually(async () => (await health(stack)).status === 200, 30_000, "health to recover");
    });

    it("is not held by an SMTP server that accepts connections and never greets", async () => {
      await stack.smtp.stop();
      const silent = await startSilentServer(stack.smtp.port);
      const id = await submit(stack, 30, "silent");
      await eventually(async () => (await detail(stack, id)).state === "completed", 120_000, "the batch to complete");
      await eventually(async () => silent.connections() > 0, 30_000, "the pump to try the silent server");
      expect(deliveries(stack.smtp.messages, "silent")).toHaveLength(0);
      await silent.close();
      await stack.smtp.start();
      await expectMailedOnceEach(stack, "silent", 30, 60_000);
    });
  }

  function refusals() {
    const sessionMail = async (correlationId: string) =>
      (await (await stack.api("submitter", "GET", `/api/delivery-sessions?correlationId=${correlationId}`)).json()).sessions[0]?.mail as
        { status: string; attempts: number; lastError: string | null } | undefined;

    it("ends a refused delivery mail as failed, shown with its session and tried once, delivers the others, and shows a refused invitation in the workflow's activity", async () => {
      const res = await stack.api("submitter", "POST", "/api/render", {
        templatePath: "letter.md",
        dataSource: [
          { customerId: "C100", name: "Refused", amount: 1, recipientEmail: "refused-0@example.test" },
          { customerId: "C101", name: "Fine", amount: 2, recipientEmail: "fine-1@example.test" },
        ],
        features: { svcDispatch: true },
        templateSettings: { distribution: { requireApproval: false } },
      });
      expect(res.status).toBe(202);
      const id = res.headers.get("x-svc-batchid")!;
      await eventually(async () => (await detail(stack, id)).state === "completed", 120_000, "the batch to complete");
      const docs: Array<{ index: number; correlationId: string }> = (
        await (await stack.api("submitter", "GET", `/api/dispatch/batch/${id}/documents`)).json()
      ).documents;
      const refused = await eventually(
        async () => {
          const mail = await sessionMail(docs[0].correlationId);
          return mail?.status === "failed" && mail;
        },
        30_000,
        "the refused mail to fail",
      );
      expect(refused).toMatchObject({ attempts: 1, lastError: expect.stringMatching(/^550 5\.1\.1 No such mailbox here/) });
      await stack.smtp.waitFor((m) => deliveries(m, "fine").length === 1, 30_000);
      expect(await sessionMail(docs[1].correlationId)).toMatchObject({ status: "sent", lastError: null });

      const created = await stack.api("submitter", "POST", "/api/workflow", {
        templatePath: "workflow/leave-request.md",
        templateSettings: { workflow: { recipients: [{ email: "refused-pat@example.test" }] } },
      });
      expect(created.status).toBe(201);
      const workflowId = (await created.json()).workflowId;
      const event = await eventually(
        async () => {
          const { events } = await (await stack.api("submitter", "GET", `/api/workflow/${workflowId}/activity`)).json();
          return (events as Array<{ kind: string; detail: Record<string, unknown> }>).find((e) => e.kind === "mail.failed");
        },
        30_000,
        "the refused invitation in the activity",
      );
      expect(event.detail).toMatchObject({ recipient: "refused-pat@example.test", reason: expect.stringMatching(/^550 /) });

      // Several rounds of the pump later, neither refused mail was tried again.
      await new Promise((r) => setTimeout(r, 2_000));
      expect(stack.smtp.attempts("refused-0@example.test")).toBe(1);
      expect(stack.smtp.attempts("refused-pat@example.test")).toBe(1);
    });

    it("refuses at intake an address longer than a mail server takes, naming it, so it is never sent", async () => {
      const long = `${"a".repeat(300)}@example.test`;
      const res = await stack.api("submitter", "POST", "/api/render", {
        templatePath: "letter.md",
        dataSource: [{ customerId: "C100", name: "Long", amount: 1, recipientEmail: long }],
        features: { svcDispatch: true },
        templateSettings: { distribution: { requireApproval: false } },
      });
      expect(res.status).toBe(422);
      const d = await detail(stack, res.headers.get("x-svc-batchid")!);
      const messages: string[] = d.validationResults.flatMap((r: { messages: string[] }) => r.messages);
      expect(messages.join(" | ")).toContain("has 300 bytes before the @; at most 64 are allowed (RFC 5321)");
      expect(stack.smtp.attempts(long)).toBe(0);
    });
  }
});

/**
 * Makes one of the test tenant's folders in the blob store a file, so that every write under it fails as a refusing
 * store's would; returns the call that brings the folder (and whatever it held) back.
 */
function breakStoreFolder(stack: Stack, folder: string): () => void {
  const dir = path.join(stack.env.DATA_DIR!, "blobs", tenantFolder("acme"), folder);
  const away = fs.existsSync(dir);
  if (away) fs.renameSync(dir, `${dir}.away`);
  fs.mkdirSync(path.dirname(dir), { recursive: true });
  fs.writeFileSync(dir, "not a folder");
  return () => {
    fs.rmSync(dir);
    if (away) fs.renameSync(`${dir}.away`, dir);
  };
}

// The same on either database: run on PostgreSQL only.
describe.skipIf(dbKind() === "pglite")("blob store outage during a batch", () => {
  let stack: Stack;
  beforeAll(async () => {
    stack = await startStack({ env: { ...faultEnv, BATCH_STALL_MS: String(STALL_MS) } });
  });
  afterAll(async () => stack?.stop());

  it("outlasts every chunk retry and still finishes: every document readable, every recipient mailed once", async () => {
    // The store's folder for batch documents is a file while the batch starts: every write of a PDF
    // fails until every chunk has spent its retries (1 + 2 + 4 + 8 s and the renders), then the store is back.
    const restore = breakStoreFolder(stack, "batches");
    const id = await submit(stack, 100, "blobs");
    // The first batch of its template: chunks of BATCH_CHUNK_RECORDS (50), the last 50 split finer.
    const chunks = chunksOf(
      Array.from({ length: 100 }, (_, i) => i),
      50,
    ).length;
    await eventually(
      async () => (stack.log().match(/\(dispatch-render-chunk\) failed for good/g) ?? []).length === chunks,
      90_000,
      "every chunk to give up",
    );
    expect(stack.log()).toMatch(/dispatch-render-chunk\) attempt \d+\/\d+ failed, retry/);
    expect((await detail(stack, id)).processedCount).toBe(0);
    restore();

    // The sweep (a cron job, every minute) finds the batch stalled with no job queued, and sends its
    // chunks again. Its event is sent here rather than its slot waited for; until the batch has been
    // quiet for BATCH_STALL_MS a run finds nothing, so the event goes again until one resumes it.
    let sweeps = 0;
    await eventually(
      async () => {
        await sendStackEvent(stack, { name: "dispatch/stalled.sweep", data: {}, id: `faults-sweep-${++sweeps}` });
        await new Promise((r) => setTimeout(r, 1_000));
        return stack.log().includes(`batch ${id} had stalled`);
      },
      90_000,
      "the sweep to resume the batch",
    );
    const done = await eventually(
      async () => {
        const d = await detail(stack, id);
        return ["completed", "partially-failed"].includes(d.state) && d;
      },
      180_000,
      "the batch to finish",
    );
    expect(done).toMatchObject({ state: "completed", processedCount: 100, errorCount: 0 });
    expect(stack.log()).toContain(`batch ${id} had stalled: chunks sent again (${chunks} chunks)`);
    const docs = await (await stack.api("submitter", "GET", `/api/dispatch/batch/${id}/documents`)).json();
    expect(docs.documents.filter((d: { status: string }) => d.status === "rendered")).toHaveLength(100);
    for (const index of [0, 50, 99]) {
      const pdf = await stack.api("submitter", "GET", `/api/dispatch/batch/${id}/documents/${index}`);
      expect(pdf.status).toBe(200);
      expect(
        Buffer.from(await pdf.arrayBuffer())
          .subarray(0, 5)
          .toString(),
      ).toBe("%PDF-");
    }
    await expectMailedOnceEach(stack, "blobs", 100, 60_000);
  });

  // After the batch above: that test needs the first batch of its template (its chunk count follows from that).
  it("refuses an intake whose receipt cannot be stored with 503, keeps nothing of it, and takes the same request once the store is back", async () => {
    const restore = breakStoreFolder(stack, "receipts");
    const body = {
      templatePath: "letter.md",
      dataSource: records(20, "receipt-away"),
      features: { svcDispatch: true },
      templateSettings: { distribution: { requireApproval: false } },
      options: { correlationId: "receipt-store-away" },
    };
    const total = async () => (await (await stack.api("submitter", "GET", "/api/dispatch/batch?limit=1")).json()).total;
    const before = await total();
    const refused = await stack.api("submitter", "POST", "/api/render", body);
    await expectProblem(refused, 503, "unavailable");
    expect(refused.headers.get("retry-after")).toBe("5");
    expect(await total()).toBe(before);
    restore();

    // Nothing was kept, so the same request is a first submission (not a replay) and runs to the end.
    const accepted = await stack.api("submitter", "POST", "/api/render", body);
    expect([accepted.status, accepted.headers.get("x-svc-idempotent-replay")]).toEqual([202, "false"]);
    expect(
      Buffer.from(await accepted.arrayBuffer())
        .subarray(0, 5)
        .toString(),
    ).toBe("%PDF-");
    const id = accepted.headers.get("x-svc-batchid")!;
    await eventually(async () => (await detail(stack, id)).state === "completed", 60_000, "the batch to complete");
    await expectMailedOnceEach(stack, "receipt-away", 20, 30_000);
  });

  it("answers 503 with Retry-After for a stored document the store cannot read, to the API and to the recipient's link, and serves it once the store is back", async () => {
    const id = await submit(stack, 3, "read-away");
    await eventually(async () => (await detail(stack, id)).state === "completed", 60_000, "the batch to complete");
    const mail = await stack.smtp.waitFor(
      (ms) => deliveries(ms, "read-away").find((m) => m.to.includes("read-away-1@example.test")),
      30_000,
    );
    const link = mail.text.match(/https?:\/\/\S+\/d\/[A-Za-z0-9_-]+/)![0];
    const restore = breakStoreFolder(stack, "batches");
    for (const refused of [
      await stack.api("submitter", "GET", `/api/dispatch/batch/${id}/documents/1`),
      await fetch(`${link}/file?download=1`),
      await fetch(`${link}/pages/1`),
    ]) {
      await expectProblem(refused, 503, "unavailable");
      expect(refused.headers.get("retry-after")).toBe("5");
    }
    restore();
    for (const served of [
      await stack.api("submitter", "GET", `/api/dispatch/batch/${id}/documents/1`),
      await fetch(`${link}/file?download=1`),
    ]) {
      expect(served.status).toBe(200);
      expect(
        Buffer.from(await served.arrayBuffer())
          .subarray(0, 5)
          .toString(),
      ).toBe("%PDF-");
    }
  });
});

/** The PostgreSQL outages share a cluster of their own, which they stop and restart. */
describe.skipIf(dbKind() === "pglite")("PostgreSQL outages", () => {
  const own = ownPostgres();
  describe("PostgreSQL restart during a batch", restartDuringBatch);
  describe("PostgreSQL stopped and restarted while participants autosave", stoppedWhileAutosaving);

  function restartDuringBatch() {
    it("recovers on its own after pg_ctl restart -m fast: health back, the batch completes, every recipient mailed once", async () => {
      const { stack, cluster } = own;
      const id = await submit(stack, 200, "pgrestart");
      await eventually(async () => (await detail(stack, id)).processedCount >= 20, 120_000, "processing to get going");
      await cluster.restart();
      const restartedAt = Date.now();
      let last: unknown;
      await eventually(
        async () => {
          const h = await health(stack);
          last = h.body;
          return h.status === 200;
        },
        30_000,
        "health to come back",
      ).catch((err: Error) => {
        throw new Error(`${err.message}; last health: ${JSON.stringify(last)}\n${stack.log().slice(-3000)}`);
      });
      console.log(`[faults] health back ${Date.now() - restartedAt} ms after the restart`);
      const done = await eventually(
        async () => {
          const d = await detail(stack, id);
          return ["completed", "partially-failed"].includes(d.state) && d;
        },
        300_000,
        "the batch to finish",
      );
      expect(done).toMatchObject({ state: "completed", processedCount: 200, errorCount: 0 });
      await expectMailedOnceEach(stack, "pgrestart", 200, 120_000);
    });
  }

  /**
   * Participants keep typing while the database goes away (stopped, then restarted mid-save): an
   * autosave that cannot be written is refused with 503 and Retry-After, and afterwards every
   * workflow's activity holds exactly one record per version and its data is its last write's.
   */
  function stoppedWhileAutosaving() {
    interface Typist {
      id: string;
      token: string;
      version: number;
      /** Saves answered 200: the value sent and the version it was written as. */
      acked: Array<{ value: string; version: number }>;
      refused: number;
      /** Saves answered 409 because an earlier, unanswered one had been written after all. */
      stale: number;
    }

    const portal = (t: Typist, method: string, path: string, body?: unknown) =>
      own.stack.api(null, method, path, body, { "x-svc-portal-token": t.token });

    /** The version the server holds, once it answers again (as the portal reloads after a refused save). */
    async function reload(t: Typist) {
      await eventually(
        async () => {
          const res = await portal(t, "GET", `/api/workflow/${t.id}/status`);
          if (res.status !== 200) return false;
          t.version = (await res.json()).version;
          return true;
        },
        60_000,
        "status to answer again",
      );
    }

    async function type(t: Typist, label: string, until: () => boolean) {
      for (let n = 0; !until(); n++) {
        const value = `${label} ${n}`;
        const res = await portal(t, "PATCH", `/api/workflow/${t.id}/step/0`, { data: { fullName: value }, version: t.version });
        t.token = res.headers.get("x-svc-portal-token") ?? t.token;
        if (res.status === 200) {
          t.version = (await res.json()).version;
          t.acked.push({ value, version: t.version });
          await new Promise((r) => setTimeout(r, 20)); // the next keystrokes
        } else if (res.status === 503) {
          await expectProblem(res, 503, "unavailable");
          expect(Number(res.headers.get("retry-after"))).toBeGreaterThan(0);
          t.refused++;
          await new Promise((r) => setTimeout(r, 50));
          await reload(t);
        } else if (res.status === 409) {
          await expectProblem(res, 409, "workflow.stale_version");
          t.stale++;
          await reload(t);
        } else {
          throw new Error(`PATCH answered ${res.status}: ${await res.text()}`);
        }
      }
    }

    it("refuses saves with 503 while it is away, and afterwards every save is written once with its activity record, none lost", async () => {
      const { stack, cluster } = own;
      const typists: Typist[] = [];
      for (let i = 0; i < 4; i++) {
        const res = await stack.api("submitter", "POST", "/api/workflow", {
          templatePath: "workflow/leave-request.md",
          correlationId: `pg-outage-${Date.now()}-${i}`,
          templateSettings: { workflow: { recipients: [{ email: `typist${i}@example.test` }] } },
        });
        expect(res.status).toBe(201);
        const json = await res.json();
        typists.push({
          id: json.workflowId,
          token: new URL(json.portalUrl).searchParams.get("pt")!,
          version: 1,
          acked: [],
          refused: 0,
          stale: 0,
        });
      }
      let done = false;
      let failed: unknown = null;
      const typing = Promise.all(typists.map((t, i) => type(t, `Typist ${i}`, () => done || failed !== null))).catch(
        (err) => (failed = err),
      );
      const until = (what: string, check: () => boolean, timeoutMs = 120_000) =>
        eventually(
          async () => {
            if (failed) throw failed;
            return check();
          },
          timeoutMs,
          what,
        );
      /** Until every typist has had `n` more saves answered 200. */
      const moreSaves = (n: number) => {
        const from = typists.map((t) => t.acked.length);
        return until(`${n} more saves each`, () => typists.every((t, i) => t.acked.length >= from[i] + n));
      };

      await moreSaves(5);
      await cluster.pause();
      await until("saves to be refused while the database is away", () => typists.every((t) => t.refused > 0), 30_000);
      await cluster.resume();
      await moreSaves(5);
      // A restart cuts every session, including those of saves in flight.
      await cluster.restart();
      await moreSaves(10);
      done = true;
      await typing;
      if (failed) throw failed;

      for (const [i, t] of typists.entries()) {
        const status = await (await portal(t, "GET", `/api/workflow/${t.id}/status`)).json();
        const boot = await (await stack.api(null, "GET", `/api/workflow/${t.id}?token=${encodeURIComponent(t.token)}`)).json();
        const activity = await (await stack.api("submitter", "GET", `/api/workflow/${t.id}/activity`)).json();
        const saved: number[] = activity.events
          .filter((e: { kind: string }) => e.kind === "step.saved")
          .map((e: { detail: { version: number } }) => e.detail.version);
        // Every version from 2 on was written once, each with its own activity record: nothing done twice, nothing half done.
        expect(saved.sort((a, b) => a - b)).toEqual(Array.from({ length: status.version - 1 }, (_, k) => k + 2));
        // Every acknowledged save is among them, and the data is the last write's.
        expect(t.acked.every((a) => saved.includes(a.version))).toBe(true);
        const last = t.acked.at(-1)!;
        if (last.version === status.version) expect(boot.steps[0].data.fullName).toBe(last.value);
        else expect(boot.steps[0].data.fullName).toMatch(new RegExp(`^Typist ${i} \\d+$`)); // this typist's later save, written without its answer (the restart cut it)
      }
      console.log(
        `[faults] autosave outage: ${typists.map((t) => `${t.acked.length} saved, ${t.refused} refused, ${t.stale} stale`).join("; ")}`,
      );
    });
  }
});
