"use client";
import { useCallback, useEffect, useState } from "react";
import { Button, ButtonGroup } from "@/components/Button";
import { PageShell } from "@/components/PageShell";
import { OtpGate } from "@/app/portal/[workflowId]/OtpGate";
import { ProblemPage } from "@/app/portal/[workflowId]/StatusPages";
import { AfterPages, type After } from "./AfterPages";
import { DeclinePage } from "./DeclinePage";
import { refusalOf } from "./refusals";
import { type Bootstrap, type Failed, type OpenBootstrap, SignApi } from "./sign-api";
import { SignForm } from "./SignForm";

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

const FOOTER =
  "This page is for the person the signing link was sent to. Sealpost keeps the document and your signature private to you, the other signers and the sender.";

/**
 * The signing ceremony: loads the link's bootstrap and shows the passcode page first when the signer
 * needs one, then the document to read and sign (or decline), then what became of the signature.
 * Every refusal of the API is a page in plain words (refusals.ts).
 */
export function Ceremony({ token }: { token: string }) {
  const [api, setApi] = useState<SignApi | null>(null);
  const [boot, setBoot] = useState<Bootstrap | null>(null);
  const [shown, setView] = useState<View>({ kind: "loading" });

  const organisation = boot?.organizationName ?? null;
  // Stable, so that `load` and the effect below run once per link: a `refuse` that changed with the
  // organisation would load the bootstrap a second time, and that second answer would put a signer
  // who had already moved on (to the decline page, say) back on the document.
  const refuse = useCallback((failure: Failed) => setView({ kind: "refused", failure }), []);
  const view: Shown = shown.kind === "refused" ? refusedView(shown.failure, organisation) : shown;

  const load = useCallback(
    async (sign: SignApi, consentChanged = false) => {
      const a = await sign.call<Bootstrap>("GET", "");
      if (!a.ok) return refuse(a);
      setBoot(a.body);
      if (!isOpen(a.body)) return setView({ kind: "otp" });
      setView({ kind: "sign", consentChanged, key: ++seq });
    },
    [refuse],
  );

  useEffect(() => {
    // sessionStorage and the address are the browser's: the API is made there only.
    const sign = new SignApi(token);
    setApi(sign);
    void load(sign);
  }, [token, load]);

  const title = boot && isOpen(boot) ? boot.workflow.title : null;
  const pageName = {
    loading: "",
    otp: "Check your email",
    sign: "Sign the document",
    decline: "Decline to sign",
    after:
      view.kind === "after"
        ? { signing: "Your signature is being applied", signed: "You have signed the document", declined: "You declined to sign" }[
            view.state
          ]
        : "",
    problem: view.kind === "problem" ? view.title : "",
  }[view.kind];
  const documentTitle = [pageName, title, "Sealpost"].filter(Boolean).join(" – ");

  let content;
  if (!api || view.kind === "loading") content = <p role="status">Loading the document to sign…</p>;
  else if (view.kind === "otp")
    content = (
      <OtpGate
        api={api}
        otp={boot && !isOpen(boot) ? boot.otp : null}
        organisation={organisation}
        onVerified={() => load(api)}
        onTokenProblem={refuse}
        isLinkProblem={linkProblem}
        intro={
          <>
            Before you read and sign the document, {organisation ?? "the sender"} asks us to check that this link is in your hands: we email
            you a code.
          </>
        }
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
    const p =
      view.kind === "problem"
        ? view
        : { title: "Sorry, there is a problem with the service", text: ["Try again in a few minutes."], retry: true };
    content = (
      <ProblemPage title={p.title}>
        {p.text.map((t) => (
          <p key={t}>{t}</p>
        ))}
        {p.retry && (
          <ButtonGroup>
            <Button variant="secondary" onClick={() => load(api)}>
              Try again
            </Button>
          </ButtonGroup>
        )}
      </ProblemPage>
    );
  }

  return (
    <PageShell service="Sealpost" organisation={organisation} title={documentTitle} footer={FOOTER}>
      {content}
    </PageShell>
  );
}

function refusedView(failure: Failed, organisation: string | null): Shown {
  const r = refusalOf(failure, organisation);
  return r.kind === "otp"
    ? { kind: "otp" }
    : r.kind === "after"
      ? { kind: "after", state: r.state }
      : { kind: "problem", title: r.title, text: r.text, retry: r.retry };
}
