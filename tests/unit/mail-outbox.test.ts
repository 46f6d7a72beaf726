import { eq } from "drizzle-orm";
import { renderToStaticMarkup } from "react-dom/server";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import DevMailPage from "@/app/dev/mail/page";
import { closeDb, getDb } from "@/lib/db/client";
import { mailOutbox } from "@/lib/db/schema";
import { resetEnvCache } from "@/lib/env";
import { deliverDueMail } from "@/lib/mail/deliver";
import { enqueueMail, enqueueMails, type OutgoingMail } from "@/lib/mail/outbox";
import { startMailPump, type MailPump } from "@/lib/mail/pump";
import { closeMailTransport } from "@/lib/mail/transport";
import { backgroundHealth } from "@/lib/health/progress";
import { startSilentServer, startSmtpServer, type SmtpServer } from "../support/smtp";
import { createTempDataDir, createTestDatabase } from "../support/test-db";

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
      await db.transaction((tx) => enqueueMails(tx, [1, 2, 3].map((i) => mail(i))));
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
      await db.transaction((tx) => enqueueMails(tx, Array.from({ length: 200 }, (_, i) => mail(i))));
      await smtp.waitFor((m) => m.length >= 200, 20_000);
      const perSecond = 200 / ((performance.now() - started) / 1000);
      console.log(`[bench] mail on ${driver}: ${perSecond.toFixed(0)} messages/s (200 messages, pool of 5)`);
      expect(new Set(smtp.messages.map((m) => m.messageId)).size).toBe(200);
    });

    it("holds every message through an SMTP outage and sends each once when the server is back, attempts intact", async () => {
      smtp = await startSmtpServer();
      setEnv({ SMTP_URL: smtp.url });
      pump = await startMailPump({ intervalMs: 50, retryBaseMs: 100 });
      const db = await getDb();
      await enqueueMails(db, [1, 2, 3].map((i) => mail(i)));
      pump.kick();
      await smtp.waitFor((m) => m.length >= 3);

      await smtp.stop(); // open sessions get 421, then connections are refused
      await enqueueMails(db, Array.from({ length: 20 }, (_, i) => mail(100 + i)));
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
      await enqueueMails(db, Array.from({ length: 10 }, (_, i) => mail(i)));
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
