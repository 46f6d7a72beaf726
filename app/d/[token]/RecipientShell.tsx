import type { ReactNode } from "react";
import { getLocale, getTranslations } from "next-intl/server";
import { LanguageMenu } from "@/components/LanguageMenu";
import { PageShell } from "@/components/PageShell";
import { chooseLanguage } from "../../language-action";

/**
 * The recipient's pages: the design system's shell, naming the sending organisation when the link is
 * known, with the language menu in the header (a change of language is recorded in the delivery's
 * activity: app/language-action.ts).
 */
export async function RecipientShell({ organisation, wide, children }: { organisation?: string; wide?: boolean; children: ReactNode }) {
  const [t, locale] = await Promise.all([getTranslations(), getLocale()]);
  const footer = organisation ? t("recipient.footer", { organisation }) : t("recipient.footerGeneric");
  const menu = (
    <LanguageMenu action={chooseLanguage} current={locale} label={t("common.language.label")} submit={t("common.language.submit")} />
  );
  return (
    <PageShell service="Sealpost" organisation={organisation} footer={footer} wide={wide} nav={menu} skipLink={t("common.skipToContent")}>
      {children}
    </PageShell>
  );
}
