import { eq } from "drizzle-orm";
import { renderToStaticMarkup } from "react-dom/server";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import DevMailPage from "@/app/dev/mail/page";
import { closeDb, getDb } from "@/lib/db/client";
import { batches, deliverySessions, mailOutbox, workflows } from "@/lib/db/schema";
import { batchTimeline } from "@/lib/console/batch-detail";
import { listDeliverySessions } from "@/lib/delivery/list-sessions";
import { newId } from "@/lib/ids";
import { addTenant } from "@/lib/tenants";
import { listActivity } from "@/lib/workflow/list-activity";
import { resetEnvCache } from "@/lib/env";
import { deliverDueMail } from "@/lib/mail/deliver";
import { enqueueMail, enqueueMails, type OutgoingMail } from "@/lib/mail/outbox";
import { startMailPump, type MailPump } from "@/lib/mail/pump";
import { closeMailTransport } from "@/lib/mail/transport";
import { backgroundHealth } from "@/lib/health/progress";
import { startSilentServer, startSmtpServer, type SmtpServer } from "../support/smtp";
import { createTempDataDir, createTestDatabase } from "../support/test-db";
import { workflowRow } from "../support/workflow-row";
import { plainBatchJson } from "../support/batch-json";

const LONG_LINK = `http://127.0.0.1:3000/d/${"Ab_-".repeat(20)}xyz`;
const mail = (i: number, extra: Partial<OutgoingMail> = {}): OutgoingMail => ({
  dedupeKey: `test:${i}`,
  to: `r${i}@example.test`,
  subject: `Your document ${i} – ready`,
  text: `Hello r${i},\n\nyour document is at ${LONG_LINK}${i} and waits for you. Grüße.`,
  ...extra,
});

const setEnv = (vars: Record<string, string | undefined>) => {
  for (const [k, v] of Object.entries(vars)) {
    if (v === undefined) delete process.env[k];
    else process.env[k] = v;
  }
  resetEnvCache();
  closeMailTransport();
};

for (const driver of ["postgres", "pglite"] as const) {
  describe(`mail outbox on ${driver}`, () => {
    let cleanup: () => Promise<void>;
    let smtp: SmtpServer | null = null;
    let pump: MailPump | null = null;

    beforeAll(async () => {
      if (driver === "postgres") {
        const database = await createTestDatabase();
        setEnv({ DATABASE_URL: database.url });
        cleanup = database.drop;
      } else {
        const data = createTempDataDir();
        setEnv({ DATABASE_URL: undefined, DATA_DIR: data.dir });
        cleanup = async () => data.remove();
      }
      await closeDb();
      await getDb();
    });
    beforeEach(async () => {
      await (await getDb()).delete(mailOutbox);
    });
    afterEach(async () => {
      await pump?.stop();
      pump = null;
      await smtp?.close();
      smtp = null;
      setEnv({ SMTP_URL: undefined, NODE_ENV: "test", DEV_MAIL_PAGE: undefined });
    });
    afterAll(async () => {
      await closeDb();
      await cleanup();
    });

    it("queues a message once per dedupe key, and nothing when the transaction rolls back", async () => {
      const db = await getDb();
      expect(await db.transaction((tx) => enqueueMail(tx, mail(1)))).toBe(true);
      expect(await db.transaction((tx) => enqueueMail(tx, mail(1, { subject: "again" })))).toBe(false);
      expect(await enqueueMails(db, [mail(2), mail(2), mail(3)])).toBe(2);
      await expect(
        db.transaction(async (tx) => {
          await enqueueMail(tx, mail(4));
          throw new Error("roll back");
        }),
      ).rejects.toThrow("roll back");
      const rows = await db.select().from(mailOutbox);
      expect(rows.map((r) => r.dedupeKey).sort()).toEqual(["test:1", "test:2", "test:3"]);
      expect(rows.find((r) => r.dedupeKey === "test:1")!.subject).toBe(mail(1).subject);
    });

    it("retries a message the server refuses for now, and delivers each once over SMTP", async () => {
      smtp = await startSmtpServer({ failFirst: 2 });
      setEnv({ SMTP_URL: smtp.url });
      pump = await startMailPump({ intervalMs: 50, retryBaseMs: 100 });
      const db = await getDb();
      await db.transaction((tx) =>
        enqueueMails(
          tx,
          [1, 2, 3].map((i) => mail(i)),
        ),
      );
      const got = await smtp.waitFor((m) => m.length >= 3 && m, 10_000);
      await new Promise((r) => setTimeout(r, 300)); // nothing more arrives
      expect(smtp.messages).toHaveLength(3);
      expect(got.flatMap((m) => m.to).sort()).toEqual(["r1@example.test", "r2@example.test", "r3@example.test"]);
      const r2 = got.find((m) => m.to[0] === "r2@example.test")!;
      expect(r2.subject).toBe("Your document 2 – ready");
      expect(r2.text).toContain(`${LONG_LINK}2 and waits`);
      expect(r2.text).toContain("Grüße");
      const rows = await db.select().from(mailOutbox);
      expect(rows.every((r) => r.status === "sent" && r.sentAt)).toBe(true);
      expect(rows.map((r) => r.attempts).sort()).toEqual([1, 2, 2]);
      // The Message-ID is the outbox row's, so a resend after a crash is recognisably the same mail.
      expect(r2.messageId).toBe(`<${rows.find((r) => r.to === "r2@example.test")!.id}@sealpost.mail>`);
    });

    it("sends many messages in parallel over the pooled connections", async () => {
      smtp = await startSmtpServer();
      setEnv({ SMTP_URL: smtp.url, SMTP_POOL_SIZE: "5" });
      pump = await startMailPump({ intervalMs: 60_000 });
      const db = await getDb();
      const started = performance.now();
      await db.transaction((tx) =>
        enqueueMails(
          tx,
          Array.from({ length: 200 }, (_, i) => mail(i)),
        ),
      );
      await smtp.waitFor((m) => m.length >= 200, 20_000);
      const perSecond = 200 / ((performance.now() - started) / 1000);
      console.log(`[bench] mail on ${driver}: ${perSecond.toFixed(0)} messages/s (200 messages, pool of 5)`);
      expect(new Set(smtp.messages.map((m) => m.messageId)).size).toBe(200);
    });

    it("records each message as sent as soon as the server takes it, not at the end of its round (a crash resends only the last few)", async () => {
      let release!: () => void;
      const slow = new Promise<void>((resolve) => (release = resolve));
      smtp = await startSmtpServer({ hold: (to) => (to === "r0@example.test" ? slow : null) });
      setEnv({ SMTP_URL: smtp.url, SMTP_POOL_SIZE: "5" });
      const db = await getDb();
      await db.transaction((tx) =>
        enqueueMails(
          tx,
          Array.from({ length: 20 }, (_, i) => mail(i)),
        ),
      );
      const round = deliverDueMail({ limit: 50 });
      // One message of the round is held by the server; the 19 it took are already recorded.
      await smtp.waitFor((m) => m.length >= 19, 20_000);
      await expect
        .poll(async () => (await db.select().from(mailOutbox).where(eq(mailOutbox.status, "sent"))).length, { timeout: 10_000 })
        .toBe(19);
      const [held] = await db.select().from(mailOutbox).where(eq(mailOutbox.to, "r0@example.test"));
      expect(held.status).toBe("pending");
      release();
      expect(await round).toMatchObject({ sent: 20, claimed: 20 });
      expect((await db.select().from(mailOutbox).where(eq(mailOutbox.status, "sent"))).length).toBe(20);
    });

    it("holds every message through an SMTP outage and sends each once when the server is back, attempts intact", async () => {
      smtp = await startSmtpServer();
      setEnv({ SMTP_URL: smtp.url });
      pump = await startMailPump({ intervalMs: 50, retryBaseMs: 100 });
      const db = await getDb();
      await enqueueMails(
        db,
        [1, 2, 3].map((i) => mail(i)),
      );
      pump.kick();
      await smtp.waitFor((m) => m.length >= 3);

      await smtp.stop(); // open sessions get 421, then connections are refused
      await enqueueMails(
        db,
        Array.from({ length: 20 }, (_, i) => mail(100 + i)),
      );
      pump.kick();
      await new Promise((r) => setTimeout(r, 2_500));
      const waiting = await db.select().from(mailOutbox).where(eq(mailOutbox.status, "pending"));
      expect(waiting).toHaveLength(20);
      // Unreachable is nobody's message's fault: no attempt is spent, the message stays due.
      expect(waiting.every((r) => r.attempts === 0 && r.lastError)).toBe(true);
      expect(backgroundHealth(1_000).mail).toMatchObject({ status: "stalled", detail: expect.stringContaining("SMTP server unreachable") });

      await smtp.start();
      await smtp.waitFor((m) => m.length >= 23, 15_000);
      await new Promise((r) => setTimeout(r, 300));
      const perRecipient = new Map<string, number>();
      for (const m of smtp.messages) for (const to of m.to) perRecipient.set(to, (perRecipient.get(to) ?? 0) + 1);
      expect(perRecipient.size).toBe(23);
      expect([...perRecipient.values()].every((n) => n === 1)).toBe(true);
      const rows = await db.select().from(mailOutbox);
      expect(rows.every((r) => r.status === "sent" && r.attempts === 1)).toBe(true);
      expect(backgroundHealth(1_000).mail?.status).toBe("ok");
    });

    it("is not held by a server that accepts connections and never greets", async () => {
      const silent = await startSilentServer();
      setEnv({ SMTP_URL: `smtp://127.0.0.1:${silent.port}`, SMTP_TIMEOUT_MS: "500" });
      pump = await startMailPump({ intervalMs: 50 });
      const db = await getDb();
      await enqueueMails(
        db,
        Array.from({ length: 10 }, (_, i) => mail(i)),
      );
      pump.kick();
      await new Promise((r) => setTimeout(r, 2_000));
      expect(silent.connections()).toBeGreaterThan(0);
      expect((await db.select().from(mailOutbox).where(eq(mailOutbox.status, "pending"))).length).toBe(10);
      await silent.close();

      smtp = await startSmtpServer({ port: silent.port });
      await smtp.waitFor((m) => m.length >= 10, 20_000);
      await new Promise((r) => setTimeout(r, 300));
      expect(new Set(smtp.messages.flatMap((m) => m.to)).size).toBe(10);
      expect(smtp.messages).toHaveLength(10);
      setEnv({ SMTP_TIMEOUT_MS: undefined });
    });

    it("captures mail without SMTP_URL: kept, shown at /dev/mail, never sent", async () => {
      const db = await getDb();
      await enqueueMails(db, [mail(1), mail(2, { text: "Open https://example.test/d/abc?x=1 now <b>" })]);
      expect(await deliverDueMail({ limit: 10 })).toMatchObject({ sent: 2, unreachable: null });
      expect(await deliverDueMail({ limit: 10 })).toMatchObject({ sent: 0, claimed: 0 });
      const rows = await db.select().from(mailOutbox);
      expect(rows.every((r) => r.status === "sent" && r.attempts === 0)).toBe(true);

      const html = renderToStaticMarkup(await DevMailPage());
      expect(html).toContain("captured (not sent)");
      expect(html).toContain('<a href="https://example.test/d/abc?x=1">');
      expect(html).toContain("now &lt;b&gt;");
      expect(html).toContain("r1@example.test");

      setEnv({ NODE_ENV: "production", PORTAL_TOKEN_SECRET: "x".repeat(40) });
      await expect(DevMailPage()).rejects.toThrow(/NEXT_HTTP_ERROR_FALLBACK;404/);
      setEnv({ DEV_MAIL_PAGE: "true" });
      expect(renderToStaticMarkup(await DevMailPage())).toContain("r2@example.test");
    });

    it("fails a message the server refuses for good (5xx) at once and never sends it again, and retries one refused for now (4xx) until it is delivered once", async () => {
      smtp = await startSmtpServer({
        refuse: (to, attempt) =>
          to.startsWith("bounce")
            ? { code: 501, message: "5.1.3 Bad recipient address syntax" }
            : to.startsWith("busy") && attempt <= 2
              ? { code: 450, message: "4.2.1 Mailbox busy, try again later" }
              : null,
      });
      setEnv({ SMTP_URL: smtp.url });
      const logged = vi.spyOn(console, "error").mockImplementation(() => {});
      vi.spyOn(console, "warn").mockImplementation(() => {});
      pump = await startMailPump({ intervalMs: 50, retryBaseMs: 100 });
      const db = await getDb();
      await db.transaction((tx) =>
        enqueueMails(tx, [mail(1, { to: "bounce@example.test" }), mail(2, { to: "busy@example.test" }), mail(3)]),
      );
      await smtp.waitFor((m) => m.length >= 2, 10_000);
      await new Promise((r) => setTimeout(r, 1_500)); // many retry intervals: a retry would come now
      expect(smtp.attempts("bounce@example.test")).toBe(1);
      expect(smtp.attempts("busy@example.test")).toBe(3);
      expect(smtp.messages.flatMap((m) => m.to).sort()).toEqual(["busy@example.test", "r3@example.test"]);
      const rows = new Map((await db.select().from(mailOutbox)).map((r) => [r.dedupeKey, r]));
      expect(rows.get("test:1")).toMatchObject({ status: "failed", attempts: 1 });
      expect(rows.get("test:1")!.lastError).toMatch(/^501 /);
      expect(rows.get("test:2")).toMatchObject({ status: "sent", attempts: 3 });
      expect(rows.get("test:3")).toMatchObject({ status: "sent", attempts: 1 });
      // The server's console says which message failed, to whom and why.
      const failedLine = logged.mock.calls.map((c) => String(c[0])).find((l) => l.includes(rows.get("test:1")!.id));
      expect(failedLine).toMatch(/bounce@example\.test for good.*501 5\.1\.3 Bad recipient address syntax/);
      vi.restoreAllMocks();
    });

    it("shows a mail refused for good where people look: a workflow's in its activity, a batch's in its timeline, a delivery's with its session", async () => {
      smtp = await startSmtpServer({ refuse: () => ({ code: 550, message: "5.1.1 No such mailbox" }) });
      setEnv({ SMTP_URL: smtp.url });
      vi.spyOn(console, "error").mockImplementation(() => {});
      const db = await getDb();
      await addTenant({ id: "acme", name: "Acme", tier: "premium", features: ["workflow", "batchDispatch"], approvers: [] }).catch(
        () => {},
      );
      const wf = workflowRow();
      await db.insert(workflows).values(wf);
      const batchId = newId();
      await db.insert(batches).values({
        id: batchId,
        tenantId: "acme",
        correlationId: batchId,
        state: "pending-approval",
        readiness: "READY",
        title: "Notices",
        templatePath: "notice.md",
        templateVersion: "v",
        documentCount: 1,
        readyCount: 1,
        warningCount: 0,
        submittedBy: "s@acme.test",
        approvers: ["gone@acme.test"],
        ...plainBatchJson,
        activityItemId: newId(),
      });
      const sessionId = newId();
      const recordCorrelationId = newId();
      await db.insert(deliverySessions).values({
        id: sessionId,
        tenantId: "acme",
        batchId,
        recordIndex: 0,
        recordCorrelationId,
        recipientEmail: "nobody@example.test",
        tokenHash: newId(),
        expiresAt: new Date(Date.now() + 3_600_000),
      });
      await enqueueMails(db, [
        mail(1, { dedupeKey: `workflow-invite:${wf.id}:pat@example.test`, to: "pat@example.test", tenantId: "acme" }),
        mail(2, { dedupeKey: `batch-approval:${batchId}:gone@acme.test`, to: "gone@acme.test", tenantId: "acme" }),
        mail(3, { dedupeKey: `delivery:${sessionId}`, to: "nobody@example.test", tenantId: "acme" }),
      ]);
      expect(await deliverDueMail({ limit: 10 })).toMatchObject({ sent: 0, claimed: 3, unreachable: null });
      expect(await deliverDueMail({ limit: 10 })).toMatchObject({ claimed: 0 }); // nothing is tried again

      const activity = (await listActivity("acme", wf.id)).events.filter((e) => e.kind === "mail.failed");
      expect(activity).toEqual([
        expect.objectContaining({
          actor: "system",
          detail: expect.objectContaining({ recipient: "pat@example.test", reason: expect.stringMatching(/^550 /) }),
        }),
      ]);
      const batch = (await db.select().from(batches).where(eq(batches.id, batchId)))[0];
      const timeline = (await batchTimeline(batch)).filter((t) => t.action === "mail.failed");
      expect(timeline).toEqual([
        expect.objectContaining({
          mailFailure: { recipient: "gone@acme.test", reason: expect.stringMatching(/^550 5\.1\.1 No such mailbox/) },
        }),
      ]);
      const sessions = (await listDeliverySessions("acme", recordCorrelationId)).sessions;
      expect(sessions[0].mail).toMatchObject({ status: "failed", attempts: 1, lastError: expect.stringMatching(/^550 /) });
      vi.restoreAllMocks();
    });

    it("marks a message failed after the last attempt", async () => {
      smtp = await startSmtpServer({ failFirst: 100 });
      setEnv({ SMTP_URL: smtp.url });
      const db = await getDb();
      await enqueueMail(db, mail(1));
      await db.update(mailOutbox).set({ attempts: 19 }).where(eq(mailOutbox.dedupeKey, "test:1"));
      expect(await deliverDueMail({ limit: 10 })).toMatchObject({ sent: 0, claimed: 1, unreachable: null });
      const [row] = await db.select().from(mailOutbox);
      expect(row).toMatchObject({ status: "failed", attempts: 20 });
      expect(row.lastError).toContain("451");
    });
  });
}
