"use server";
import { redirect } from "next/navigation";
import { getLocale } from "next-intl/server";
import { z } from "zod";
import { signInPath } from "@/lib/console/callback-path";
import { consolePrincipal } from "@/lib/console/session";
import type { TemplatePreviewAnswer } from "@/lib/console/template-form";
import { previewForConsole } from "@/lib/console/template-preview";
import type { Locale } from "@/lib/i18n/locales";

/** What the page may send: a template's name (checked against the list, never opened as a path) and the form's values. */
const input = z.object({
  templatePath: z.string().min(1).max(500),
  values: z.record(z.string().max(100), z.union([z.string().max(10_000), z.boolean()])),
});

/** One preview of the form's values; the session is checked on every call, never trusted from the page. */
export async function previewTemplateAction(templatePath: unknown, values: unknown): Promise<TemplatePreviewAnswer> {
  const principal = await consolePrincipal();
  const parsed = input.safeParse({ templatePath, values });
  if (!principal)
    redirect(signInPath(`/console/templates${parsed.success ? `?template=${encodeURIComponent(parsed.data.templatePath)}` : ""}`));
  if (!parsed.success) return { ok: false, reason: "values" };
  return previewForConsole(principal, parsed.data.templatePath, parsed.data.values, (await getLocale()) as Locale);
}
