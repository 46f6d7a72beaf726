"use client";
import { useCallback, useRef, useState, type FormEvent } from "react";
import { Button, ButtonGroup } from "@/components/Button";
import { ErrorSummary, type ErrorItem } from "@/components/ErrorSummary";
import { Checkbox } from "@/components/Field";
import { NotificationBanner } from "@/components/NotificationBanner";
import { Caption } from "@/components/PageShell";
import { PdfView } from "@/components/PdfView";
import { saveBytes } from "@/components/save-bytes";
import { useHeadingFocus } from "@/app/portal/[workflowId]/use-heading-focus";
import { MarkInput, type MarkKind } from "./MarkInput";
import type { Failed, OpenBootstrap, SignApi } from "./sign-api";
import styles from "./sign.module.css";

const MAX_MARK_TEXT = 100; // lib/signing/pdf/mark.ts

type Errors = Partial<Record<"consent" | "mark", string>>;

/** A file name for the download, from the title: letters, digits, spaces and dashes. */

/**
 * The ceremony itself: who asks and what, the document drawn in the page, the consent (its version
 * shown, its SHA-256 sent back), the mark, and the explicit "Sign the document" that states the
 * intent; declining is offered below, behind its own confirmation page.
 */
export function SignForm({
  api,
  boot,
  consentChanged,
  onSigned,
  onDecline,
  onRefusal,
  onConsentOutdated,
}: {
  api: SignApi;
  boot: OpenBootstrap;
  /** The consent text was replaced while the page was open: say so, and ask again. */
  consentChanged: boolean;
  onSigned: () => void;
  onDecline: () => void;
  onRefusal: (a: Failed) => void;
  onConsentOutdated: () => void;
}) {
  const heading = useHeadingFocus();
  const organisation = boot.organizationName ?? "The sender";
  const [agreed, setAgreed] = useState(false);
  const [kind, setKind] = useState<MarkKind>("typed");
  const [text, setText] = useState(boot.signer.name);
  const [png, setPng] = useState<string | null>(null);
  const [errors, setErrors] = useState<Errors>(
    consentChanged ? { consent: "The consent text changed while this page was open. Read it again, then select that you agree." } : {},
  );
  const [attempt, setAttempt] = useState(consentChanged ? 1 : 0);
  const [busy, setBusy] = useState(false);
  const bytes = useRef<Promise<Uint8Array | null> | null>(null);
  const load = useCallback(() => (bytes.current ??= api.document()), [api]);
  const [paragraphs] = useState(() => boot.consent.text.split("\n").filter(Boolean));
  const [consentTitle, ...consentBody] = paragraphs;

  const order = boot.signer.order;
  const total = boot.signing.signers.length;

  const check = (): Errors => {
    const e: Errors = {};
    if (!agreed) e.consent = "Select that you agree to sign electronically";
    if (kind === "typed" && !text.trim()) e.mark = "Enter your name as your signature";
    else if (kind === "typed" && text.trim().length > MAX_MARK_TEXT) e.mark = `Your name must be ${MAX_MARK_TEXT} characters or fewer`;
    else if (kind === "drawn" && !png) e.mark = "Draw your signature in the box, or choose Type my name";
    return e;
  };

  const submit = async (ev: FormEvent) => {
    ev.preventDefault();
    const found = check();
    setErrors(found);
    setAttempt((n) => n + 1);
    if (Object.keys(found).length) return;
    setBusy(true);
    const a = await api.call("POST", "/sign", {
      consent: { version: boot.consent.version, sha256: boot.consent.sha256 },
      mark: kind === "typed" ? { kind, text: text.trim() } : { kind, png },
      intent: true,
    });
    setBusy(false);
    if (a.ok) return onSigned();
    if (a.code === "esign.consent_outdated") return onConsentOutdated();
    if (a.code === "esign.mark_invalid") {
      setAttempt((n) => n + 1);
      return setErrors({
        mark:
          kind === "typed"
            ? `Your name must be 1 to ${MAX_MARK_TEXT} characters on one line`
            : "Your drawn signature could not be used. Clear it and draw it again, or type your name",
      });
    }
    onRefusal(a);
  };

  const download = async () => {
    const pdf = await load();
    if (pdf) saveBytes(pdf, boot.document.fileName);
  };

  const summary: ErrorItem[] = [
    ...(errors.consent ? [{ targetId: "consent", message: errors.consent }] : []),
    ...(errors.mark ? [{ targetId: kind === "typed" ? "mark-text" : "mark-pad", message: errors.mark }] : []),
  ];

  return (
    <>
      <ErrorSummary errors={summary} focusKey={attempt} />
      <Caption>{organisation} asks you to sign</Caption>
      <h1 tabIndex={-1} ref={heading}>
        {boot.workflow.title}
      </h1>
      <p>
        You are signing as <strong>{boot.signer.name}</strong>
        {boot.signer.role ? `, ${boot.signer.role}` : ""}.{order ? ` You are signer ${order} of ${total}.` : ""}
      </p>
      {!boot.signer.mayActNow && (
        <NotificationBanner heading="It is not your turn to sign yet">
          <p>
            Signers sign one after another, and someone before you has not signed yet. You can read the document now; we will email you when
            it is your turn.
          </p>
        </NotificationBanner>
      )}

      <h2>Read the document</h2>
      <p>Read the whole document before you sign. Your signature goes in the box with your name on the last page.</p>
      <PdfView load={load} title={boot.workflow.title} />
      <p>
        <Button variant="link" onClick={download}>
          Download the document (PDF)
        </Button>
      </p>

      {boot.signer.mayActNow && (
        <form noValidate onSubmit={submit} className={styles.signForm}>
          <h2>{consentTitle}</h2>
          <div className={styles.consent} id="consent-text">
            {consentBody.map((p, i) => (
              <p key={i}>{p}</p>
            ))}
            <p className={styles.consentVersion}>Version of {boot.consent.version}</p>
          </div>
          <Checkbox
            id="consent"
            name="consent"
            label="I have read this and agree to sign electronically"
            error={errors.consent}
            checked={agreed}
            onChange={(e) => setAgreed(e.target.checked)}
          />

          <h2>Your signature</h2>
          <MarkInput kind={kind} onKind={setKind} text={text} onText={setText} onDrawn={setPng} error={errors.mark} />

          <h2>Sign</h2>
          <p>
            By selecting Sign the document you sign “{boot.workflow.title}” electronically as {boot.signer.name}. Your electronic signature
            has the same effect as your handwritten signature.
          </p>
          <ButtonGroup>
            <Button type="submit" disabled={busy}>
              Sign the document
            </Button>
          </ButtonGroup>
        </form>
      )}

      <h2>If you do not want to sign</h2>
      <p>You can decline to sign. {organisation} will be told, with your reason, and the document will not be completed.</p>
      <ButtonGroup>
        <Button variant="secondary" onClick={onDecline} disabled={busy}>
          Decline to sign
        </Button>
      </ButtonGroup>
    </>
  );
}
