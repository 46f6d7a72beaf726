"use client";
import { useEffect, useState } from "react";
import { useTranslations } from "next-intl";
import { Caption } from "@/components/PageShell";
import { Panel } from "@/components/Panel";
import { StatusTag } from "@/components/StatusTag";
import { useHeadingFocus } from "@/app/portal/[workflowId]/use-heading-focus";
import type { Progress, SignApi } from "./sign-api";
import styles from "./sign.module.css";
import { senderWords } from "@/lib/i18n/sender";

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
  const t = useTranslations();
  const heading = useHeadingFocus();
  return (
    <>
      {title && (
        <Caption>
          <bdi>{title}</bdi>
        </Caption>
      )}
      <h1 tabIndex={-1} ref={heading}>
        {t("sign.titles.signing")}
      </h1>
      <div role="status" aria-live="polite" className={styles.applying}>
        <p>{t("sign.after.applying")}</p>
        {slow && <p>{t("sign.after.slow")}</p>}
      </div>
    </>
  );
}

function Signed({ progress }: { progress: Progress | null }) {
  const t = useTranslations();
  const heading = useHeadingFocus();
  const complete = progress?.workflow.state === "complete";
  const s = progress?.signing;
  return (
    <>
      <Panel title={t("sign.titles.signed")} headingRef={heading}>
        {progress && (
          <>
            <bdi>{progress.workflow.title}</bdi>
            <br />
            {t.rich("sign.after.reference", {
              reference: progress.workflow.correlationId,
              strong: (chunks) => <strong>{chunks}</strong>,
            })}
          </>
        )}
      </Panel>
      <p>{t.rich("sign.after.statusSigned", { tag: (chunks) => <StatusTag colour="green">{chunks}</StatusTag> })}</p>
      <h2>{t("sign.after.nextHeading")}</h2>
      <p>{complete ? t("sign.after.complete") : t("sign.after.waiting")}</p>
      {s && !complete && <p>{t("sign.after.progress", { signed: s.signed, total: s.total })}</p>}
      <p>{t("sign.after.about")}</p>
    </>
  );
}

function Declined({ organisation, title }: { organisation: string | null; title?: string }) {
  const t = useTranslations();
  const heading = useHeadingFocus();
  const who = senderWords(organisation);
  return (
    <>
      {title && (
        <Caption>
          <bdi>{title}</bdi>
        </Caption>
      )}
      <h1 tabIndex={-1} ref={heading}>
        {t("sign.titles.declined")}
      </h1>
      <p>{t.rich("sign.after.statusDeclined", { tag: (chunks) => <StatusTag colour="red">{chunks}</StatusTag> })}</p>
      <p>{t("sign.after.told", who)}</p>
      <p>{t("sign.after.mistake", who)}</p>
    </>
  );
}
