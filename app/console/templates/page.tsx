import type { Metadata } from "next";
import { NotificationBanner } from "@/components/NotificationBanner";
import { Table } from "@/components/Table";
import { consoleAccess } from "@/lib/console/session";
import type { TemplateSummary } from "@/lib/console/template-form";
import { previewableTemplates, templateForPreview } from "@/lib/console/template-preview";
import { plural } from "@/lib/plural";
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
  return {
    title: chosen ? `Preview ${chosen.title} – Sealpost console` : "Templates – Sealpost console",
    robots: { index: false, follow: false },
  };
}

/**
 * /console/templates: the batch templates, and with ?template=<path> (a name from that list only,
 * never opened as a path) one of them rendered live from sample data the author edits.
 */
export default async function TemplatesPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const q = await searchParams;
  const asked = typeof q.template === "string" ? q.template : undefined;
  const access = await consoleAccess(asked ? href(asked) : PATH);
  if (!access.ok) return <NoAccess access={access} />;
  const chosen = await templateForPreview(asked);
  if (chosen) {
    return (
      <ConsoleShell principal={access.principal}>
        <TemplatePreview template={chosen.template} initialValues={chosen.values} />
      </ConsoleShell>
    );
  }
  const templates = await previewableTemplates();
  return (
    <ConsoleShell principal={access.principal}>
      {asked !== undefined && (
        <NotificationBanner variant="warning" title="Template not found">
          <p>There is no template for batches called “{asked}”. Choose one of the templates below.</p>
        </NotificationBanner>
      )}
      <h1>Templates</h1>
      <p className={styles.lede}>
        The templates your organisation sends batches from. Preview one with sample data to see its pages and what is checked in them before
        you send.
      </p>
      {templates.length === 0 ? (
        <p>
          There is no template for batches. A template for batches says how its documents go out (distribution in its front matter); ask
          your administrator to add one.
        </p>
      ) : (
        <Table<TemplateSummary>
          caption={`${plural(templates.length, "template")} for batches`}
          captionHidden
          rows={templates}
          rowKey={(t) => t.path}
          columns={[
            {
              key: "title",
              header: "Template",
              cell: (t) => (
                <>
                  <a href={href(t.path)}>
                    Preview <span className="visually-hidden">template </span>
                    {t.title}
                  </a>
                  <div className={styles.secondary}>{t.path}</div>
                </>
              ),
            },
            {
              key: "fields",
              header: "Fields",
              cell: (t) => t.fields.map((f) => (f.required ? `${f.label} (required)` : f.label)).join(", ") || "None",
            },
            { key: "locale", header: "Locale", cell: (t) => t.locale },
          ]}
        />
      )}
    </ConsoleShell>
  );
}
