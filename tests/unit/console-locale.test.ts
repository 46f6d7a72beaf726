import { afterEach, describe, expect, it, vi } from "vitest";
import { consoleLocale, consoleTenantLocale } from "@/lib/console/console-locale";
import { pageMethods } from "@/lib/http/allowed-methods";
import { localizedPage } from "@/lib/http/localized-pages";
import { LOCALE_COOKIE } from "@/lib/i18n/request-locale";

const claims = vi.hoisted(() => ({ current: null as Record<string, unknown> | null }));
const tenantLocale = vi.hoisted(() => ({ current: null as string | null, fails: false }));

vi.mock("@/lib/console/auth", () => ({ consoleClaims: async () => claims.current }));
vi.mock("@/lib/auth/principal", async () => ({
  principalFromClaims: async () => {
    const { AppError } = await import("@/lib/http/problem");
    if (tenantLocale.fails) throw new AppError("auth.tenant_unknown", "Tenant acme is not registered");
    return { tenant: { id: "acme", defaultLocale: tenantLocale.current } };
  },
}));

afterEach(() => {
  claims.current = null;
  tenantLocale.current = null;
  tenantLocale.fails = false;
});

/** A request as the page's configuration reads it: its cookies and its headers. */
const request = (cookie: string | null, acceptLanguage: string | null) => ({
  cookies: { get: (name: string) => (name === LOCALE_COOKIE && cookie ? { value: cookie } : undefined) },
  headers: { get: (name: string) => (name === "accept-language" ? acceptLanguage : null) },
});

describe("the console's language", () => {
  it("is the person's choice from the language menu, whatever the tenant's default and the browser say", () => {
    expect(consoleLocale(request("fr", "de-DE,de;q=0.9"), "ar")).toBe("fr");
  });

  it("else the signed-in person's tenant's default, before the browser's", () => {
    expect(consoleLocale(request(null, "fr-FR,fr;q=0.9"), "de-DE")).toBe("de");
    expect(consoleLocale(request(null, null), "ar")).toBe("ar");
  });

  it("else the browser's Accept-Language among Sealpost's languages, else en-GB", () => {
    expect(consoleLocale(request(null, "hi-IN, ja;q=0.8"), null)).toBe("ja");
    expect(consoleLocale(request(null, "hi-IN"), "xx")).toBe("en-GB");
    expect(consoleLocale(request(null, null), undefined)).toBe("en-GB");
  });

  it("reads a cookie that names no language of the menu as no choice", () => {
    expect(consoleLocale(request("klingon", null), "de")).toBe("de");
  });
});

describe("the console's stored language", () => {
  it("is the tenant default of the session's organisation", async () => {
    claims.current = { sub: "u1", email: "ann@acme.test" };
    tenantLocale.current = "pt-BR";
    expect(await consoleTenantLocale()).toBe("pt-BR");
    tenantLocale.current = "de-AT";
    expect(await consoleTenantLocale()).toBe("de");
  });

  it("is none without a session (the sign-in page), without a default, or for a tenant that is not registered: the browser's then", async () => {
    expect(await consoleTenantLocale()).toBeNull();
    claims.current = { sub: "u1" };
    expect(await consoleTenantLocale()).toBeNull();
    tenantLocale.current = "de";
    tenantLocale.fails = true;
    expect(await consoleTenantLocale()).toBeNull();
  });
});

describe("the console among the pages written in every language", () => {
  it("is every /console path, the sign-in page included, and takes the language menu's POST", () => {
    for (const path of [
      "/console",
      "/console/batches",
      "/console/batches/x?state=queued",
      "/console/sign-in?callbackUrl=%2Fconsole",
      "/console/workflows/y",
      "/console/batches/new",
      "/console/templates?template=notice.md",
    ])
      expect(localizedPage(path), path).toEqual({ kind: "console" });
    expect(localizedPage("/consoles")).toBeNull();
    expect(pageMethods("/console/templates")).toEqual(["GET", "POST"]);
    expect(pageMethods("/console/batches/new")).toEqual(["GET", "POST"]);
    expect(pageMethods("/console/batches")).toEqual(["GET", "POST"]);
    expect(pageMethods("/console/sign-in")).toEqual(["GET", "POST"]);
    expect(pageMethods("/console/batches/x/files/receipt")).toBeNull();
  });
});
