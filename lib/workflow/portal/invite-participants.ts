import type { Tx } from "@/lib/db/client";
import type { Workflow } from "@/lib/db/schema";
import { greeting } from "@/lib/mail/greeting";
import { enqueueMails } from "@/lib/mail/outbox";
import { PORTAL_TOKEN_TTL_S } from "@/lib/auth/portal-token";
import { portalLinkPlaceholder } from "./portal-link";

/**
 * The invitation to fill in the workflow, to every recipient (docs/spec.md, "Events": workflow invitation email), queued
 * in `tx`. `sendKey` tells a resend apart from the first invitation (the outbox dedupes on the key).
 */
export async function inviteParticipants(tx: Tx, wf: Workflow, sendKey?: string): Promise<string[]> {
  const { recipients, organizationName, message } = wf.settings;
  const from = organizationName ?? "Sealpost";
  const link = portalLinkPlaceholder(wf.id, wf.tenantId);
  await enqueueMails(
    tx,
    recipients.map((r) => ({
      tenantId: wf.tenantId,
      dedupeKey: `workflow-invite:${wf.id}:${r.email}${sendKey ? `:${sendKey}` : ""}`,
      to: r.email,
      subject: `${from}: please complete "${wf.title}"`,
      text: [
        greeting(r.displayName),
        ``,
        `${from} asks you to complete "${wf.title}".`,
        ...(message ? [``, message] : []),
        ``,
        `Open the form: ${link}`,
        ``,
        `The link works for ${PORTAL_TOKEN_TTL_S / 3600} hours from when this message was sent; ${from} can send you a new one.`,
        `Reference: ${wf.correlationId}`,
      ].join("\n"),
    })),
  );
  return recipients.map((r) => r.email);
}
