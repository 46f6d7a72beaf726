import { getDb } from "@/lib/db/client";
import { workflows, type Workflow, type WorkflowSigner } from "@/lib/db/schema";
import type { SupportedLocale } from "@/lib/i18n/locales";
import { inviteSigners } from "@/lib/signing/signers/invite-signers";
import { insertSigners, listSigners } from "@/lib/signing/signers/signers";
import { workflowRow } from "./workflow-row";

/** A signer of a unit test's workflow; the address is `mailbox` (else the first name, in lower case) made unique by the workflow's id. */
export interface SignerSpec {
  name: string;
  mailbox?: string;
  order?: number | null;
  role?: string | null;
  requireOtp?: boolean;
  locale?: SupportedLocale | null;
}

/**
 * For unit tests of the signing domain code on a database of their own (useWorkflowDatabase): a
 * workflow being signed, written directly (sealed into revision 0 of its document, e-signature on,
 * in parallel unless `settings.esign` says otherwise), its signers written at `writtenAt` and invited
 * at `invitedAt` as the seal job invites them (a link each, the mails queued, the events recorded).
 */
export async function invitedToSign(
  specs: SignerSpec[],
  opts: { writtenAt: Date; invitedAt?: Date; row?: Partial<Workflow>; settings?: Partial<Workflow["settings"]> },
): Promise<{ wf: Workflow; signers: WorkflowSigner[] }> {
  const wf = workflowRow({
    state: "sealing",
    documentRevision: 0,
    documentKey: "k",
    documentSha256: "0".repeat(64),
    ...opts.row,
    settings: {
      recipients: [],
      requireOtp: false,
      options: {},
      esign: { enabled: true, signingMode: "parallel", signers: null },
      ...opts.settings,
    },
  });
  const signers = specs.map((s) => ({
    name: s.name,
    email: `${s.mailbox ?? s.name.split(" ")[0].toLowerCase()}-${wf.id.slice(0, 8)}@sign.test`,
    order: s.order ?? null,
    role: s.role ?? null,
    requireOtp: s.requireOtp ?? false,
    locale: s.locale ?? null,
  }));
  const db = await getDb();
  await db.transaction(async (tx) => {
    await tx.insert(workflows).values(wf);
    await insertSigners(tx, wf, signers, opts.writtenAt);
    await inviteSigners(tx, wf, await listSigners(wf.tenantId, wf.id, tx), opts.invitedAt ?? opts.writtenAt, { total: specs.length });
  });
  return { wf, signers: await listSigners(wf.tenantId, wf.id) };
}
