"use client";
import { useState } from "react";
import { Button, ButtonGroup } from "@/components/Button";
import { waitText } from "./format";
import type { PortalApi } from "./portal-api";
import styles from "./portal.module.css";
import { useHeadingFocus } from "./use-heading-focus";

const TITLES: Record<string, string> = {
  "portal.token_expired": "Your link has expired",
  "portal.token_missing": "This link is not complete",
  "portal.token_invalid": "This link is not valid",
  "portal.wrong_workflow": "This link is for a different form",
  "portal.role_forbidden": "This link cannot be used to fill in the form",
};

type Sent = { kind: "sent" } | { kind: "wait"; wait: string } | { kind: "unavailable" } | { kind: "failed" };

/**
 * The clear page for a link that no longer opens the form (expired, garbled, revoked, for another
 * form): says what happened, that typed answers are kept in this tab, and offers a fresh link by mail.
 */
export function TokenProblem({ api, code, organisation }: { api: PortalApi; code: string; organisation: string | null }) {
  const heading = useHeadingFocus();
  const [sent, setSent] = useState<Sent | null>(null);
  const [busy, setBusy] = useState(false);
  const who = organisation ?? "the organisation that invited you";

  const resend = async () => {
    setBusy(true);
    const a = await api.call("POST", "/resend-invite");
    setBusy(false);
    if (a.ok) return setSent({ kind: "sent" });
    if (a.status === 429) return setSent({ kind: "wait", wait: waitText(a.retryAfterS ?? 60) });
    // 401/403: the server would not for this link (too old, another form); 404: no such form;
    // 409: nobody to send it to (no recipients), or the form is over and waits for nobody.
    if ([401, 403, 404, 405, 409].includes(a.status)) return setSent({ kind: "unavailable" });
    setSent({ kind: "failed" });
  };

  return (
    <>
      <h1 tabIndex={-1} ref={heading}>
        {TITLES[code] ?? "This link cannot open the form"}
      </h1>
      {code === "portal.token_expired" ? (
        <p>For your security, links to this form work for 4 hours after they were last used.</p>
      ) : (
        <p>Check that you used the whole link from your email; links copied in part do not work.</p>
      )}
      <p>
        Anything you typed in this browser tab is kept. Open the new link in this same tab (paste it into the address bar) and your answers
        are filled in again.
      </p>
      <h2>Get a new link</h2>
      <p>We can email a new link to the address the invitation was sent to.</p>
      <div role="status" aria-live="polite">
        {sent?.kind === "sent" && (
          <p className={styles.message}>We have sent a new link. It can take a few minutes to arrive; check your spam folder too.</p>
        )}
        {sent?.kind === "wait" && (
          <p className={`${styles.message} ${styles.messageError}`}>
            A new link was sent a short while ago. Check your email, or ask again in {sent.wait}.
          </p>
        )}
        {sent?.kind === "unavailable" && (
          <p className={`${styles.message} ${styles.messageError}`}>
            A new link cannot be sent from this page. Use the link in your most recent email from {who}, or ask them for a new one.
          </p>
        )}
        {sent?.kind === "failed" && (
          <p className={`${styles.message} ${styles.messageError}`}>Sending a new link did not work. Try again in a few minutes.</p>
        )}
      </div>
      <ButtonGroup>
        <Button variant="secondary" onClick={resend} disabled={busy || sent?.kind === "sent"}>
          Email me a new link
        </Button>
      </ButtonGroup>
    </>
  );
}
