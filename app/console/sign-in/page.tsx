import type { Metadata } from "next";
import { notFound, redirect } from "next/navigation";
import { Button } from "@/components/Button";
import { NotificationBanner } from "@/components/NotificationBanner";
import { consoleClaims, consoleEnabled } from "@/lib/console/auth";
import { safeConsolePath } from "@/lib/console/callback-path";
import { signInAction } from "../auth-actions";
import { ConsoleShell } from "../ConsoleShell";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Sign in – Sealpost console", robots: { index: false, follow: false } };

/** /console/sign-in?callbackUrl=…: the start of sign-in, and where Auth.js reports a failed one (?error=). */
export default async function SignInPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  if (!consoleEnabled()) notFound();
  const q = await searchParams;
  const callbackUrl = safeConsolePath(q.callbackUrl);
  if (await consoleClaims()) redirect(callbackUrl);
  const failed = typeof q.error === "string";
  return (
    <ConsoleShell wide={false}>
      {failed && (
        <NotificationBanner variant="warning" title="Sign-in failed">
          <p>
            Signing in did not complete{q.error === "AccessDenied" ? ": access was refused" : ""}. Try again; if it keeps failing, ask your
            administrator.
          </p>
        </NotificationBanner>
      )}
      <h1>Sign in to the Sealpost console</h1>
      <p>Approve, follow and download your organisation&apos;s document batches.</p>
      <p>You sign in with your organisation&apos;s account. You will come back to the page you asked for afterwards.</p>
      <form action={signInAction}>
        <input type="hidden" name="callbackUrl" value={callbackUrl} />
        <Button type="submit">Sign in</Button>
      </form>
    </ConsoleShell>
  );
}
