"use client";
import { useTranslations } from "next-intl";
import { useCallback, useEffect, useState } from "react";
import { NotificationBanner } from "@/components/NotificationBanner";
import type { Bootstrap } from "./bootstrap";
import { DecisionPage } from "./DecisionPage";
import type { ApiAnswer, PortalApi } from "./portal-api";
import { RequestChangesPage } from "./RequestChangesPage";
import { reviewerMay, type ReviewAction } from "./review-model";
import { ReviewPage } from "./ReviewPage";
import { ReviewStatus } from "./ReviewStatus";

type Page = { kind: "review" } | { kind: "changes"; fieldKey?: string } | { kind: "decide" };

/** The reviewer's pages are history entries of the same address, so the browser's Back returns to the review. */
const PLACE = "sealpostReview";

const PAGE_TITLES = {
  review: "portal.review.titleReview",
  changes: "portal.review.titleChanges",
  decide: "portal.review.titleDecide",
} as const satisfies Record<Page["kind"], string>;

/**
 * The portal for a reviewer token (the approval mail's link): the review page, asking for changes,
 * the decision, and the outcome. Every change goes through the reviewer's API (request-changes,
 * governance-decision); after each the session is loaded again, so the outcome shows what the server
 * recorded.
 */
export function Reviewer({
  api,
  boot,
  reload,
  onTokenProblem,
}: {
  api: PortalApi;
  boot: Bootstrap;
  /** Loads the session again (Portal's bootstrap call); resolves once the new payload is shown. */
  reload: () => Promise<void>;
  onTokenProblem: (a: ApiAnswer<unknown> & { ok: false }) => void;
}) {
  const t = useTranslations();
  const [page, setPage] = useState<Page>({ kind: "review" });
  const [outcome, setOutcome] = useState<ReviewAction | null>(null);
  const [conflict, setConflict] = useState(false);
  const may = reviewerMay(boot);

  const go = useCallback((p: Page) => {
    window.history.pushState({ ...(window.history.state ?? {}), [PLACE]: p }, "", window.location.href);
    setPage(p);
  }, []);

  useEffect(() => {
    const onPop = (e: PopStateEvent) =>
      setPage(((e.state as Record<string, unknown> | null)?.[PLACE] as Page | undefined) ?? { kind: "review" });
    window.addEventListener("popstate", onPop);
    return () => window.removeEventListener("popstate", onPop);
  }, []);

  const actionable = (may.decide || may.requestChanges) && !outcome;
  const shown: Page = !actionable ? { kind: "review" } : page.kind === "changes" && !may.requestChanges ? { kind: "review" } : page;

  // Rendered, not set in an effect: see Portal's documentTitle.
  const documentTitle = [actionable ? t(PAGE_TITLES[shown.kind]) : t("portal.review.titleOutcome"), boot.workflow.title, "Sealpost"].join(
    " – ",
  );

  const done = async (action: ReviewAction) => {
    await reload();
    setConflict(false);
    setOutcome(action);
  };
  const onConflict = async () => {
    await reload();
    setConflict(true);
    go({ kind: "review" });
  };
  const back = () => go({ kind: "review" });
  const reloadQuietly = useCallback(() => void reload(), [reload]);

  const title = <title>{documentTitle}</title>;
  if (!actionable) {
    return (
      <>
        {title}
        <ReviewStatus key={`${outcome}-${conflict}`} api={api} boot={boot} action={outcome} conflict={conflict} onReload={reloadQuietly} />
      </>
    );
  }
  if (shown.kind === "changes") {
    return (
      <>
        {title}
        <RequestChangesPage
          api={api}
          boot={boot}
          fieldKey={shown.fieldKey}
          onBack={back}
          onDone={() => done("request-changes")}
          onConflict={onConflict}
          onTokenProblem={onTokenProblem}
        />
      </>
    );
  }
  if (shown.kind === "decide") {
    return (
      <>
        {title}
        <DecisionPage api={api} boot={boot} onBack={back} onDone={done} onConflict={onConflict} onTokenProblem={onTokenProblem} />
      </>
    );
  }
  return (
    <>
      {title}
      {conflict && (
        <NotificationBanner title={t("portal.review.conflictTitle")} heading={t("portal.review.conflictHeading")}>
          <p>{t("portal.review.conflictBody")}</p>
        </NotificationBanner>
      )}
      <ReviewPage boot={boot} onRequestChanges={(fieldKey) => go({ kind: "changes", fieldKey })} onDecide={() => go({ kind: "decide" })} />
    </>
  );
}
