import type { Tx } from "@/lib/db/client";
import type { Workflow } from "@/lib/db/schema";
import { createDeliverySessions } from "@/lib/delivery/create-sessions";
import { recordEvent, systemActor } from "../events";
import { sealedFileName } from "./sealed-file-name";

/** Delivery links of a sealed workflow live as long as batch links do by default (docs/spec.md, "Limits"). */
export const DELIVERY_HOURS = 168;

/**
 * After sealing, when templateSettings.delivery.enabled: one delivery session (personal expiring link,
 * mailed) per delivery recipient, through the batch dispatch machinery. The session's batchId is the
 * workflow id and its record 0 (lib/delivery/open-session.ts resolves such a session to the sealed
 * PDF); the sessions' unique key makes a repeated call create nothing twice.
 */
export async function deliverSealed(tx: Tx, wf: Workflow): Promise<void> {
  const d = wf.settings.delivery;
  if (!d?.enabled || !d.recipients?.length) return;
  const seen = new Set<string>();
  const recipients = d.recipients
    .map((r) =>
      typeof r === "string" ? { email: r.toLowerCase(), name: null } : { email: r.email.toLowerCase(), name: r.displayName ?? null },
    )
    .filter((r) => !seen.has(r.email) && seen.add(r.email));
  const created = await createDeliverySessions(tx, [
    {
      tenantId: wf.tenantId,
      batchId: wf.id,
      recordIndex: 0,
      recordCorrelationId: wf.id,
      recipients,
      expiresInHours: DELIVERY_HOURS,
      documentTitle: wf.title,
      fileName: sealedFileName(wf),
      locale: wf.settings.locale ?? null,
    },
  ]);
  await recordEvent(tx, wf, "delivery.created", systemActor, { recipients: recipients.map((r) => r.email), sessions: created });
}
