"use client";
import { useState, type FormEvent } from "react";
import { Button, ButtonGroup } from "@/components/Button";
import { ErrorSummary } from "@/components/ErrorSummary";
import { TextInput } from "@/components/Field";
import { Caption } from "@/components/PageShell";
import type { PortalApi } from "./portal-api";
import styles from "./portal.module.css";
import { useHeadingFocus } from "./use-heading-focus";

/**
 * The one-time passcode gate (requireOtp): the form's data stays closed until the code mailed to the
 * first recipient is verified. One input; pasting the code works and spaces are ignored.
 */
export function OtpGate({ api, title, onVerified }: { api: PortalApi; title: string; onVerified: () => void }) {
  const heading = useHeadingFocus();
  const [code, setCode] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [info, setInfo] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);
  const [busy, setBusy] = useState(false);

  const send = async () => {
    setBusy(true);
    const a = await api.call("POST", "/otp/send");
    setBusy(false);
    if (a.ok) return setInfo("We have sent a 6-digit code to your email address. It works for 10 minutes.");
    if (a.status === 429) return setInfo(`A code was sent a moment ago. You can ask for another in ${a.retryAfterS ?? 60} seconds.`);
    setInfo(a.status === 404 || a.status === 405 ? "Codes cannot be sent from this page right now. Try again later." : "The code could not be sent. Try again in a minute.");
  };

  const verify = async (e: FormEvent) => {
    e.preventDefault();
    const otp = code.replace(/\s+/g, "");
    if (!/^\d{6}$/.test(otp)) {
      setError("Enter the 6-digit code from your email");
      return setAttempt((n) => n + 1);
    }
    setBusy(true);
    const a = await api.call("POST", "/otp/verify", { otp });
    setBusy(false);
    if (a.ok) return onVerified();
    setError(
      a.status === 429
        ? "Too many wrong codes. Ask for a new code and try again."
        : a.status === 404 || a.status === 405
          ? "Codes cannot be checked right now. Try again later."
          : "The code is not right or has expired. Check the latest email, or ask for a new code.",
    );
    setAttempt((n) => n + 1);
  };

  return (
    <>
      <ErrorSummary errors={error ? [{ targetId: "otp", message: error }] : []} focusKey={attempt} />
      <Caption>{title}</Caption>
      <h1 tabIndex={-1} ref={heading}>
        Check your email
      </h1>
      <p>To keep your answers private, enter the code we email you before you continue.</p>
      <div role="status" aria-live="polite">
        {info && <p className={styles.message}>{info}</p>}
      </div>
      <ButtonGroup>
        <Button variant="secondary" onClick={send} disabled={busy}>
          Email me a code
        </Button>
      </ButtonGroup>
      <form noValidate onSubmit={verify}>
        <TextInput
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
    </>
  );
}
