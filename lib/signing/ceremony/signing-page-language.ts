import { getDb } from "@/lib/db/client";
import type { Visitor } from "@/lib/delivery/open-session";
import { AppError } from "@/lib/http/problem";
import type { SupportedLocale } from "@/lib/i18n/locales";
import { tenantDefaultLocale } from "@/lib/tenants/read";
import { recordEvent } from "@/lib/workflow/events";
import { lockWorkflow } from "@/lib/workflow/get-workflow";
import { signerLocale } from "../signers/signer-locale";
import { signerActor } from "./ceremony-bootstrap";
import { linkHolder, type OpenedLink } from "./open-link";

/*
 * The signing page's language, by its link: the one named for the signer, read before the page is
 * laid out, and a change from the page's language menu, recorded in the workflow's activity.
 */

/**
 * The signer a link is the current link of, with their workflow, or null (no such link, or a replaced
 * one): the ceremony's own lookup (linkHolder), whatever the signer did with the link since.
 */
async function currentHolder(token: string): Promise<OpenedLink | null> {
  try {
    return await linkHolder(token);
  } catch (err) {
    if (err instanceof AppError && (err.code === "esign.link_invalid" || err.code === "esign.link_replaced")) return null;
    throw err;
  }
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
