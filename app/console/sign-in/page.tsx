import type { Metadata } from "next";
import { notFound, redirect } from "next/navigation";
import { getTranslations } from "next-intl/server";
import { Button } from "@/components/Button";
import { NotificationBanner } from "@/components/NotificationBanner";
import { consoleClaims, consoleEnabled } from "@/lib/console/auth";
import { safeConsolePath } from "@/lib/console/callback-path";
import { signInAction } from "../auth-actions";
import { ConsoleShell } from "../ConsoleShell";

export const dynamic = "force-dynamic";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations();
  return { title: t("console.signIn.title"), robots: { index: false, follow: false } };
}

/** /console/sign-in?callbackUrl=…: the start of sign-in, and where Auth.js reports a failed one (?error=). */
export default async function SignInPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  if (!consoleEnabled()) notFound();
  const q = await searchParams;
  const callbackUrl = safeConsolePath(q.callbackUrl);
  if (await consoleClaims()) redirect(callbackUrl);
  const t = await getTranslations();
  const failed = typeof q.error === "string";
  return (
    <ConsoleShell wide={false}>
      {failed && (
        <NotificationBanner variant="warning" title={t("console.signIn.failedTitle")}>
          <p>{q.error === "AccessDenied" ? t("console.signIn.failedDenied") : t("console.signIn.failed")}</p>
        </NotificationBanner>
      )}
      <h1>{t("console.signIn.heading")}</h1>
      <p>{t("console.signIn.lede")}</p>
      <p>{t("console.signIn.how")}</p>
      <form action={signInAction}>
        <input type="hidden" name="callbackUrl" value={callbackUrl} />
        <Button type="submit">{t("console.signIn.submit")}</Button>
      </form>
    </ConsoleShell>
  );
}
