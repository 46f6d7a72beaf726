"use client";
import { useCallback, useRef, useState, type FormEvent, type ReactNode } from "react";
import { useTranslations } from "next-intl";
import { Button, ButtonGroup } from "@/components/Button";
import { ErrorSummary, type ErrorItem } from "@/components/ErrorSummary";
import { Checkbox } from "@/components/Field";
import { NotificationBanner } from "@/components/NotificationBanner";
import { Caption } from "@/components/PageShell";
import { PdfView } from "@/components/PdfView";
import { saveBytes } from "@/components/save-bytes";
import { dayOf } from "@/lib/date-parts";
import { bidi } from "@/components/bidi";
import { isolate } from "@/lib/i18n/isolate";
import { useHeadingFocus } from "@/app/portal/[workflowId]/use-heading-focus";
import { MarkInput, type MarkKind } from "./MarkInput";
import type { Failed, OpenBootstrap, SignApi } from "./sign-api";
import styles from "./sign.module.css";
import { senderWords } from "@/lib/i18n/sender";

const MAX_MARK_TEXT = 100; // lib/signing/pdf/mark.ts

const strong = (chunks: ReactNode) => <strong>{bidi(chunks)}</strong>;

type Errors = Partial<Record<"consent" | "mark", string>>;

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
  const t = useTranslations();
  const heading = useHeadingFocus();
  const organisation = boot.organizationName;
  const who = senderWords(organisation);
  const [agreed, setAgreed] = useState(false);
  const [kind, setKind] = useState<MarkKind>("typed");
  const [text, setText] = useState(boot.signer.name);
  const [png, setPng] = useState<string | null>(null);
  const [errors, setErrors] = useState<Errors>(consentChanged ? { consent: t("sign.form.errors.consentChanged") } : {});
  const [attempt, setAttempt] = useState(consentChanged ? 1 : 0);
  const [busy, setBusy] = useState(false);
  const bytes = useRef<Promise<Uint8Array | null> | null>(null);
  const load = useCallback(() => (bytes.current ??= api.document()), [api]);
  const [paragraphs] = useState(() => boot.consent.text.split("\n").filter(Boolean));
  const [consentTitle, ...consentBody] = paragraphs;
  // A version is named by the day it took effect (consent.ts): the page writes that day as a date of its language.
  const versionDay = dayOf(boot.consent.version);

  const order = boot.signer.order;
  const total = boot.signing.signers.length;

  const check = (): Errors => {
    const e: Errors = {};
    if (!agreed) e.consent = t("sign.form.errors.consent");
    if (kind === "typed" && !text.trim()) e.mark = t("sign.form.errors.markEmpty");
    else if (kind === "typed" && text.trim().length > MAX_MARK_TEXT) e.mark = t("sign.form.errors.markTooLong", { max: MAX_MARK_TEXT });
    else if (kind === "drawn" && !png) e.mark = t("sign.form.errors.markDrawn");
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
        mark: kind === "typed" ? t("sign.form.errors.markInvalidTyped", { max: MAX_MARK_TEXT }) : t("sign.form.errors.markInvalidDrawn"),
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
      <ErrorSummary errors={summary} focusKey={attempt} title={t("sign.form.errorSummary")} />
      <Caption>{t("sign.form.caption", who)}</Caption>
      <h1 tabIndex={-1} ref={heading}>
        <bdi>{boot.workflow.title}</bdi>
      </h1>
      <p>
        {bidi(
          boot.signer.role
            ? t.rich("sign.form.signingAsRole", { name: isolate(boot.signer.name), role: isolate(boot.signer.role), strong })
            : t.rich("sign.form.signingAs", { name: isolate(boot.signer.name), strong }),
        )}
        {order ? ` ${t("sign.form.order", { order, total })}` : null}
      </p>
      {!boot.signer.mayActNow && (
        <NotificationBanner title={t("sign.form.bannerTitle")} heading={t("sign.refused.notYourTurn.title")}>
          <p>{t("sign.form.notYourTurn")}</p>
        </NotificationBanner>
      )}

      <h2>{t("sign.form.readHeading")}</h2>
      <p>{t("sign.form.readText")}</p>
      <PdfView
        load={load}
        title={boot.workflow.title}
        words={{
          loading: t("sign.pdf.loading"),
          failed: t("sign.pdf.failed"),
          pages: (count) => t("sign.pdf.pages", { title: isolate(boot.workflow.title), count }),
          page: (number, total) => t("sign.pdf.page", { number, total }),
        }}
      />
      <p>
        <Button variant="link" onClick={download}>
          {t("sign.form.download")}
        </Button>
      </p>

      {boot.signer.mayActNow && (
        <form noValidate onSubmit={submit} className={styles.signForm}>
          <h2>{consentTitle}</h2>
          <div className={styles.consent} id="consent-text">
            {consentBody.map((p, i) => (
              <p key={i}>{p}</p>
            ))}
            {versionDay && <p className={styles.consentVersion}>{t("sign.form.consentVersion", { version: versionDay })}</p>}
          </div>
          <Checkbox
            id="consent"
            name="consent"
            label={t("sign.form.agree")}
            error={errors.consent}
            checked={agreed}
            onChange={(e) => setAgreed(e.target.checked)}
          />

          <h2>{t("sign.form.markHeading")}</h2>
          <MarkInput kind={kind} onKind={setKind} text={text} onText={setText} onDrawn={setPng} error={errors.mark} />

          <h2>{t("sign.form.signHeading")}</h2>
          <p>{bidi(t("sign.form.signText", { title: isolate(boot.workflow.title), name: isolate(boot.signer.name) }))}</p>
          <ButtonGroup>
            <Button type="submit" disabled={busy}>
              {t("sign.form.submit")}
            </Button>
          </ButtonGroup>
        </form>
      )}

      <h2>{t("sign.form.declineHeading")}</h2>
      <p>{t("sign.form.declineText", who)}</p>
      <ButtonGroup>
        <Button variant="secondary" onClick={onDecline} disabled={busy}>
          {t("sign.form.declineButton")}
        </Button>
      </ButtonGroup>
    </>
  );
}
