"use client";
import { useTranslations } from "next-intl";
import { useMemo, type ReactNode } from "react";
import { ComponentWordsProvider, type ComponentWords } from "@/components/ComponentWords";

/**
 * The design system's own words (error summary, hidden "Error:", date boxes, step counter, banner
 * titles) in the page's language, from the catalogues' `common.form`: what every page written in
 * several languages wraps its client components in. The page's provider must give `common`.
 */
export function CatalogueWords({ children }: { children: ReactNode }) {
  const t = useTranslations();
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
  return <ComponentWordsProvider words={words}>{children}</ComponentWordsProvider>;
}
