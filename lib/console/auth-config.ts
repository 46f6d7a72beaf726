import type { NextAuthConfig } from "next-auth";
import type { JWT } from "next-auth/jwt";
import { env } from "@/lib/env";
import { safeConsolePath } from "./callback-path";

/** The provider id: the IdP redirects back to `${PUBLIC_BASE_URL}/api/auth/callback/oidc`. */
export const CONSOLE_PROVIDER_ID = "oidc";
const DEV_SECRET = "development-only-console-session-secret-never-use-in-production";

export const authSecret = () => env().AUTH_SECRET ?? DEV_SECRET;
export const consoleEnabled = () => Boolean(env().AUTH_ISSUER && env().CONSOLE_CLIENT_ID);

/** What the session cookie keeps: the claims the principal is read from, and the ID token for sign-out. */
export interface ConsoleToken extends JWT {
  claims?: Record<string, unknown>;
  idToken?: string;
  /** Absolute end of the session (epoch seconds), fixed at sign-in: activity does not extend it. */
  endsAt?: number;
}

/** The console's Auth.js configuration, built per request from the validated environment (nothing at build time). */
export function consoleAuthConfig(): NextAuthConfig {
  const e = env();
  // Auth.js takes its own origin from AUTH_URL (read from process.env at each request); pinning it
  // to PUBLIC_BASE_URL means no Host or X-Forwarded-Host header can change the redirect_uri or the
  // origin that callback URLs are checked against. An AUTH_URL set by the operator wins.
  process.env.AUTH_URL ??= new URL("/api/auth", e.PUBLIC_BASE_URL).toString();
  const maxAge = e.CONSOLE_SESSION_MAX_AGE_S;
  // Only the claims principalFromClaims reads (names as configured, dotted or not), plus the display name.
  const kept = ["sub", "name", "client_id", "azp", e.AUTH_TENANT_CLAIM, e.AUTH_EMAIL_CLAIM, e.AUTH_ROLES_CLAIM];
  return {
    basePath: "/api/auth",
    secret: authSecret(),
    session: { strategy: "jwt", maxAge },
    pages: { signIn: "/console/sign-in", error: "/console/sign-in", signOut: "/console/signed-out" },
    providers: [
      {
        id: CONSOLE_PROVIDER_ID,
        name: "your organisation's sign-in",
        type: "oidc",
        issuer: e.AUTH_ISSUER,
        clientId: e.CONSOLE_CLIENT_ID,
        clientSecret: e.CONSOLE_CLIENT_SECRET,
        checks: ["pkce", "state", "nonce"],
        authorization: { params: { scope: e.CONSOLE_SCOPES } },
        profile: (p) => ({
          id: String(p.sub),
          name: typeof p.name === "string" ? p.name : null,
          email: typeof p.email === "string" ? p.email : null,
        }),
      },
    ],
    callbacks: {
      // Auth.js's default allows any same-origin URL; the console allows only its own pages.
      redirect: ({ url, baseUrl }) => {
        const u = URL.canParse(url) ? new URL(url) : null;
        const path = u ? (u.origin === baseUrl ? u.pathname + u.search : "") : url;
        return `${baseUrl}${safeConsolePath(path, baseUrl)}`;
      },
      jwt: ({ token, profile, account }) => {
        const t = token as ConsoleToken;
        if (profile) {
          // Sign-in: profile holds the ID token's claims, checked by Auth.js (issuer, audience, nonce).
          t.claims = Object.fromEntries(kept.filter((k) => k in profile).map((k) => [k, (profile as Record<string, unknown>)[k]]));
          t.idToken = account?.id_token;
          t.endsAt = Math.floor(Date.now() / 1000) + maxAge;
        }
        if (!t.claims || !t.endsAt || t.endsAt <= Date.now() / 1000) return null;
        return t;
      },
      session: ({ session, token }) => {
        const t = token as ConsoleToken;
        // What /api/auth/session shows the browser: no ID token, only who is signed in and until when.
        return { ...session, claims: t.claims, expires: new Date((t.endsAt ?? 0) * 1000).toISOString() } as unknown as typeof session;
      },
    },
  };
}
