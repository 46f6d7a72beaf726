import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { resetEnvCache } from "@/lib/env";
import { consoleAuthConfig, type ConsoleToken } from "@/lib/console/auth-config";

beforeAll(() => {
  Object.assign(process.env, {
    AUTH_ISSUER: "http://127.0.0.1:9999",
    CONSOLE_CLIENT_ID: "console",
    CONSOLE_CLIENT_SECRET: "secret",
    PUBLIC_BASE_URL: "https://sealpost.example",
    CONSOLE_SESSION_MAX_AGE_S: "3600",
    AUTH_TENANT_CLAIM: "https://sealpost.example/tid",
  });
  delete process.env.AUTH_URL;
  resetEnvCache();
});
// tests/support/file-isolation.ts puts the environment back after the file.
afterAll(() => resetEnvCache());

type Jwt = (p: { token: ConsoleToken; profile?: Record<string, unknown>; account?: Record<string, unknown> | null }) => ConsoleToken | null;
type Redirect = (p: { url: string; baseUrl: string }) => string;

describe("console session", () => {
  it("keeps only the claims the principal is read from, and the ID token for sign-out", () => {
    const jwt = consoleAuthConfig().callbacks!.jwt as unknown as Jwt;
    const profile = {
      sub: "u1",
      email: "ann@acme.test",
      roles: ["admin"],
      "https://sealpost.example/tid": "acme",
      name: "Ann",
      picture: "x",
      groups: ["a", "b"],
    };
    const t = jwt({ token: {}, profile, account: { id_token: "id.token.here" } })!;
    expect(t.claims).toEqual({ sub: "u1", email: "ann@acme.test", roles: ["admin"], "https://sealpost.example/tid": "acme", name: "Ann" });
    expect(t.idToken).toBe("id.token.here");
    expect(t.endsAt! - Date.now() / 1000).toBeGreaterThan(3590);
    expect(process.env.AUTH_URL).toBe("https://sealpost.example/api/auth");
  });

  it("ends a session at its fixed end, however active it was", () => {
    const jwt = consoleAuthConfig().callbacks!.jwt as unknown as Jwt;
    const now = Math.floor(Date.now() / 1000);
    expect(jwt({ token: { claims: { sub: "u1" }, endsAt: now + 60 } })).not.toBeNull();
    expect(jwt({ token: { claims: { sub: "u1" }, endsAt: now - 1 } })).toBeNull();
    expect(jwt({ token: { endsAt: now + 60 } })).toBeNull();
  });

  it("sends a browser only to console pages of its own origin after sign-in or sign-out", () => {
    const redirect = consoleAuthConfig().callbacks!.redirect as unknown as Redirect;
    const baseUrl = "https://sealpost.example";
    expect(redirect({ url: "/console/batches/1?page=2", baseUrl })).toBe(`${baseUrl}/console/batches/1?page=2`);
    expect(redirect({ url: `${baseUrl}/console/batches`, baseUrl })).toBe(`${baseUrl}/console/batches`);
    expect(redirect({ url: "https://evil.example/console", baseUrl })).toBe(`${baseUrl}/console/batches`);
    expect(redirect({ url: "//evil.example/console", baseUrl })).toBe(`${baseUrl}/console/batches`);
    expect(redirect({ url: `${baseUrl}/api/dispatch/batch`, baseUrl })).toBe(`${baseUrl}/console/batches`);
  });
});
