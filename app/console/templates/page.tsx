import type { Metadata } from "next";
import type { ReactNode } from "react";
import { NextIntlClientProvider } from "next-intl";
import { getLocale, getTranslations } from "next-intl/server";
import { NotificationBanner } from "@/components/NotificationBanner";
import { Table } from "@/components/Table";
import { consoleAccess } from "@/lib/console/session";
import type { TemplateSummary } from "@/lib/console/template-form";
import { previewableTemplates, templateForPreview } from "@/lib/console/template-preview";
import { messagesFor } from "@/lib/i18n/catalogues";
import { consoleMessages } from "@/lib/i18n/pick-messages";
import { ConsoleShell } from "../ConsoleShell";
import { NoAccess } from "../NoAccess";
import styles from "../console.module.css";
import { TemplatePreview } from "./TemplatePreview";

export const dynamic = "force-dynamic";

const PATH = "/console/templates";
const href = (path: string) => `${PATH}?${new URLSearchParams({ template: path })}`;

export async function generateMetadata({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}): Promise<Metadata> {
  const q = await searchParams;
  const chosen = typeof q.template === "string" ? (await previewableTemplates()).find((t) => t.path === q.template) : undefined;
  const t = await getTranslations();
  return {
    title: chosen ? t("console.templates.previewTitle", { title: chosen.title }) : t("console.templates.title"),
    robots: { index: false, follow: false },
  };
}

/**
 * /console/templates: the batch templates, and with ?template=<path> (a name from that list only,
 * never opened as a path) one of them rendered live from sample data the author edits; the preview
 * runs in the browser, which is sent the page's language's `console.templates` words.
 */
export default async function TemplatesPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const q = await searchParams;
  const asked = typeof q.template === "string" ? q.template : undefined;
  const access = await consoleAccess(asked ? href(asked) : PATH);
  if (!access.ok) return <NoAccess access={access} />;
  const chosen = await templateForPreview(asked, await getLocale());
  if (chosen) {
    return (
      <ConsoleShell principal={access.principal}>
        <NextIntlClientProvider messages={consoleMessages(messagesFor(await getLocale()), ["templates"])}>
          <TemplatePreview template={chosen.template} initialValues={chosen.values} />
        </NextIntlClientProvider>
      </ConsoleShell>
    );
  }
  const [templates, t] = await Promise.all([previewableTemplates(), getTranslations()]);
  const hidden = (chunks: ReactNode) => <span className="visually-hidden">{chunks}</span>;
  return (
    <ConsoleShell principal={access.principal}>
      {asked !== undefined && (
        <NotificationBanner variant="warning" title={t("console.templates.notFoundTitle")}>
          <p>{t("console.templates.notFound", { name: asked })}</p>
        </NotificationBanner>
      )}
      <h1>{t("console.templates.heading")}</h1>
      <p className={styles.lede}>{t("console.templates.lede")}</p>
      {templates.length === 0 ? (
        <p>{t("console.templates.none")}</p>
      ) : (
        <Table<TemplateSummary>
          caption={t("console.templates.caption", { count: templates.length })}
          captionHidden
          rows={templates}
          rowKey={(t) => t.path}
          columns={[
            {
              key: "title",
              header: t("console.templates.colTemplate"),
              cell: (tpl) => (
                <>
                  <a href={href(tpl.path)}>{t.rich("console.templates.preview", { title: tpl.title, hidden })}</a>
                  <div className={styles.secondary}>{tpl.path}</div>
                </>
              ),
            },
            {
              key: "fields",
              header: t("console.templates.colFields"),
              cell: (tpl) =>
                tpl.fields.map((f) => (f.required ? t("console.templates.required", { label: f.label }) : f.label)).join(", ") ||
                t("console.common.none"),
            },
            { key: "locale", header: t("console.templates.colLocale"), cell: (tpl) => tpl.locale },
          ]}
        />
      )}
    </ConsoleShell>
  );
}
