import { tenantFolder } from "@/lib/blob/keys";
import { eq } from "drizzle-orm";
import { z } from "zod";
import { getBlobStore } from "@/lib/blob/store";
import { getDb } from "@/lib/db/client";
import { workflowSigners } from "@/lib/db/schema";
import type { Visitor } from "@/lib/delivery/open-session";
import { acceptedConsent, consent } from "./consent";
import { decodeMarkPng, MAX_MARK_PNG_BYTES, MAX_MARK_TEXT, typedMark } from "../pdf/mark";
import { AppError } from "@/lib/http/problem";
import { sendEvent } from "@/lib/jobs/send-event";
import { recordEvent } from "@/lib/workflow/events";
import { signerActor } from "./ceremony-bootstrap";
import { assertOtpPassed, openLink, verificationMethod } from "./open-link";
import { listSigners, signersDue } from "../signers/signers";
import { tenantDefaultLocale } from "@/lib/tenants/read";
import { signerMailLocale } from "../signers/signer-locale";

/** POST /api/sign/{token}/sign. The PNG's own limit is checked on the decoded bytes (mark.ts); this bounds the text. */
export const signBody = z.strictObject({
  consent: z.strictObject({
    version: z.string().min(1).max(50),
    sha256: z.string().regex(/^[0-9a-fA-F]{64}$/, "must be a SHA-256 in hex"),
  }),
  mark: z.discriminatedUnion("kind", [
    z.strictObject({ kind: z.literal("typed"), text: z.string().max(MAX_MARK_TEXT * 2) }),
    z.strictObject({ kind: z.literal("drawn"), png: z.string().max(Math.ceil(MAX_MARK_PNG_BYTES / 3) * 4 + 4) }),
  ]),
  intent: z.literal(true, { message: "must be true: the signer confirms they mean to sign" }),
});
export type SignBody = z.infer<typeof signBody>;

/** The body limit of the sign route: a drawn mark at its largest, in base64, and the rest. */
export const SIGN_BODY_MAX_BYTES = Math.ceil(MAX_MARK_PNG_BYTES / 3) * 4 + 8192;

export const markKey = (tenantId: string, workflowId: string, position: number) =>
  `${tenantFolder(tenantId)}/workflows/${workflowId}/signers/${position}/mark.png`;

/**
 * The signer confirms: the consent they accepted (the current version and the SHA-256 of the text in
 * the language they read, which the hash names), their mark
 * and their intent are recorded with IP, user agent and how they were identified, the link is used
 * from then on, and the signing job is queued in the same transaction. The signature itself is added
 * by that job (apply-signature.ts), one signer at a time per workflow: the answer is 202.
 */
export async function requestSignature(token: string, body: SignBody, visitor: Visitor, proof: string | null) {
  // The PNG is decoded before the rows are locked, but what is wrong with the body is told only
  // after the link and the passcode are checked: a caller without them learns nothing of the ceremony.
  const checked = checkMark(body.mark);
  const db = await getDb();
  return db.transaction(async (tx) => {
    const { wf, signer } = await openLink(token, tx);
    assertOtpPassed(signer, proof);
    const accepted = acceptedConsent(body.consent);
    if (!accepted) {
      const now = consent(undefined, signerMailLocale(wf, signer, await tenantDefaultLocale(wf.tenantId, tx)));
      throw new AppError(
        "esign.consent_outdated",
        "The consent accepted is not the current text; show the current one (GET the link again) and accept it",
        {
          current: { version: now.version, sha256: now.sha256 },
        },
      );
    }
    if (checked instanceof AppError) throw checked;
    const mark = checked;
    const signers = await listSigners(wf.tenantId, wf.id, tx);
    if (!signersDue(wf.settings.esign!.signingMode, signers).some((s) => s.id === signer.id)) {
      throw new AppError("esign.not_your_turn", "Signers sign in order and an earlier signer has not signed yet");
    }
    const now = new Date();
    let markBlobKey: string | null = null;
    if (mark.kind === "drawn") {
      markBlobKey = markKey(wf.tenantId, wf.id, signer.position);
      await getBlobStore().put(markBlobKey, mark.png, "image/png");
    }
    const method = verificationMethod(signer);
    await tx
      .update(workflowSigners)
      .set({
        signRequestedAt: now,
        viewedAt: signer.viewedAt ?? now,
        state: signer.state === "invited" ? "viewed" : signer.state,
        consentVersion: body.consent.version,
        consentSha256: accepted.sha256,
        consentLocale: accepted.locale,
        verificationMethod: method,
        ip: visitor.ip,
        userAgent: visitor.userAgent?.slice(0, 500) ?? null,
        markKind: mark.kind,
        markText: mark.kind === "typed" ? mark.text : null,
        markBlobKey,
        updatedAt: now,
      })
      .where(eq(workflowSigners.id, signer.id));
    await recordEvent(tx, wf, "signer.sign-requested", signerActor(signer), {
      signer: signer.position,
      email: signer.email,
      consentVersion: body.consent.version,
      consentSha256: accepted.sha256,
      consentLocale: accepted.locale,
      verificationMethod: method,
      mark: mark.kind,
      ip: visitor.ip,
      userAgent: visitor.userAgent,
    });
    await sendEvent(tx, {
      name: "workflow/signature.requested",
      data: { tenantId: wf.tenantId, workflowId: wf.id },
      id: `signature:${signer.id}`,
    });
    return { state: "signing", signer: { position: signer.position, name: signer.name }, signRequestedAt: now.toISOString() };
  });
}

/** The mark as it is recorded, or the 422 esign.mark_invalid that names what is wrong with it. */
function checkMark(mark: SignBody["mark"]): { kind: "typed"; text: string } | { kind: "drawn"; png: Uint8Array } | AppError {
  if (mark.kind === "typed") {
    const text = typedMark(mark.text);
    if (!text) return markInvalid("mark.text", `must be 1 to ${MAX_MARK_TEXT} characters on one line`);
    return { kind: "typed", text };
  }
  const decoded = decodeMarkPng(mark.png);
  if ("problem" in decoded) return markInvalid("mark.png", decoded.problem);
  return { kind: "drawn", png: decoded.png };
}

const markInvalid = (path: string, message: string) =>
  new AppError("esign.mark_invalid", `The signature mark ${path} ${message}`, { errors: [{ path, message }] });
