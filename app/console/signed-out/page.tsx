import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { ConsoleShell } from "../ConsoleShell";

export const dynamic = "force-dynamic";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations();
  return { title: t("console.signIn.signedOutTitle"), robots: { index: false, follow: false } };
}

/** Where RP-initiated logout brings the browser back to (a registered post_logout_redirect_uri). */
export default async function SignedOutPage() {
  const t = await getTranslations();
  return (
    <ConsoleShell wide={false}>
      <h1>{t("console.signIn.signedOutHeading")}</h1>
      <p>{t("console.signIn.signedOutBody")}</p>
      <p>
        <a href="/console/sign-in">{t("console.signIn.signInAgain")}</a>
      </p>
    </ConsoleShell>
  );
}
