"use client";
import { useLocale, useTranslations } from "next-intl";
import type { ReactNode } from "react";
import { LanguageMenu } from "@/components/LanguageMenu";
import { PageShell } from "@/components/PageShell";
import { CatalogueWords } from "../../CatalogueWords";
import { chooseLanguage } from "../../language-action";

/**
 * Every portal page's frame: the design system's shell with the language menu in its header (a
 * change is kept in the cookie and recorded in the workflow's activity: app/language-action.ts), and
 * the design system's own words (error summary, date boxes, step counter) in the page's language.
 */
export function PortalShell({
  organisation,
  title,
  footer,
  children,
}: {
  organisation: string | null;
  title?: string;
  footer?: string;
  children: ReactNode;
}) {
  const t = useTranslations();
  const locale = useLocale();
  const menu = (
    <LanguageMenu action={chooseLanguage} current={locale} label={t("common.language.label")} submit={t("common.language.submit")} />
  );
  return (
    <CatalogueWords>
      <PageShell
        service="Sealpost"
        organisation={organisation}
        title={title}
        nav={menu}
        skipLink={t("common.skipToContent")}
        footer={footer ?? (organisation ? t("portal.footer", { organisation }) : t("portal.footerGeneric"))}
      >
        {children}
      </PageShell>
    </CatalogueWords>
  );
}
