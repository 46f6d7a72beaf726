"use client";
import { useEffect, useState } from "react";
import { Caption } from "@/components/PageShell";
import { Panel } from "@/components/Panel";
import { StatusTag } from "@/components/StatusTag";
import { useHeadingFocus } from "@/app/portal/[workflowId]/use-heading-focus";
import type { Progress, SignApi } from "./sign-api";
import styles from "./sign.module.css";

export type After = "signing" | "signed" | "declined";

/** How often the page asks, while the signature is applied: quickly at first, then calmly. */
const pollDelay = (ms: number) => (ms < 60_000 ? 1_500 : 10_000);
const SLOW_MS = 30_000;

/**
 * The pages after the signer acted. From the 202 of POST sign the page says the signature is being
 * applied, then follows GET progress (the link itself opens nothing more) until the signing job has
 * put it in the document. Without the passcode proof (another tab) progress is refused; the link's
 * own 410 esign.link_used still says signing, signed or declined, so the page asks that instead.
 */
export function AfterPages({ api, initial, organisation }: { api: SignApi; initial: After; organisation: string | null }) {
  const [state, setState] = useState<After>(initial);
  const [progress, setProgress] = useState<Progress | null>(null);
  const [slow, setSlow] = useState(false);

  useEffect(() => {
    let gone = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const started = Date.now();
    const ask = async () => {
      const a = await api.call<Progress>("GET", "/progress");
      if (gone) return;
      let next: After | null = null;
      if (a.ok) {
        setProgress(a.body);
        const s = a.body.signer.state;
        next = s === "signed" ? "signed" : s === "declined" ? "declined" : s === "signing" ? "signing" : null;
      } else if (a.code === "otp.required") {
        const b = await api.call("GET", "");
        const s = !b.ok && b.code === "esign.link_used" ? b.body.signerState : null;
        next = s === "signed" ? "signed" : s === "declined" ? "declined" : "signing";
      }
      if (gone) return;
      if (next) setState(next);
      if ((next ?? initial) === "signing") {
        const waited = Date.now() - started;
        if (waited > SLOW_MS) setSlow(true);
        timer = setTimeout(ask, pollDelay(waited));
      }
    };
    void ask();
    return () => {
      gone = true;
      clearTimeout(timer);
    };
  }, [api, initial]);

  if (state === "signing") return <Applying slow={slow} title={progress?.workflow.title} />;
  if (state === "declined")
    return <Declined organisation={organisation ?? progress?.organizationName ?? null} title={progress?.workflow.title} />;
  return <Signed progress={progress} />;
}

function Applying({ slow, title }: { slow: boolean; title?: string }) {
  const heading = useHeadingFocus();
  return (
    <>
      {title && <Caption>{title}</Caption>}
      <h1 tabIndex={-1} ref={heading}>
        Your signature is being applied
      </h1>
      <div role="status" aria-live="polite" className={styles.applying}>
        <p>We have your signature and are adding it to the document. This usually takes a few seconds; this page updates by itself.</p>
        {slow && (
          <p>
            This is taking longer than usual. You can close this page: your signature is recorded and will be added, and we will email you
            the signed document.
          </p>
        )}
      </div>
    </>
  );
}

function Signed({ progress }: { progress: Progress | null }) {
  const heading = useHeadingFocus();
  const complete = progress?.workflow.state === "complete";
  const s = progress?.signing;
  return (
    <>
      <Panel title="You have signed the document" headingRef={heading}>
        {progress && (
          <>
            {progress.workflow.title}
            <br />
            Reference: <strong>{progress.workflow.correlationId}</strong>
          </>
        )}
      </Panel>
      <p>
        Status: <StatusTag colour="green">Signed</StatusTag>
      </p>
      <h2>What happens next</h2>
      {complete ? (
        <p>Everyone has signed. We have emailed you a link to the signed document.</p>
      ) : (
        <p>Signed: you will receive the signed document by email when everyone has signed.</p>
      )}
      {s && !complete && (
        <p>
          {s.signed} of {s.total} signers have signed so far.
        </p>
      )}
      <p>
        Your signature is a digital signature of your own in the PDF, with your name, how you were identified and the time. Any later change
        to the document shows.
      </p>
    </>
  );
}

function Declined({ organisation, title }: { organisation: string | null; title?: string }) {
  const heading = useHeadingFocus();
  return (
    <>
      {title && <Caption>{title}</Caption>}
      <h1 tabIndex={-1} ref={heading}>
        You declined to sign
      </h1>
      <p>
        Status: <StatusTag colour="red">Declined</StatusTag>
      </p>
      <p>
        We have told {organisation ?? "the sender"}, with your reason. The document will not be signed, and nobody else is asked to sign it.
      </p>
      <p>If you declined by mistake, contact {organisation ?? "the sender"}: they can send the document again.</p>
    </>
  );
}
