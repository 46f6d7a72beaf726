import type { ReactNode } from "react";
import { getLocale, getTranslations } from "next-intl/server";
import { Button } from "@/components/Button";
import { LanguageMenu } from "@/components/LanguageMenu";
import { PageShell } from "@/components/PageShell";
import type { Principal } from "@/lib/auth/principal";
import { chooseLanguage } from "../language-action";
import { signOutAction } from "./auth-actions";
import styles from "./console.module.css";

/**
 * The console's frame, in the page's language (app/i18n-request.ts): who is signed in, for which
 * organisation, the navigation and sign-out, and the language menu, on every console page the
 * sign-in page included (a choice is kept in the cookie for every page: app/language-action.ts).
 */
export async function ConsoleShell({
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
  const [t, locale] = await Promise.all([getTranslations(), getLocale()]);
  const who = principal?.email ?? principal?.subject ?? email ?? null;
  // Each area only for an organisation licensed for it (without a principal, both: the page says what is missing).
  const licensed = (feature: string) => !principal || principal.tenant.features.includes(feature);
  const menu = (
    <LanguageMenu action={chooseLanguage} current={locale} label={t("common.language.label")} submit={t("common.language.submit")} />
  );
  const nav = who ? (
    <nav className={styles.nav} aria-label={t("console.shell.navLabel")}>
      {licensed("batchDispatch") && (
        <a className={styles.navLink} href="/console/batches">
          {t("console.shell.batches")}
        </a>
      )}
      {licensed("batchDispatch") && (
        <a className={styles.navLink} href="/console/templates">
          {t("console.shell.templates")}
        </a>
      )}
      {licensed("workflow") && (
        <a className={styles.navLink} href="/console/workflows">
          {t("console.shell.workflows")}
        </a>
      )}
      <span className={styles.who}>
        <span className="visually-hidden">{t("console.shell.signedInAs")} </span>
        {who}
      </span>
      <form action={signOutAction} className={styles.signOut}>
        <Button type="submit" variant="secondary" className={styles.signOutButton}>
          {t("console.shell.signOut")}
        </Button>
      </form>
    </nav>
  ) : null;
  return (
    <PageShell
      service={t("console.shell.service")}
      organisation={principal?.tenant.name}
      nav={
        <>
          {menu}
          {nav}
        </>
      }
      wide={wide}
      skipLink={t("common.skipToContent")}
      footer={t("console.shell.footer")}
    >
      {children}
    </PageShell>
  );
}
