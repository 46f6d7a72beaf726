import type { Metadata } from "next";
import { NextIntlClientProvider } from "next-intl";
import { getLocale, getTranslations } from "next-intl/server";
import { sendThresholds } from "@/lib/batch/send-thresholds";
import { consoleAccess } from "@/lib/console/session";
import { messagesFor, type Messages } from "@/lib/i18n/catalogues";
import { consoleMessages } from "@/lib/i18n/pick-messages";
import { listBatchTemplates } from "@/lib/templates/list-templates";
import { ConsoleShell } from "../../ConsoleShell";
import { NoAccess } from "../../NoAccess";
import { NewBatchForm, type TemplateChoice } from "./NewBatchForm";

export const dynamic = "force-dynamic";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations();
  return { title: t("console.newBatch.title"), robots: { index: false, follow: false } };
}

/**
 * The form's words: its own namespace, and of the batch page and the receipt only the few it says
 * alike (the back link, the records table's headings, the counts line and the record classes), so
 * that the browser is not sent the rest of them.
 */
function formMessages(m: Messages) {
  const own = consoleMessages(m, ["newBatch"]);
  const d = m.console.batches.detail;
  return {
    ...own,
    console: {
      ...own.console,
      batches: {
        detail: {
          back: d.back,
          template: d.template,
          records: d.records,
          colRecord: d.colRecord,
          colDetails: d.colDetails,
          colValidation: d.colValidation,
          to: d.to,
        },
      },
    },
    document: { receipt: { counts: m.document.receipt.counts, class: m.document.receipt.class } },
    // The check step writes each record's findings in the page's language (wordsText).
    finding: m.finding,
  };
}

/** /console/batches/new: a batch from a list, in steps (template, records, check, confirm) on one page. */
export default async function NewBatchPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const q = await searchParams;
  const access = await consoleAccess("/console/batches/new");
  if (!access.ok) return <NoAccess access={access} />;
  const templates: TemplateChoice[] = (await listBatchTemplates()).map((t) => ({
    path: t.path,
    title: t.title,
    fields: t.fields.map((f) => ({ key: f.key, label: f.label ?? f.key, required: f.required })),
  }));
  return (
    <ConsoleShell principal={access.principal}>
      <NextIntlClientProvider messages={formMessages(messagesFor(await getLocale()))}>
        <NewBatchForm
          templates={templates}
          thresholds={sendThresholds()}
          initialTemplate={templates.find((t) => t.path === q.template)?.path}
        />
      </NextIntlClientProvider>
    </ConsoleShell>
  );
}
