import type { Metadata } from "next";
import { ConsoleShell } from "../ConsoleShell";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Signed out – Sealpost console", robots: { index: false, follow: false } };

/** Where RP-initiated logout brings the browser back to (a registered post_logout_redirect_uri). */
export default function SignedOutPage() {
  return (
    <ConsoleShell wide={false}>
      <h1>You are signed out</h1>
      <p>Your console session has ended, here and at your organisation&apos;s sign-in.</p>
      <p>
        <a href="/console/sign-in">Sign in again</a>
      </p>
    </ConsoleShell>
  );
}
