import { sql } from "drizzle-orm";
import type { Tx } from "@/lib/db/client";

/** What a message that failed for good was about, read from its dedupe key (`<kind>:<id>:…`, see enqueueMails' callers). */
const UUID = "([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})";
const WORKFLOW_MAIL = new RegExp(`^workflow-[a-z-]+:${UUID}:`);
const BATCH_MAIL = new RegExp(`^batch-[a-z-]+:${UUID}:`);

export interface FailedMail {
  id: string;
  dedupeKey: string;
  to: string;
  subject: string;
  /** The server's answer (its code first) or the error. */
  reason: string;
}

/**
 * Puts a message that will never be sent where the people concerned look: a workflow's mail
 * (invitation, passcode, approval, changes, reminder) as a `mail.failed` event in its activity, a
 * batch's (approval, changes) as a `mail.failed` record in its timeline; both name the recipient and
 * the reason. A delivery's mail is shown with its session (lib/delivery/mail-status reads the outbox).
 * The workflow or batch row gives the tenant, so a key that names nothing of ours records nothing.
 */
export async function recordFailedMail(db: Tx, m: FailedMail): Promise<void> {
  const detail = JSON.stringify({ recipient: m.to, subject: m.subject, reason: m.reason.slice(0, 500), mailId: m.id });
  const workflowId = WORKFLOW_MAIL.exec(m.dedupeKey)?.[1];
  if (workflowId) {
    await db.execute(sql`
      insert into workflow_events (workflow_id, tenant_id, kind, actor, detail)
      select id, tenant_id, 'mail.failed', 'system', ${detail}::jsonb from workflows where id = ${workflowId}::uuid`);
    return;
  }
  const batchId = BATCH_MAIL.exec(m.dedupeKey)?.[1];
  if (batchId) {
    await db.execute(sql`
      insert into audit_events (tenant_id, subject_type, subject_id, action, actor, detail, dedupe_key)
      select tenant_id, 'batch', id::text, 'mail.failed', 'system', ${detail}::jsonb, ${`mail-failed:${m.id}`} from batches where id = ${batchId}::uuid
      on conflict do nothing`);
  }
}
