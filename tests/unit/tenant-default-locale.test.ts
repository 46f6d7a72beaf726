import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { DEFAULT_LOCALE, isSupportedLocale, LOCALES, PSEUDO_LOCALE } from "@/lib/i18n/locales";
import { resolveLocale, supportedLocaleOf } from "@/lib/i18n/match-locale";
import { mailLocale, outsideLocale } from "@/lib/i18n/outside-locale";
import { TenantError } from "@/lib/tenants";
import { newTenantSchema, parseOrThrow, tenantPatchSchema } from "@/lib/tenants/validation";

/**
 * A tenant's default language for the people outside it: what `tenant add|update|apply` accept for
 * `defaultLocale`, and where it stands in the order of a participant's, signer's or recipient's
 * language (outsideLocale), against the page's cookie and the browser's Accept-Language.
 */

const TAGS = LOCALES.map((l) => l.tag);
const tenant = (defaultLocale: unknown) => ({ id: "acme", name: "Acme", tier: "standard", defaultLocale });

/** The tenant as `tenant add` would store it, or the TenantError it refuses it with. */
function added(defaultLocale: unknown): { locale: string | null } | TenantError {
  try {
    return { locale: parseOrThrow(newTenantSchema, tenant(defaultLocale)).defaultLocale };
  } catch (err) {
    if (err instanceof TenantError) return err;
    throw err;
  }
}

describe("a tenant's defaultLocale", () => {
  it("is one of the catalogues' languages, a regional tag read as its language's, stored as the catalogue's tag", () => {
    for (const tag of TAGS) expect(added(tag)).toEqual({ locale: tag });
    expect(added("de-AT")).toEqual({ locale: "de" });
    expect(added("fr-CA")).toEqual({ locale: "fr" });
    expect(added("pt")).toEqual({ locale: "pt-PT" });
    expect(added("EN-us")).toEqual({ locale: "en-US" });
    expect(added("zh-TW")).toEqual({ locale: "zh-Hant" });
    expect(added("iw")).toEqual({ locale: "he" });
  });

  it("is none when absent or null", () => {
    expect(parseOrThrow(newTenantSchema, { id: "acme", name: "Acme", tier: "standard" }).defaultLocale).toBeNull();
    expect(added(null)).toEqual({ locale: null });
    expect(parseOrThrow(tenantPatchSchema, { defaultLocale: null })).toEqual({ defaultLocale: null });
    expect(parseOrThrow(tenantPatchSchema, { defaultLocale: "nb-NO" })).toEqual({ defaultLocale: "nb" });
    expect(parseOrThrow(tenantPatchSchema, { name: "Acme" })).not.toHaveProperty("defaultLocale");
  });

  it("refuses anything else as tenant.invalid, naming the field, the value and every language Sealpost writes", () => {
    for (const [value, says] of [
      ["tlh", '"tlh" is not a language Sealpost writes'],
      ["hi-IN", '"hi-IN" is not a language Sealpost writes'],
      ["", '"" is not a language Sealpost writes'],
      ["*", '"*" is not a language Sealpost writes'],
      // The pseudo-locale is for tests' cookies, never a stored language.
      [PSEUDO_LOCALE, `"${PSEUDO_LOCALE}" is not a language Sealpost writes`],
      [42, "must be a language tag"],
      [["de"], "must be a language tag"],
    ] as const) {
      const err = added(value);
      expect(err, String(value)).toBeInstanceOf(TenantError);
      const { code, issues } = err as TenantError;
      expect(code).toBe("tenant.invalid");
      expect(issues).toHaveLength(1);
      expect(issues[0]).toMatch(/^defaultLocale: /);
      expect(issues[0]).toContain(says);
      expect(issues[0]).toContain(`use one of ${TAGS.join(", ")}`);
    }
  });

  it("keeps a long value out of the message but for its first characters", () => {
    const { issues } = added(`x${"y".repeat(10_000)}`) as TenantError;
    expect(issues[0].length).toBeLessThan(600);
    expect(issues[0]).toContain("(10,001 characters)");
  });

  it("never crashes on any string: it is the catalogue that string names, or tenant.invalid", () => {
    fc.assert(
      fc.property(fc.oneof(fc.string({ unit: "binary", maxLength: 60 }), fc.string({ unit: "grapheme-ascii", maxLength: 20 })), (tag) => {
        const got = added(tag);
        const expected = supportedLocaleOf(tag);
        if (expected) expect(got).toEqual({ locale: expected });
        else
          expect(got).toMatchObject({ code: "tenant.invalid", issues: [expect.stringMatching(/^defaultLocale: .* use one of en-GB, /s)] });
      }),
      { numRuns: 2000 },
    );
  });

  it("never crashes on a well-formed tag of any language and region: a catalogue's where its language has one", () => {
    const language = fc.oneof(
      fc.constantFrom(...TAGS.map((t) => t.split("-")[0]), "no", "nn", "iw", "hi", "sw"),
      fc.stringMatching(/^[a-z]{2,3}$/),
    );
    const region = fc.oneof(fc.constant(""), fc.stringMatching(/^-(?:[A-Z]{2}|[0-9]{3})$/), fc.constantFrom("-Hant", "-Hans", "-Latn"));
    fc.assert(
      fc.property(language, region, (lang, rest) => {
        const got = added(`${lang}${rest}`);
        if ("locale" in got) expect(isSupportedLocale(got.locale)).toBe(true);
        else expect(got.code).toBe("tenant.invalid");
      }),
      { numRuns: 1000 },
    );
  });

  it("never crashes on any JSON value a tenants file may hold", () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        const got = added(value);
        if ("locale" in got) expect(got.locale === null || isSupportedLocale(got.locale)).toBe(true);
        else expect(got.code).toBe("tenant.invalid");
      }),
      { numRuns: 500 },
    );
  });
});

describe("the language of a person outside the tenant (outsideLocale)", () => {
  it("is the person's own, else the workflow's or template's, else the tenant's default, each only where Sealpost writes it", () => {
    expect(outsideLocale({ person: "ar", document: "de-DE", tenant: "fr" })).toBe("ar");
    expect(outsideLocale({ person: null, document: "de-DE", tenant: "fr" })).toBe("de");
    expect(outsideLocale({ person: undefined, document: undefined, tenant: "fr" })).toBe("fr");
    // A template formatting Hindi dates names no language Sealpost writes: the tenant's default follows.
    expect(outsideLocale({ person: "tlh", document: "hi-IN", tenant: "fr" })).toBe("fr");
    expect(outsideLocale({ document: "hi-IN" })).toBeNull();
    expect(outsideLocale({})).toBeNull();
    expect(outsideLocale({ tenant: PSEUDO_LOCALE })).toBeNull();
  });

  it("is en-GB for a mail where none names one", () => {
    expect(mailLocale({})).toBe(DEFAULT_LOCALE);
    expect(mailLocale({ document: "hi-IN" })).toBe("en-GB");
    expect(mailLocale({ document: "hi-IN", tenant: "pl" })).toBe("pl");
    expect(mailLocale({ person: "ko", tenant: "pl" })).toBe("ko");
  });

  it("takes the first source that names a catalogue, whatever the three hold", () => {
    const tag = fc.oneof(
      fc.constant(null),
      fc.constant(undefined),
      fc.constantFrom(...TAGS, "de-AT", "pt", "zh-TW", "hi-IN", "tlh", "", PSEUDO_LOCALE),
      fc.string({ maxLength: 12 }),
    );
    fc.assert(
      fc.property(tag, tag, tag, (person, document, tenant) => {
        const first = [person, document, tenant].map(supportedLocaleOf).find((l) => l !== null) ?? null;
        expect(outsideLocale({ person, document, tenant })).toBe(first);
        expect(mailLocale({ person, document, tenant })).toBe(first ?? DEFAULT_LOCALE);
      }),
      { numRuns: 1000 },
    );
  });

  it("on a page, follows the person's choice (the cookie) first, and the browser's Accept-Language only where none names one", () => {
    const page = (cookie: string | null, named: Parameters<typeof outsideLocale>[0], acceptLanguage: string | null) =>
      resolveLocale({ cookie, explicit: outsideLocale(named), acceptLanguage });
    expect(page("de", { tenant: "fr" }, "ja")).toBe("de");
    expect(page(null, { tenant: "fr" }, "ja")).toBe("fr");
    expect(page(null, { person: "sv", tenant: "fr" }, "ja")).toBe("sv");
    expect(page(null, { document: "hi-IN" }, "ja,en;q=0.5")).toBe("ja");
    expect(page(null, {}, null)).toBe("en-GB");
  });
});
