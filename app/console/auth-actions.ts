"use server";
import { headers } from "next/headers";
import { redirect } from "next/navigation";
import { CONSOLE_PROVIDER_ID, consoleToken, signIn, signOut } from "@/lib/console/auth";
import { safeConsolePath } from "@/lib/console/callback-path";
import { signOutDestination } from "@/lib/console/idp-logout";

// Server actions are POSTs whose Origin Next.js checks against the host: a page of another site
// cannot make a browser sign in or out here.

/** Starts the authorization code flow at the IdP, coming back to a checked console path. */
export async function signInAction(form: FormData): Promise<void> {
  await signIn(CONSOLE_PROVIDER_ID, { redirectTo: safeConsolePath(form.get("callbackUrl")) });
}

/** Ends the console session (its cookie), then the IdP's session through RP-initiated logout. */
export async function signOutAction(): Promise<void> {
  const token = await consoleToken(await headers());
  await signOut({ redirect: false });
  redirect(await signOutDestination(token?.idToken));
}
