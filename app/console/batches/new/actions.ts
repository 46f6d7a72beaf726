"use server";
import { redirect } from "next/navigation";
import { signInPath } from "@/lib/console/callback-path";
import { formText } from "@/lib/console/confirm";
import { previewForConsole, sendFromConsole, TEMPLATE_ID, type PreviewAnswer, type SendAnswer } from "@/lib/console/new-batch";
import { FILE_ID, TEXT_ID } from "@/lib/console/records-input";
import { recordsText } from "@/lib/console/records-text";
import { consolePrincipal } from "@/lib/console/session";

const PATH = "/console/batches/new";

/** Reads the form's template and records; the session is checked on every call, never trusted from the page. */
async function readForm(form: FormData) {
  const principal = await consolePrincipal();
  if (!principal) redirect(signInPath(PATH));
  const { template, correlationId, confirmed } = formText(form, [TEMPLATE_ID, "correlationId", "confirmed"]);
  const records = await recordsText(form);
  const inputId = form.get(FILE_ID) instanceof File && (form.get(FILE_ID) as File).size > 0 ? FILE_ID : TEXT_ID;
  return { principal, template, correlationId, confirmed: confirmed === "yes", records, inputId };
}

/** The check step: every record with intake's findings, and what the thresholds allow. Nothing is stored. */
export async function previewBatchAction(form: FormData): Promise<PreviewAnswer> {
  const f = await readForm(form);
  if (!f.template) return { ok: false, errors: [{ targetId: TEMPLATE_ID, refusal: { code: "template.none" } }] };
  if (!f.records.ok) return { ok: false, errors: [f.records.error] };
  return previewForConsole(f.principal, f.template, f.records.text, f.inputId);
}

/** Sends the records as a batch and goes to its page; a refusal comes back to the page's error summary. */
export async function sendBatchAction(form: FormData): Promise<SendAnswer> {
  const f = await readForm(form);
  if (!f.template) return { ok: false, errors: [{ targetId: TEMPLATE_ID, refusal: { code: "template.none" } }] };
  if (!f.records.ok) return { ok: false, errors: [f.records.error] };
  const sent = await sendFromConsole(f.principal, {
    templatePath: f.template,
    text: f.records.text,
    inputId: f.inputId,
    correlationId: f.correlationId,
    confirmed: f.confirmed,
  });
  if (!sent.ok) return sent;
  redirect(`/console/batches/${sent.batchId}?done=sent`);
}
