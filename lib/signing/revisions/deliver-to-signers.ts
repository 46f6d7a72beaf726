import type { Tx } from "@/lib/db/client";
import type { Workflow, WorkflowSigner } from "@/lib/db/schema";
import { createDeliverySessions } from "@/lib/delivery/create-sessions";
import { DELIVERY_HOURS } from "@/lib/workflow/sealing/deliver-sealed";
import { recordEvent, systemActor } from "@/lib/workflow/events";
import { sealedFileName } from "@/lib/workflow/sealing/sealed-file-name";

/**
 * Once the last signature is in the file, every signer gets the signed document as delivery
 * recipients do: a personal, expiring link (the recipient page /d/{token}: the pages, and the PDF to
 * download), through the same delivery sessions, whether or not templateSettings.delivery is on, as
 * DocuSign and Documenso mail the completed document to every signer. A link rather than an
 * attachment: the mail stays small and the link can be revoked. A signer who is also a delivery
 * recipient gets one link (the sessions' unique key is the address). Each signer's mail and page are
 * in the signer's language: their own, else the workflow's, else the tenant's default (createDeliverySessions).
 */
export async function deliverToSigners(tx: Tx, wf: Workflow, signers: WorkflowSigner[]): Promise<void> {
  const created = await createDeliverySessions(
    tx,
    signers.map((s) => ({
      tenantId: wf.tenantId,
      batchId: wf.id,
      recordIndex: 0,
      recordCorrelationId: wf.id,
      recipients: [{ email: s.email.toLowerCase(), name: s.name, locale: s.locale }],
      expiresInHours: DELIVERY_HOURS,
      documentTitle: wf.title,
      fileName: sealedFileName(wf),
      locale: wf.settings.locale ?? null,
    })),
  );
  await recordEvent(tx, wf, "delivery.created", systemActor, {
    recipients: signers.map((s) => s.email.toLowerCase()),
    sessions: created,
    to: "signers",
  });
}
