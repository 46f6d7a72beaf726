"use client";
import { useTranslations } from "next-intl";
import { useEffect, useRef, useState, type FormEvent, type ReactNode } from "react";
import { Button, ButtonGroup } from "@/components/Button";
import { ErrorSummary } from "@/components/ErrorSummary";
import { TextInput } from "@/components/Field";
import type { Translator } from "@/lib/i18n/translator";
import type { GatedBootstrap } from "./bootstrap";
import { secondsUntil } from "./format";
import { type ApiAnswer, isTokenProblem, type PortalApi } from "./portal-api";
import { failureWords, waitMinutes } from "./portal-words";
import styles from "./portal.module.css";
import { useHeadingFocus } from "./use-heading-focus";

type Notice = { kind: "info" | "error"; text: string } | null;
type Failed = ApiAnswer<unknown> & { ok: false };

interface SendAnswer {
  sent: true;
  expiresAt: string;
  to: string;
}

/** What the gated bootstrap says about codes already sent, in words. */
function noticeOf(t: Translator, otp: Pick<GatedBootstrap["otp"], "expiresAt" | "lockedUntil"> | null): Notice {
  if (otp?.lockedUntil && secondsUntil(otp.lockedUntil) > 0) {
    return { kind: "error", text: t("otp.lockedWait", { minutes: waitMinutes(secondsUntil(otp.lockedUntil)) }) };
  }
  if (otp?.expiresAt && secondsUntil(otp.expiresAt) > 0) {
    return { kind: "info", text: t("otp.waiting", { expiresAt: new Date(otp.expiresAt) }) };
  }
  return null;
}

/** A code as typed or pasted: spaces and dashes ("123 456", "123-456") are ignored. */
const normalise = (typed: string) => typed.replace(/[\s-]+/g, "");

/**
 * The one-time passcode gate (requireOtp): the form's data stays closed until the code mailed to the
 * first recipient is verified. Works from the gated bootstrap (`otp`: a code already sent, a lockout)
 * and explains every answer of otp/send and otp/verify in plain words.
 */
export function OtpGate({
  api,
  otp,
  organisation,
  onVerified,
  onTokenProblem,
  isLinkProblem = isTokenProblem,
  intro,
}: {
  /** The portal's API, or the signing page's (the same otp/send and otp/verify rules, ceremony-bound). */
  api: Pick<PortalApi, "call">;
  /** The gated bootstrap's `otp`; null when the gate was met on another call (403 otp.required). */
  otp: Pick<GatedBootstrap["otp"], "expiresAt" | "lockedUntil"> | null;
  organisation: string | null;
  onVerified: () => void;
  onTokenProblem: (a: Failed) => void;
  /** Answers that mean the link itself no longer works (the portal's token problems by default). */
  isLinkProblem?: (a: Failed) => boolean;
  /** Why the code is asked for; the portal's words about the form by default. */
  intro?: ReactNode;
}) {
  const t = useTranslations();
  const heading = useHeadingFocus();
  const [code, setCode] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<Notice>(() => noticeOf(t, otp));
  // A code waiting (sent, unused, not expired): ask for it at once; else the first step is to send one.
  const [sent, setSent] = useState(() => secondsUntil(otp?.expiresAt) > 0);
  const input = useRef<HTMLInputElement>(null);
  // Once a code is on its way, the next thing to do is to type it: the input takes focus.
  const [focusInput, setFocusInput] = useState(false);
  useEffect(() => {
    if (focusInput && sent) input.current?.focus();
  }, [focusInput, sent]);
  const [attempt, setAttempt] = useState(0);
  const [busy, setBusy] = useState(false);

  const send = async () => {
    setBusy(true);
    const a = await api.call<SendAnswer>("POST", "/otp/send");
    setBusy(false);
    if (a.ok) {
      setSent(true);
      setFocusInput(true);
      return setNotice({ kind: "info", text: t("otp.sent", { email: a.body.to, expiresAt: new Date(a.body.expiresAt) }) });
    }
    if (isLinkProblem(a)) return onTokenProblem(a);
    // The workflow no longer asks for a code (or this token is already verified): just open the form.
    if (a.code === "otp.not_required") return onVerified();
    const minutes = waitMinutes(a.retryAfterS ?? 60);
    setNotice({
      kind: "error",
      text:
        a.code === "otp.locked"
          ? t("otp.lockedWait", { minutes })
          : a.code === "otp.rate_limited"
            ? t("otp.rateLimited", { minutes })
            : failureWords(t, a, t("otp.sendFailed")),
    });
  };

  const fail = (message: string) => {
    setError(message);
    setAttempt((n) => n + 1);
  };

  const verify = async (e: FormEvent) => {
    e.preventDefault();
    const otpCode = normalise(code);
    // A refused send said earlier is no longer the news: the answer to this code is.
    setNotice((n) => (n?.kind === "error" ? null : n));
    if (!otpCode) return fail(t("otp.enterCode"));
    if (!/^\d{6}$/.test(otpCode)) return fail(t("otp.codeFormat"));
    setBusy(true);
    const a = await api.call("POST", "/otp/verify", { otp: otpCode });
    setBusy(false);
    if (a.ok) return onVerified();
    if (isLinkProblem(a)) return onTokenProblem(a);
    if (a.code === "otp.not_required") return onVerified();
    const left = typeof a.body.attemptsLeft === "number" ? a.body.attemptsLeft : null;
    const minutes = waitMinutes(a.retryAfterS ?? 900);
    fail(
      a.code === "otp.invalid"
        ? left === null
          ? t("otp.wrong")
          : t("otp.wrongTriesLeft", { left })
        : a.code === "otp.locked"
          ? t("otp.locked", { minutes })
          : a.code === "otp.expired"
            ? t("otp.expired")
            : a.code === "otp.not_sent"
              ? t("otp.notSent")
              : failureWords(t, a, t("otp.checkFailed")),
    );
  };

  return (
    <>
      <ErrorSummary errors={error ? [{ targetId: "otp", message: error }] : []} focusKey={attempt} />
      <h1 tabIndex={-1} ref={heading}>
        {sent ? t("otp.headingEnter") : t("otp.headingSend")}
      </h1>
      <p>{intro ?? (organisation ? t("otp.intro", { organisation }) : t("otp.introGeneric"))}</p>
      <div role="status" aria-live="polite">
        {notice && <p className={`${styles.message} ${notice.kind === "error" ? styles.messageError : ""}`}>{notice.text}</p>}
      </div>
      {sent ? (
        <>
          <form noValidate onSubmit={verify}>
            <TextInput
              ref={input}
              id="otp"
              name="otp"
              label={t("otp.label")}
              hint={t("otp.hint")}
              error={error ?? undefined}
              autoComplete="one-time-code"
              inputMode="numeric"
              spellCheck={false}
              className={styles.code}
              value={code}
              onChange={(e) => setCode(e.target.value)}
            />
            <ButtonGroup>
              <Button type="submit" disabled={busy}>
                {t("otp.continue")}
              </Button>
            </ButtonGroup>
          </form>
          <p>
            {t("otp.notReceived")}{" "}
            <Button variant="link" onClick={send} disabled={busy}>
              {t("otp.resend")}
            </Button>
          </p>
        </>
      ) : (
        <ButtonGroup>
          <Button onClick={send} disabled={busy}>
            {t("otp.send")}
          </Button>
        </ButtonGroup>
      )}
    </>
  );
}
