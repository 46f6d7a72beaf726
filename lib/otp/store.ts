import { and, eq } from "drizzle-orm";
import type { Tx } from "@/lib/db/client";
import { passcodes } from "@/lib/db/schema";
import type { PasscodeState } from "./rules";

/** Whose passcode: the workflow portal's (no signer) or one signer's; `id` is what the code is bound to. */
export interface PasscodeHolder {
  id: string;
  tenantId: string;
  workflowId: string;
  signerId: string | null;
}

export const portalHolder = (wf: { id: string; tenantId: string }): PasscodeHolder => ({
  id: wf.id,
  tenantId: wf.tenantId,
  workflowId: wf.id,
  signerId: null,
});

export const signerHolder = (s: { id: string; tenantId: string; workflowId: string }): PasscodeHolder => ({
  id: s.id,
  tenantId: s.tenantId,
  workflowId: s.workflowId,
  signerId: s.id,
});

export async function findPasscode(tx: Tx, h: PasscodeHolder): Promise<PasscodeState | undefined> {
  const [row] = await tx
    .select()
    .from(passcodes)
    .where(and(eq(passcodes.id, h.id), eq(passcodes.tenantId, h.tenantId)));
  return row;
}

/** Writes the holder's passcode, the first one or over the earlier one. */
export async function savePasscode(tx: Tx, h: PasscodeHolder, p: PasscodeState): Promise<void> {
  const state = {
    codeHash: p.codeHash,
    salt: p.salt,
    sentAt: p.sentAt,
    expiresAt: p.expiresAt,
    failedAttempts: p.failedAttempts,
    lockedUntil: p.lockedUntil,
    usedAt: p.usedAt,
  };
  await tx
    .insert(passcodes)
    .values({ ...h, ...state })
    .onConflictDoUpdate({ target: passcodes.id, set: state });
}
