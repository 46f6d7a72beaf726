"use client";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { Button, ButtonGroup } from "@/components/Button";
import { PORTAL_TOKEN_HOURS } from "@/lib/auth/portal-token-hours";
import type { PortalApi } from "./portal-api";
import { waitMinutes } from "./portal-words";
import styles from "./portal.module.css";
import { useHeadingFocus } from "./use-heading-focus";

const TITLES = {
  "portal.token_expired": "portal.token.expired",
  "portal.token_missing": "portal.token.missing",
  "portal.token_invalid": "portal.token.invalid",
  "portal.wrong_workflow": "portal.token.wrongWorkflow",
  "portal.role_forbidden": "portal.token.roleForbidden",
} as const;

type Sent = { kind: "sent" } | { kind: "wait"; minutes: number } | { kind: "unavailable" } | { kind: "failed" };

/**
 * The clear page for a link that no longer opens the form (expired, garbled, revoked, for another
 * form): says what happened, that typed answers are kept in this tab, and offers a fresh link by mail.
 */
export function TokenProblem({ api, code, organisation }: { api: PortalApi; code: string; organisation: string | null }) {
  const t = useTranslations();
  const heading = useHeadingFocus();
  const [sent, setSent] = useState<Sent | null>(null);
  const [busy, setBusy] = useState(false);

  const resend = async () => {
    setBusy(true);
    const a = await api.call("POST", "/resend-invite");
    setBusy(false);
    if (a.ok) return setSent({ kind: "sent" });
    if (a.status === 429) return setSent({ kind: "wait", minutes: waitMinutes(a.retryAfterS ?? 60) });
    // 401/403: the server would not for this link (too old, another form); 404: no such form;
    // 409: nobody to send it to (no recipients), or the form is over and waits for nobody.
    if ([401, 403, 404, 405, 409].includes(a.status)) return setSent({ kind: "unavailable" });
    setSent({ kind: "failed" });
  };

  return (
    <>
      <h1 tabIndex={-1} ref={heading}>
        {code in TITLES ? t(TITLES[code as keyof typeof TITLES]) : t("portal.token.other")}
      </h1>
      {code === "portal.token_expired" ? (
        <p>{t("portal.token.expiredBody", { hours: PORTAL_TOKEN_HOURS })}</p>
      ) : (
        <p>{t("portal.token.wholeLink")}</p>
      )}
      <p>{t("portal.token.kept")}</p>
      <h2>{t("portal.token.newLinkHeading")}</h2>
      <p>{t("portal.token.newLinkIntro")}</p>
      <div role="status" aria-live="polite">
        {sent?.kind === "sent" && <p className={styles.message}>{t("portal.token.sent")}</p>}
        {sent?.kind === "wait" && (
          <p className={`${styles.message} ${styles.messageError}`}>{t("portal.token.wait", { minutes: sent.minutes })}</p>
        )}
        {sent?.kind === "unavailable" && (
          <p className={`${styles.message} ${styles.messageError}`}>
            {organisation ? t("portal.token.unavailable", { organisation }) : t("portal.token.unavailableGeneric")}
          </p>
        )}
        {sent?.kind === "failed" && <p className={`${styles.message} ${styles.messageError}`}>{t("portal.token.failed")}</p>}
      </div>
      <ButtonGroup>
        <Button variant="secondary" onClick={resend} disabled={busy || sent?.kind === "sent"}>
          {t("portal.token.button")}
        </Button>
      </ButtonGroup>
    </>
  );
}
