import { expandPlaceholders } from "@/lib/mail/expand-placeholders";
import { desc } from "drizzle-orm";
import { notFound } from "next/navigation";
import type { ReactNode } from "react";
import { PageShell } from "@/components/PageShell";
import { getDb } from "@/lib/db/client";
import { mailOutbox, type MailMessage } from "@/lib/db/schema";
import { env } from "@/lib/env";
import { devMailPageShown } from "@/lib/mail/dev-mail-page";
import styles from "./mail.module.css";
import { plural } from "@/lib/plural";

export const dynamic = "force-dynamic";
export const metadata = { title: "Mail – Sealpost development", robots: { index: false, follow: false } };

/**
 * Development view of the outbox: what was sent, and what was captured because no SMTP_URL is set.
 * It shows every tenant's mail, so production serves it only when DEV_MAIL_PAGE says so.
 */
export default async function DevMailPage() {
  const e = env();
  if (!devMailPageShown(e)) notFound();
  const db = await getDb();
  const messages = await db.select().from(mailOutbox).orderBy(desc(mailOutbox.createdAt)).limit(100);
  return (
    <PageShell service="Sealpost" organisation="Development" footer="Development only: this page shows every organisation's mail." wide>
      <h1>Mail</h1>
      <p>
        {e.SMTP_URL ? "Mail is sent to the configured SMTP server." : "No SMTP_URL is set: mail is captured here and never sent."} The
        latest {plural(messages.length, "message")}, newest first.
      </p>
      {messages.map((m) => (
        <article key={m.id} className={styles.message}>
          <div className={styles.meta}>
            {m.createdAt.toISOString()} · <strong>{statusOf(m)}</strong>
            {m.lastError ? ` · last error: ${m.lastError}` : ""}
          </div>
          <h2 className={styles.subject}>{m.subject}</h2>
          <div className={styles.to}>To: {m.to}</div>
          <pre className={styles.text}>{linkify(expandPlaceholders(m.text))}</pre>
        </article>
      ))}
    </PageShell>
  );
}

/** Captured mail is marked sent without ever being tried (attempts 0); see lib/mail/deliver.ts. */
function statusOf(m: MailMessage): string {
  if (m.status === "sent") return m.attempts === 0 ? "captured (not sent)" : `sent ${m.sentAt?.toISOString() ?? ""}`;
  if (m.status === "failed") return `failed after ${plural(m.attempts, "attempt")}`;
  return m.attempts ? `pending, retry ${m.attempts + 1} at ${m.nextAttemptAt.toISOString()}` : "pending";
}

/** Only http(s) links become anchors; everything else stays text (React escapes it). */
function linkify(text: string): ReactNode[] {
  return text.split(/(https?:\/\/[^\s<>"']+)/g).map((part, i) =>
    i % 2 === 1 ? (
      <a key={i} href={part}>
        {part}
      </a>
    ) : (
      part
    ),
  );
}
