"use client";
import { useState, type FormEvent } from "react";
import { Button, ButtonGroup } from "@/components/Button";
import { ErrorSummary } from "@/components/ErrorSummary";
import { Textarea } from "@/components/Field";
import { Caption } from "@/components/PageShell";
import { useHeadingFocus } from "@/app/portal/[workflowId]/use-heading-focus";
import type { Failed, SignApi } from "./sign-api";

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
  const heading = useHeadingFocus();
  const who = organisation ?? "The sender";
  const [reason, setReason] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);
  const [busy, setBusy] = useState(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const r = reason.trim();
    const problem = !r
      ? "Enter why you are declining to sign"
      : r.length > MAX_REASON
        ? `Your reason must be ${MAX_REASON.toLocaleString("en-GB")} characters or fewer`
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
      <ErrorSummary errors={error ? [{ targetId: "decline-reason", message: error }] : []} focusKey={attempt} />
      <Caption>{title}</Caption>
      <h1 tabIndex={-1} ref={heading}>
        Are you sure you want to decline to sign?
      </h1>
      <p>If you decline, {who} is told, with your reason. Nobody else can sign this document, and you cannot undo this.</p>
      <form noValidate onSubmit={submit}>
        <Textarea
          id="decline-reason"
          name="reason"
          label="Why are you declining to sign?"
          hint={`${who} will see what you write.`}
          error={error ?? undefined}
          value={reason}
          onChange={(e) => setReason(e.target.value)}
        />
        <ButtonGroup>
          <Button type="submit" variant="warning" disabled={busy}>
            Decline to sign
          </Button>
          <Button variant="secondary" onClick={onBack} disabled={busy}>
            Go back to the document
          </Button>
        </ButtonGroup>
      </form>
    </>
  );
}
