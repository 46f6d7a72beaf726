"use client";
import { useState, type FormEvent } from "react";
import { useTranslations } from "next-intl";
import { Button, ButtonGroup } from "@/components/Button";
import { ErrorSummary } from "@/components/ErrorSummary";
import { Textarea } from "@/components/Field";
import { Caption } from "@/components/PageShell";
import { useHeadingFocus } from "@/app/portal/[workflowId]/use-heading-focus";
import type { Failed, SignApi } from "./sign-api";
import { senderWords } from "@/lib/i18n/sender";

const MAX_REASON = 2000; // lib/signing/ceremony/decline-signature.ts

/** The confirmation before declining: what it does (ends the signing for everyone), and the reason, which is required. */
export function DeclinePage({
  api,
  title,
  organisation,
  onBack,
  onDeclined,
  onRefusal,
}: {
  api: SignApi;
  title: string;
  organisation: string | null;
  onBack: () => void;
  onDeclined: () => void;
  onRefusal: (a: Failed) => void;
}) {
  const t = useTranslations();
  const heading = useHeadingFocus();
  const who = senderWords(organisation);
  const [reason, setReason] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);
  const [busy, setBusy] = useState(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const r = reason.trim();
    const problem = !r
      ? t("sign.decline.errors.empty")
      : r.length > MAX_REASON
        ? t("sign.decline.errors.tooLong", { max: MAX_REASON })
        : null;
    setError(problem);
    setAttempt((n) => n + 1);
    if (problem) return;
    setBusy(true);
    const a = await api.call("POST", "/decline", { reason: r });
    setBusy(false);
    if (a.ok) return onDeclined();
    onRefusal(a);
  };

  return (
    <>
      <ErrorSummary
        errors={error ? [{ targetId: "decline-reason", message: error }] : []}
        focusKey={attempt}
        title={t("sign.form.errorSummary")}
      />
      <Caption>
        <bdi>{title}</bdi>
      </Caption>
      <h1 tabIndex={-1} ref={heading}>
        {t("sign.decline.heading")}
      </h1>
      <p>{t("sign.decline.text", who)}</p>
      <form noValidate onSubmit={submit}>
        <Textarea
          id="decline-reason"
          name="reason"
          label={t("sign.decline.label")}
          hint={t("sign.decline.hint", who)}
          error={error ?? undefined}
          value={reason}
          onChange={(e) => setReason(e.target.value)}
        />
        <ButtonGroup>
          <Button type="submit" variant="warning" disabled={busy}>
            {t("sign.form.declineButton")}
          </Button>
          <Button variant="secondary" onClick={onBack} disabled={busy}>
            {t("sign.decline.back")}
          </Button>
        </ButtonGroup>
      </form>
    </>
  );
}
