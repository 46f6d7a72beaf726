import { and, eq, isNull } from "drizzle-orm";
import { getDb } from "@/lib/db/client";
import { workflowSigners } from "@/lib/db/schema";
import type { Visitor } from "@/lib/delivery/open-session";
import { consent } from "./consent";
import { passcodeGate } from "@/lib/otp/rules";
import { findPasscode, signerHolder } from "@/lib/otp/store";
import { recordEvent, type Actor } from "@/lib/workflow/events";
import { lockWorkflow } from "@/lib/workflow/get-workflow";
import { presentSigner } from "../signers/present-signing";
import { assertOtpPassed, openLink, type OpenedLink } from "./open-link";
import { otpProofValid } from "./otp-proof";
import { listSigners, signersDue } from "../signers/signers";
import { workflowFileName } from "@/lib/workflow/sealing/sealed-file-name";
import { isoMoment } from "@/lib/iso-moment";
import { PSEUDO_LOCALE, type Locale } from "@/lib/i18n/locales";
import { supportedLocaleOf } from "@/lib/i18n/match-locale";
import { tenantDefaultLocale } from "@/lib/tenants/read";
import { signerMailLocale } from "../signers/signer-locale";

/** The language a caller asks the consent in: a catalogue's (de-DE is de), or the pseudo-locale written out. */
const consentLocale = (tag: string | undefined): Locale | null => (tag === PSEUDO_LOCALE ? tag : supportedLocaleOf(tag));

export const signerActor = (s: { position: number }): Actor => ({ name: `signer:${s.position + 1}` });

/**
 * GET /api/sign/{token}: what the ceremony page needs. Before a required passcode is verified, only
 * what the passcode page needs (no title, no document). After, everything: the signer, the document
 * (revision, SHA-256, pages, the signer's field), the consent to accept, the other signers (their
 * addresses masked); the signer is then recorded as having viewed the document (once, with IP and
 * user agent). The consent is in `locale` (the signing page's language) where it is one of the
 * catalogues' or the pseudo-locale, else in the language named for the signer (the tenant's default
 * included), else in English.
 */
export async function ceremonyBootstrap(token: string, visitor: Visitor, proof: string | null, locale?: string) {
  const { wf, signer } = await openLink(token);
  const otpVerified = signer.requireOtp ? otpProofValid(proof, signer.id, signer.tokenHash!) : null;
  const gate = {
    organizationName: wf.settings.organizationName ?? null,
    linkExpiresAt: isoMoment(signer.tokenExpiresAt),
    otp: {
      required: signer.requireOtp,
      verified: otpVerified,
      ...passcodeGate(signer.requireOtp ? await findPasscode(await getDb(), signerHolder(signer)) : undefined, Date.now()),
    },
  };
  if (signer.requireOtp && !otpVerified) return { ...gate, signer: { name: signer.name, state: signer.state } };
  const viewed = signer.viewedAt ? signer : await markViewed({ wf, signer }, visitor);
  const signers = await listSigners(wf.tenantId, wf.id);
  const mode = wf.settings.esign!.signingMode;
  return {
    ...gate,
    workflow: { title: wf.title, correlationId: wf.correlationId, state: wf.state },
    signer: { ...presentSigner(viewed, false), mayActNow: signersDue(mode, signers).some((s) => s.id === signer.id) },
    document: {
      fileName: workflowFileName(wf, "for-signature"),
      revision: wf.documentRevision,
      sha256: wf.documentSha256,
      // The signature pages are the last ones, so the last field's page is the last page.
      pageCount: Math.max(...signers.map((s) => s.fieldPage ?? 0)) + 1,
      field: { name: signer.fieldName, page: signer.fieldPage, rect: signer.fieldRect },
    },
    consent: consent(undefined, consentLocale(locale) ?? signerMailLocale(wf, signer, await tenantDefaultLocale(wf.tenantId))),
    signing: { mode, signers: signers.map((s) => presentSigner(s, s.id !== signer.id)) },
  };
}

async function markViewed({ wf, signer }: OpenedLink, visitor: Visitor) {
  const db = await getDb();
  return db.transaction(async (tx) => {
    await lockWorkflow(tx, wf.tenantId, wf.id);
    const now = new Date();
    const [row] = await tx
      .update(workflowSigners)
      .set({ viewedAt: now, state: signer.state === "invited" ? "viewed" : signer.state, updatedAt: now })
      .where(and(eq(workflowSigners.id, signer.id), isNull(workflowSigners.viewedAt)))
      .returning();
    if (!row) return signer;
    await recordEvent(tx, wf, "signer.viewed", signerActor(signer), {
      signer: signer.position,
      email: signer.email,
      ip: visitor.ip,
      userAgent: visitor.userAgent,
    });
    return row;
  });
}

/** GET /api/sign/{token}/document: the current revision, as the signer is about to sign it. */
export async function ceremonyDocument(token: string, proof: string | null) {
  const { wf, signer } = await openLink(token);
  assertOtpPassed(signer, proof);
  return { wf, key: wf.documentKey!, sha256: wf.documentSha256!, revision: wf.documentRevision! };
}
