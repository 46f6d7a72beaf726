"use client";
import { useTranslations } from "next-intl";
import { useCallback, useEffect, useRef, useState } from "react";
import { Button, ButtonGroup } from "@/components/Button";
import { PORTAL_TOKEN_HOURS } from "@/lib/auth/portal-token-hours";
import type { ValidationResult } from "@/lib/workflow/validation/validation-result";
import { changeRequestsOf, failedErrors, otpPending, type Bootstrap, type GatedBootstrap } from "./bootstrap";
import { CheckAnswers } from "./CheckAnswers";
import { OtpGate } from "./OtpGate";
import { type ApiAnswer, isTokenProblem, PortalApi } from "./portal-api";
import { PortalShell } from "./PortalShell";
import { failureWords, stateWords } from "./portal-words";
import { Reviewer } from "./Reviewer";
import { Confirmation, FinalStatus, ProblemPage } from "./StatusPages";
import { StepPage } from "./StepPage";
import { TokenProblem } from "./TokenProblem";

type View =
  | { kind: "loading" }
  | { kind: "token"; code: string }
  | { kind: "otp" }
  | { kind: "review" }
  | { kind: "step"; index: number; focusField?: string; returnToCheck?: boolean; key: number }
  | { kind: "check" }
  | { kind: "done" }
  | { kind: "problem"; problem: "not-found" | "failed"; network: boolean };

/** Advance and fix-validation answers: where the workflow now is. */
interface Moved {
  state: Bootstrap["workflow"]["state"];
  currentStepIndex: number;
  version: number;
  validationOutcome: "passed" | "failed" | null;
  validationResults: ValidationResult[];
}

const EDITABLE = new Set(["in-progress", "changes-requested"]);
let viewSeq = 0;

/**
 * The pages the browser's Back and Forward move between (steps, check answers), kept in history
 * entries of the same address (Next.js integrates pushState); Back from step 2 is step 1, not the mail.
 */
type Place = { kind: "step"; index: number } | { kind: "check" };
const PLACE = "sealpostPlace";

function remember(v: View, push: boolean) {
  const place: Place | null = v.kind === "step" ? { kind: "step", index: v.index } : v.kind === "check" ? { kind: "check" } : null;
  if (!place) return;
  const state = { ...(window.history.state ?? {}), [PLACE]: place };
  if (push) window.history.pushState(state, "", window.location.href);
  else window.history.replaceState(state, "", window.location.href);
}

/**
 * The portal: loads the session with the link's token and shows the page its role and state call
 * for: for a participant a step, check answers, confirmation or final status (or the OTP gate first);
 * for a reviewer (the approval mail's link) the review pages; for a link that no longer works, a clear
 * page. Every change goes through the portal API.
 */
export function Portal({ workflowId }: { workflowId: string }) {
  const t = useTranslations();
  const [api, setApi] = useState<PortalApi | null>(null);
  const [boot, setBoot] = useState<Bootstrap | null>(null);
  // The gated bootstrap while a passcode is needed: it has no title, steps or data.
  const [gate, setGate] = useState<GatedBootstrap | null>(null);
  const [view, setView] = useState<View>({ kind: "loading" });
  const [attempt, setAttempt] = useState(0);
  // Fields saved since the last final validation: its old result no longer shows next to them.
  const [changedSinceValidation, setChanged] = useState<ReadonlySet<string>>(new Set());
  const version = useRef(0);

  const showFor = useCallback((b: Bootstrap, stay?: number) => {
    const s = b.workflow.state;
    if (EDITABLE.has(s)) {
      const index = stay !== undefined && stay <= b.workflow.currentStepIndex ? stay : b.workflow.currentStepIndex;
      const v: View = { kind: "step", index, key: ++viewSeq };
      remember(v, false);
      return setView(v);
    }
    const v: View = s === "validation-failed" ? { kind: "check" } : { kind: "done" };
    remember(v, false);
    setView(v);
  }, []);

  /** A move the participant makes: a new history entry, so that Back returns here. */
  const go = useCallback((v: View) => {
    remember(v, true);
    setView(v);
  }, []);

  const failure = useCallback((a: ApiAnswer<unknown> & { ok: false }) => {
    if (isTokenProblem(a)) return setView({ kind: "token", code: a.code });
    if (a.status === 403 && a.code.includes("otp")) return setView({ kind: "otp" });
    // The page says the problem in its own words, whatever the server's English detail.
    setView({ kind: "problem", problem: a.status === 404 ? "not-found" : "failed", network: a.status === 0 });
  }, []);

  const load = useCallback(
    async (portal: PortalApi, stay?: number) => {
      if (!portal.hasToken) return setView({ kind: "token", code: "portal.token_missing" });
      const a = await portal.call<Bootstrap | GatedBootstrap>("GET", "");
      if (!a.ok) return failure(a);
      if (otpPending(a.body)) {
        setGate(a.body);
        return setView({ kind: "otp" });
      }
      setGate(null);
      version.current = a.body.workflow.version;
      setBoot(a.body);
      if (a.body.role === "reviewer") return setView({ kind: "review" });
      showFor(a.body, stay);
    },
    [failure, showFor],
  );

  useEffect(() => {
    // The API needs the address bar and sessionStorage: made in the browser only.
    const portal = new PortalApi(workflowId);
    setApi(portal);
    void load(portal);
  }, [workflowId, load]);

  // Back and Forward: to the remembered page if the workflow still allows it, else where it now is.
  useEffect(() => {
    const onPop = (e: PopStateEvent) => {
      const place = (e.state as Record<string, unknown> | null)?.[PLACE] as Place | undefined;
      if (!place || !boot) return;
      const { state, currentStepIndex } = boot.workflow;
      const last = boot.steps.length - 1;
      if (place.kind === "step" && EDITABLE.has(state) && place.index <= currentStepIndex)
        setView({ kind: "step", index: place.index, key: ++viewSeq });
      else if (place.kind === "check" && ((EDITABLE.has(state) && currentStepIndex === last) || state === "validation-failed"))
        setView({ kind: "check" });
      else showFor(boot);
    };
    window.addEventListener("popstate", onPop);
    return () => window.removeEventListener("popstate", onPop);
  }, [boot, showFor]);

  // The reviewer's pages name themselves (Reviewer); the page's only title is the one rendered here,
  // never set after the fact, so nothing Next.js adds later can replace it.
  const workflowTitle = boot?.workflow.title ?? t("portal.yourForm");
  const pageName =
    view.kind === "step" && boot
      ? t("portal.pageName.step", { current: view.index + 1, total: boot.steps.length, title: boot.steps[view.index].title })
      : view.kind === "check"
        ? t("portal.pageName.check")
        : view.kind === "token"
          ? t("portal.pageName.token")
          : view.kind === "otp"
            ? t("portal.pageName.otp")
            : view.kind === "done" && boot
              ? stateWords(t, boot.workflow.state) // the words the participant reads, not the API's state name
              : "";
  const documentTitle = [pageName, workflowTitle, "Sealpost"].filter(Boolean).join(" – ");

  // Stable, so that the reviewer pages' timers (sealing poll) are not restarted by every render.
  const reload = useCallback(async () => {
    if (api) await load(api);
  }, [api, load]);

  const moved = (m: Moved) => {
    version.current = m.version;
    setBoot(
      (b) =>
        b && {
          ...b,
          workflow: { ...b.workflow, state: m.state, currentStepIndex: m.currentStepIndex, validationOutcome: m.validationOutcome },
          validationResults: m.validationResults ?? b.validationResults,
        },
    );
  };

  const organisation = boot?.workflow.organizationName ?? gate?.workflow.organizationName ?? null;
  if (view.kind === "otp") {
    return (
      <PortalShell organisation={organisation} title={documentTitle}>
        {api && (
          <OtpGate api={api} otp={gate?.otp ?? null} organisation={organisation} onVerified={() => load(api)} onTokenProblem={failure} />
        )}
      </PortalShell>
    );
  }
  if (!api || !boot || view.kind === "loading" || view.kind === "token" || view.kind === "problem") {
    return (
      <PortalShell organisation={organisation} title={documentTitle}>
        {view.kind === "token" && api ? (
          <TokenProblem api={api} code={view.code} organisation={organisation} />
        ) : view.kind === "problem" ? (
          <ProblemPage title={view.problem === "not-found" ? t("portal.problem.notFoundTitle") : t("portal.problem.title")}>
            <p>
              {view.problem === "not-found"
                ? t("portal.problem.notFound")
                : failureWords(t, { status: view.network ? 0 : 500 }, t("portal.problem.generic"))}
            </p>
            <ButtonGroup>
              <Button variant="secondary" onClick={() => api && load(api)}>
                {t("portal.problem.tryAgain")}
              </Button>
            </ButtonGroup>
          </ProblemPage>
        ) : (
          <p role="status">{t("portal.loading")}</p>
        )}
      </PortalShell>
    );
  }

  if (view.kind === "review") {
    return (
      <PortalShell organisation={organisation} footer={t("portal.reviewerFooter", { hours: PORTAL_TOKEN_HOURS })}>
        <Reviewer api={api} boot={boot} reload={reload} onTokenProblem={failure} />
      </PortalShell>
    );
  }

  const last = boot.steps.length - 1;
  const changeRequests = changeRequestsOf(boot);

  const continueFrom = async (index: number, returnToCheck?: boolean) => {
    const current = boot.workflow.currentStepIndex;
    if (index === last || (returnToCheck && current === last)) return go({ kind: "check" });
    if (index < current) return go({ kind: "step", index: index + 1, key: ++viewSeq });
    const a = await api.call<Moved>("POST", "/advance");
    if (!a.ok) return a.status === 409 ? load(api) : failure(a);
    moved(a.body);
    go({ kind: "step", index: a.body.currentStepIndex, key: ++viewSeq });
  };

  const submit = async () => {
    const a = await api.call<Moved>("POST", "/advance");
    if (!a.ok) return a.status === 409 ? load(api) : failure(a);
    moved(a.body);
    setChanged(new Set());
    if (a.body.state === "validation-failed") setAttempt((n) => n + 1);
    else if (EDITABLE.has(a.body.state)) go({ kind: "step", index: a.body.currentStepIndex, key: ++viewSeq });
    else go({ kind: "done" });
  };

  /** A "Change" or error link: to the field's step; a failed validation is reopened first. */
  const goToField = async (stepIndex: number, fieldKey: string) => {
    let current = boot.workflow.currentStepIndex;
    if (boot.workflow.state === "validation-failed") {
      const a = await api.call<Moved>("POST", "/fix-validation");
      if (!a.ok) return a.status === 409 ? load(api) : failure(a);
      moved(a.body);
      current = a.body.currentStepIndex;
    }
    // Steps after the one the workflow reopened at are reached again by continuing.
    const index = Math.min(stepIndex, current);
    go({ kind: "step", index, focusField: index === stepIndex ? fieldKey : undefined, returnToCheck: true, key: ++viewSeq });
  };

  let content;
  if (view.kind === "check") {
    content = (
      <CheckAnswers
        boot={boot}
        results={boot.workflow.state === "validation-failed" ? (boot.validationResults ?? []) : []}
        attempt={attempt}
        onChange={goToField}
        onSubmit={submit}
      />
    );
  } else if (view.kind === "done") {
    content = ["pending-approval", "sealing"].includes(boot.workflow.state) ? (
      <Confirmation boot={boot} />
    ) : (
      <FinalStatus api={api} boot={boot} />
    );
  } else {
    const step = boot.steps[view.index];
    const keys = new Set(step.fields.map((f) => f.key));
    const serverErrors =
      boot.workflow.validationOutcome === "failed"
        ? failedErrors(boot.validationResults).filter((r) => keys.has(r.fieldKey) && !changedSinceValidation.has(r.fieldKey))
        : [];
    content = (
      <StepPage
        key={view.key}
        api={api}
        boot={boot}
        stepIndex={view.index}
        versionRef={version}
        focusField={view.focusField}
        serverErrors={serverErrors}
        changeRequests={changeRequests}
        onSaved={(i, data, changed) => {
          setBoot((b) => b && { ...b, steps: b.steps.map((s) => (s.stepIndex === i ? { ...s, data } : s)) });
          setChanged((prev) => new Set([...prev, ...changed]));
        }}
        onContinue={() => continueFrom(view.index, view.returnToCheck)}
        onBack={view.index > 0 ? () => go({ kind: "step", index: view.index - 1, key: ++viewSeq }) : undefined}
        onReload={() => load(api, view.index)}
        onTokenProblem={failure}
      />
    );
  }
  return (
    <PortalShell organisation={boot.workflow.organizationName} title={documentTitle}>
      {content}
    </PortalShell>
  );
}
