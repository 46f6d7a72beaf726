import { expandDeliveryLinks } from "@/lib/delivery/link-token";
import { desc } from "drizzle-orm";
import { notFound } from "next/navigation";
import type { ReactNode } from "react";
import { getDb } from "@/lib/db/client";
import { mailOutbox, type MailMessage } from "@/lib/db/schema";
import { env } from "@/lib/env";

export const dynamic = "force-dynamic";
export const metadata = { title: "Mail – Sealpost development", robots: { index: false, follow: false } };

/**
 * Development view of the outbox: what was sent, and what was captured because no SMTP_URL is set.
 * It shows every tenant's mail, so production serves it only when DEV_MAIL_PAGE says so.
 */
export default async function DevMailPage() {
  const e = env();
  if (e.NODE_ENV === "production" && !e.DEV_MAIL_PAGE) notFound();
  const db = await getDb();
  const messages = await db.select().from(mailOutbox).orderBy(desc(mailOutbox.createdAt)).limit(100);
  return (
    <main style={{ maxWidth: 960, margin: "2rem auto", padding: "0 1rem" }}>
      <h1>Mail</h1>
      <p>
        {e.SMTP_URL ? "Mail is sent to the configured SMTP server." : "No SMTP_URL is set: mail is captured here and never sent."} The
        latest {messages.length} messages, newest first.
      </p>
      {messages.map((m) => (
        <article key={m.id} style={{ borderTop: "1px solid #ddd", padding: "1rem 0" }}>
          <div style={{ fontSize: 13, color: "#555" }}>
            {m.createdAt.toISOString()} · <strong>{statusOf(m)}</strong>
            {m.lastError ? ` · last error: ${m.lastError}` : ""}
          </div>
          <h2 style={{ fontSize: 18, margin: "0.25rem 0" }}>{m.subject}</h2>
          <div style={{ fontSize: 14 }}>To: {m.to}</div>
          <pre style={{ whiteSpace: "pre-wrap", fontFamily: "inherit", background: "#f7f7f7", padding: "0.75rem" }}>{linkify(expandDeliveryLinks(m.text))}</pre>
        </article>
      ))}
    </main>
  );
}

/** Captured mail is marked sent without ever being tried (attempts 0); see lib/mail/deliver.ts. */
function statusOf(m: MailMessage): string {
  if (m.status === "sent") return m.attempts === 0 ? "captured (not sent)" : `sent ${m.sentAt?.toISOString() ?? ""}`;
  if (m.status === "failed") return `failed after ${m.attempts} attempts`;
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
