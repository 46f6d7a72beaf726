import { eq } from "drizzle-orm";
import { getDb } from "@/lib/db/client";
import { workflowSigners, type Workflow, type WorkflowSigner } from "@/lib/db/schema";
import type { Visitor } from "@/lib/delivery/open-session";
import type { SupportedLocale } from "@/lib/i18n/locales";
import { tenantDefaultLocale } from "@/lib/tenants/read";
import { recordEvent } from "@/lib/workflow/events";
import { getWorkflow, lockWorkflow } from "@/lib/workflow/get-workflow";
import { signerLocale } from "../signers/signer-locale";
import { signerActor } from "./ceremony-bootstrap";
import { tokenMatches, tokenSigner } from "./sign-link";

/*
 * The signing page's language, by its link: the one named for the signer, read before the page is
 * laid out, and a change from the page's language menu, recorded in the workflow's activity.
 */

/** The signer a link is the current link of, with their workflow, or null; whatever the signer did with it. */
async function currentHolder(token: string): Promise<{ wf: Workflow; signer: WorkflowSigner } | null> {
  const id = tokenSigner(token);
  if (!id) return null;
  const db = await getDb();
  const [signer] = await db.select().from(workflowSigners).where(eq(workflowSigners.id, id));
  if (!signer || !tokenMatches(token, signer.tokenHash)) return null;
  return { wf: await getWorkflow(signer.tenantId, signer.workflowId), signer };
}

/**
 * The language named for the signer behind a signing link, their tenant's default included (null:
 * none, or no such link), read before the signing page is laid out, as its `<html lang>` is the root
 * layout's. Records nothing.
 */
export async function signingPageLocale(token: string): Promise<SupportedLocale | null> {
  const found = await currentHolder(token);
  return found ? signerLocale(found.wf, found.signer, await tenantDefaultLocale(found.wf.tenantId)) : null;
}

/**
 * A signer switched the signing page's language: a `signer.language-chosen` event in the workflow's
 * activity, with the language, IP and browser, whatever the ceremony's state. An unknown or replaced
 * link records nothing.
 */
export async function recordSignerLanguage(token: string, locale: SupportedLocale, visitor: Visitor): Promise<void> {
  const found = await currentHolder(token);
  if (!found) return;
  const db = await getDb();
  await db.transaction(async (tx) => {
    const wf = await lockWorkflow(tx, found.wf.tenantId, found.wf.id);
    await recordEvent(tx, wf, "signer.language-chosen", signerActor(found.signer), {
      signer: found.signer.position,
      locale,
      ip: visitor.ip,
      userAgent: visitor.userAgent?.slice(0, 500) ?? null,
    });
  });
}
