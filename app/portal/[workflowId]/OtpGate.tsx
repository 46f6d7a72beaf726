"use client";
import { useEffect, useRef, useState, type FormEvent, type ReactNode } from "react";
import { Button, ButtonGroup } from "@/components/Button";
import { ErrorSummary } from "@/components/ErrorSummary";
import { TextInput } from "@/components/Field";
import type { GatedBootstrap } from "./bootstrap";
import { timeOfDayText } from "@/lib/format/moment-text";
import { secondsUntil, waitText } from "./format";
import { type ApiAnswer, failureText, isTokenProblem, type PortalApi } from "./portal-api";
import styles from "./portal.module.css";
import { useHeadingFocus } from "./use-heading-focus";
import { plural } from "@/lib/plural";

type Notice = { kind: "info" | "error"; text: string } | null;
type Failed = ApiAnswer<unknown> & { ok: false };

interface SendAnswer {
  sent: true;
  expiresAt: string;
  to: string;
}

/** What the gated bootstrap says about codes already sent, in words. */
function noticeOf(otp: Pick<GatedBootstrap["otp"], "expiresAt" | "lockedUntil"> | null): Notice {
  if (otp?.lockedUntil && secondsUntil(otp.lockedUntil) > 0) {
    return {
      kind: "error",
      text: `Too many wrong codes were entered. You can ask for a new code in ${waitText(secondsUntil(otp.lockedUntil))}.`,
    };
  }
  if (otp?.expiresAt && secondsUntil(otp.expiresAt) > 0) {
    return { kind: "info", text: `We have emailed you a code. It works until ${timeOfDayText(otp.expiresAt)}.` };
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
  const heading = useHeadingFocus();
  const [code, setCode] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<Notice>(() => noticeOf(otp));
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
      return setNotice({
        kind: "info",
        text: `We have sent a 6-digit code to ${a.body.to}. It works until ${timeOfDayText(a.body.expiresAt)}.`,
      });
    }
    if (isLinkProblem(a)) return onTokenProblem(a);
    // The workflow no longer asks for a code (or this token is already verified): just open the form.
    if (a.code === "otp.not_required") return onVerified();
    const wait = waitText(a.retryAfterS ?? 60);
    setNotice({
      kind: "error",
      text:
        a.code === "otp.locked"
          ? `Too many wrong codes were entered. You can ask for a new code in ${wait}.`
          : a.code === "otp.rate_limited"
            ? `A code was sent less than a minute ago. Check your email, or ask for another code in ${wait}.`
            : failureText(a, "The code could not be sent. Try again in a few minutes."),
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
    if (!otpCode) return fail("Enter the 6-digit code from your email");
    if (!/^\d{6}$/.test(otpCode)) return fail("The code is 6 digits, for example 123456");
    setBusy(true);
    const a = await api.call("POST", "/otp/verify", { otp: otpCode });
    setBusy(false);
    if (a.ok) return onVerified();
    if (isLinkProblem(a)) return onTokenProblem(a);
    if (a.code === "otp.not_required") return onVerified();
    const left = typeof a.body.attemptsLeft === "number" ? a.body.attemptsLeft : null;
    const wait = waitText(a.retryAfterS ?? 900);
    fail(
      a.code === "otp.invalid"
        ? `The code is not right. ${left === null ? "Check the latest email." : `You have ${plural(left, "try", "tries")} left.`}`
        : a.code === "otp.locked"
          ? `Too many wrong codes: this code no longer works. You can ask for a new code in ${wait}.`
          : a.code === "otp.expired"
            ? "The code has expired. Ask for a new code."
            : a.code === "otp.not_sent"
              ? "There is no code waiting for you (each code works once). Ask for a new code."
              : failureText(a, "The code could not be checked. Try again in a few minutes."),
    );
  };

  return (
    <>
      <ErrorSummary errors={error ? [{ targetId: "otp", message: error }] : []} focusKey={attempt} />
      <h1 tabIndex={-1} ref={heading}>
        {sent ? "Check your email" : "Confirm it is you"}
      </h1>
      <p>
        {intro ?? (
          <>
            To keep your answers private, {organisation ?? "the organisation that invited you"} asks for a code that we email to you before
            you open the form.
          </>
        )}
      </p>
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
              label="Code"
              hint="The 6 digits from the email, for example 123456"
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
                Continue
              </Button>
            </ButtonGroup>
          </form>
          <p>
            Not received it, or it has expired?{" "}
            <Button variant="link" onClick={send} disabled={busy}>
              Send a new code
            </Button>
          </p>
        </>
      ) : (
        <ButtonGroup>
          <Button onClick={send} disabled={busy}>
            Email me a code
          </Button>
        </ButtonGroup>
      )}
    </>
  );
}
