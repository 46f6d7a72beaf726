"use client";
import { useLocale, useTranslations } from "next-intl";
import { useMemo, type ReactNode } from "react";
import { ComponentWordsProvider, type ComponentWords } from "@/components/ComponentWords";
import { LanguageMenu } from "@/components/LanguageMenu";
import { PageShell } from "@/components/PageShell";
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
  const words = useMemo<ComponentWords>(
    () => ({
      errorPrefix: t("common.form.errorPrefix"),
      errorSummaryTitle: t("common.form.errorSummaryTitle"),
      chooseOption: t("common.form.chooseOption"),
      dateParts: { day: t("common.form.day"), month: t("common.form.month"), year: t("common.form.year") },
      stepCounter: (current, total) => t("common.form.stepCounter", { current, total }),
      stepStatus: {
        completed: t("common.form.stepCompleted"),
        current: t("common.form.stepCurrent"),
        notCompleted: t("common.form.stepNotCompleted"),
      },
      banner: { info: t("common.form.bannerImportant"), warning: t("common.form.bannerWarning"), success: t("common.form.bannerSuccess") },
    }),
    [t],
  );
  const menu = (
    <LanguageMenu action={chooseLanguage} current={locale} label={t("common.language.label")} submit={t("common.language.submit")} />
  );
  return (
    <ComponentWordsProvider words={words}>
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
    </ComponentWordsProvider>
  );
}
