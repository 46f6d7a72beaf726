import NextAuth from "next-auth";
import { getToken } from "next-auth/jwt";
import { env } from "@/lib/env";
import { authSecret, consoleAuthConfig, consoleEnabled, type ConsoleToken } from "./auth-config";

export { CONSOLE_PROVIDER_ID, authSecret, consoleAuthConfig, consoleEnabled, type ConsoleToken } from "./auth-config";

export const { auth, signIn, signOut } = NextAuth(() => consoleAuthConfig());

/** The session's claims, or null when nobody is signed in or the session has ended. */
export async function consoleClaims(): Promise<Record<string, unknown> | null> {
  if (!consoleEnabled()) return null;
  const session = (await auth()) as { claims?: Record<string, unknown> } | null;
  return session?.claims ?? null;
}

/** The raw session token (for the ID token at sign-out), read from the request's cookie. */
export async function consoleToken(headers: Headers): Promise<ConsoleToken | null> {
  const secureCookie = new URL(env().PUBLIC_BASE_URL).protocol === "https:";
  return (await getToken({ req: { headers }, secret: authSecret(), secureCookie })) as ConsoleToken | null;
}
