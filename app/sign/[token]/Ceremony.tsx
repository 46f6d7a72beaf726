"use client";
import { useCallback, useEffect, useState, type ReactNode } from "react";
import { useLocale, useTranslations } from "next-intl";
import { Button, ButtonGroup } from "@/components/Button";
import { PageShell } from "@/components/PageShell";
import { OtpGate } from "@/app/portal/[workflowId]/OtpGate";
import { ProblemPage } from "@/app/portal/[workflowId]/StatusPages";
import { AfterPages, type After } from "./AfterPages";
import { DeclinePage } from "./DeclinePage";
import { refusalOf, type Refusal } from "./refusals";
import { type Bootstrap, type Failed, type OpenBootstrap, SignApi } from "./sign-api";
import { SignForm } from "./SignForm";
import { senderWords } from "@/lib/i18n/sender";

type View =
  | { kind: "loading" }
  | { kind: "otp" }
  | { kind: "sign"; consentChanged?: boolean; key: number }
  | { kind: "decline" }
  | { kind: "after"; state: After }
  | { kind: "problem"; title: string; text: string[]; retry?: boolean }
  /** An API refusal, worded at render (refusals.ts) with the organisation known by then. */
  | { kind: "refused"; failure: Failed };
type Shown = Exclude<View, { kind: "refused" }>;

const isOpen = (b: Bootstrap): b is OpenBootstrap => "document" in b;
let seq = 0;

/** Link problems the passcode page hands back to the ceremony (everything but the passcode's own answers). */
const linkProblem = (a: Failed) => a.code.startsWith("esign.") || a.code === "otp.required";

/**
 * The signing ceremony: loads the link's bootstrap and shows the passcode page first when the signer
 * needs one, then the document to read and sign (or decline), then what became of the signature.
 * Every refusal of the API is a page in plain words (refusals.ts). Its words are the page's language
 * (the messages the page hands it); the consent is asked for in that language too. `languageMenu`
 * is the server's form, in the header on every step.
 */
export function Ceremony({ token, languageMenu }: { token: string; languageMenu: ReactNode }) {
  const t = useTranslations();
  const locale = useLocale();
  const [api, setApi] = useState<SignApi | null>(null);
  const [boot, setBoot] = useState<Bootstrap | null>(null);
  const [shown, setView] = useState<View>({ kind: "loading" });

  const organisation = boot?.organizationName ?? null;
  // Stable, so that `load` and the effect below run once per link: a `refuse` that changed with the
  // organisation would load the bootstrap a second time, and that second answer would put a signer
  // who had already moved on (to the decline page, say) back on the document.
  const refuse = useCallback((failure: Failed) => setView({ kind: "refused", failure }), []);
  const view: Shown = shown.kind === "refused" ? refusedView(refusalOf(shown.failure, organisation, t)) : shown;

  const load = useCallback(
    async (sign: SignApi, consentChanged = false) => {
      const a = await sign.call<Bootstrap>("GET", `?locale=${encodeURIComponent(locale)}`);
      if (!a.ok) return refuse(a);
      setBoot(a.body);
      if (!isOpen(a.body)) return setView({ kind: "otp" });
      setView({ kind: "sign", consentChanged, key: ++seq });
    },
    [refuse, locale],
  );

  useEffect(() => {
    // sessionStorage and the address are the browser's: the API is made there only.
    const sign = new SignApi(token);
    setApi(sign);
    void load(sign);
  }, [token, load]);

  const title = boot && isOpen(boot) ? boot.workflow.title : null;
  const page =
    view.kind === "otp"
      ? t("sign.titles.otp")
      : view.kind === "sign"
        ? t("sign.titles.sign")
        : view.kind === "decline"
          ? t("sign.titles.decline")
          : view.kind === "after"
            ? { signing: t("sign.titles.signing"), signed: t("sign.titles.signed"), declined: t("sign.titles.declined") }[view.state]
            : view.kind === "problem"
              ? view.title
              : null;
  const documentTitle = !page ? "Sealpost" : title ? t("sign.documentTitle", { page, document: title }) : t("sign.pageTitle", { page });
  const who = senderWords(organisation);

  let content;
  if (!api || view.kind === "loading") content = <p role="status">{t("sign.loading")}</p>;
  else if (view.kind === "otp")
    content = (
      <OtpGate
        api={api}
        otp={boot && !isOpen(boot) ? boot.otp : null}
        organisation={organisation}
        onVerified={() => load(api)}
        onTokenProblem={refuse}
        isLinkProblem={linkProblem}
        intro={t("sign.otpIntro", who)}
      />
    );
  else if (view.kind === "sign" && boot && isOpen(boot))
    content = (
      <SignForm
        key={view.key}
        api={api}
        boot={boot}
        consentChanged={!!view.consentChanged}
        onSigned={() => setView({ kind: "after", state: "signing" })}
        onDecline={() => setView({ kind: "decline" })}
        onRefusal={refuse}
        onConsentOutdated={() => load(api, true)}
      />
    );
  else if (view.kind === "decline" && boot && isOpen(boot))
    content = (
      <DeclinePage
        api={api}
        title={boot.workflow.title}
        organisation={organisation}
        onBack={() => setView({ kind: "sign", key: ++seq })}
        onDeclined={() => setView({ kind: "after", state: "declined" })}
        onRefusal={refuse}
      />
    );
  else if (view.kind === "after") content = <AfterPages api={api} initial={view.state} organisation={organisation} />;
  else {
    const p = view.kind === "problem" ? view : { title: t("sign.problem.title"), text: [t("sign.problem.text")], retry: true };
    content = (
      <ProblemPage title={p.title}>
        {p.text.map((line) => (
          <p key={line}>{line}</p>
        ))}
        {p.retry && (
          <ButtonGroup>
            <Button variant="secondary" onClick={() => load(api)}>
              {t("sign.problem.retry")}
            </Button>
          </ButtonGroup>
        )}
      </ProblemPage>
    );
  }

  return (
    <PageShell
      service="Sealpost"
      organisation={organisation}
      title={documentTitle}
      footer={t("sign.footer")}
      nav={languageMenu}
      skipLink={t("common.skipToContent")}
    >
      {content}
    </PageShell>
  );
}

function refusedView(r: Refusal): Shown {
  return r.kind === "otp"
    ? { kind: "otp" }
    : r.kind === "after"
      ? { kind: "after", state: r.state }
      : { kind: "problem", title: r.title, text: r.text, retry: r.retry };
}
