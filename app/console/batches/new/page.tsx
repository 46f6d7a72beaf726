import type { Metadata } from "next";
import { sendThresholds } from "@/lib/batch/send-thresholds";
import { consoleAccess } from "@/lib/console/session";
import { listBatchTemplates } from "@/lib/templates/list-templates";
import { ConsoleShell } from "../../ConsoleShell";
import { NoAccess } from "../../NoAccess";
import { NewBatchForm, type TemplateChoice } from "./NewBatchForm";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "New batch – Sealpost console", robots: { index: false, follow: false } };

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
      <NewBatchForm
        templates={templates}
        thresholds={sendThresholds()}
        initialTemplate={templates.find((t) => t.path === q.template)?.path}
      />
    </ConsoleShell>
  );
}
