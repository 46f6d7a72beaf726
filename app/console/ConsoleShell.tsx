import type { ReactNode } from "react";
import { Button } from "@/components/Button";
import { PageShell } from "@/components/PageShell";
import type { Principal } from "@/lib/auth/principal";
import { signOutAction } from "./auth-actions";
import styles from "./console.module.css";

/** The console's frame: who is signed in, for which organisation, the navigation and sign-out. */
export function ConsoleShell({
  principal,
  email,
  children,
  wide = true,
}: {
  principal?: Principal;
  email?: string | null;
  children: ReactNode;
  wide?: boolean;
}) {
  const who = principal?.email ?? principal?.subject ?? email ?? null;
  // Each area only for an organisation licensed for it (without a principal, both: the page says what is missing).
  const licensed = (feature: string) => !principal || principal.tenant.features.includes(feature);
  const nav = who ? (
    <nav className={styles.nav} aria-label="Console">
      {licensed("batchDispatch") && (
        <a className={styles.navLink} href="/console/batches">
          Batches
        </a>
      )}
      {licensed("batchDispatch") && (
        <a className={styles.navLink} href="/console/templates">
          Templates
        </a>
      )}
      {licensed("workflow") && (
        <a className={styles.navLink} href="/console/workflows">
          Workflows
        </a>
      )}
      <span className={styles.who}>
        <span className="visually-hidden">Signed in as </span>
        {who}
      </span>
      <form action={signOutAction} className={styles.signOut}>
        <Button type="submit" variant="secondary" className={styles.signOutButton}>
          Sign out
        </Button>
      </form>
    </nav>
  ) : null;
  return (
    <PageShell
      service="Sealpost console"
      organisation={principal?.tenant.name}
      nav={nav}
      wide={wide}
      footer="Sealpost console: batches and workflows of your organisation only. Every decision is recorded with your name."
    >
      {children}
    </PageShell>
  );
}
