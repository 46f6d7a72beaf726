import fc from "fast-check";
import { NextRequest } from "next/server";
import { describe, expect, it } from "vitest";
import { DEFAULT_LOCALE, isLocale, isSupportedLocale, LOCALES, localeDirection, PSEUDO_LOCALE } from "@/lib/i18n/locales";
import { acceptedLanguages, matchLocale, resolveLocale } from "@/lib/i18n/match-locale";
import { LOCALE_COOKIE, requestLocale } from "@/lib/i18n/request-locale";

const tags = LOCALES.map((l) => l.tag);
const regions = [
  "AT",
  "AU",
  "BE",
  "BR",
  "CA",
  "CH",
  "CN",
  "DE",
  "ES",
  "FR",
  "GB",
  "HK",
  "IE",
  "IN",
  "IT",
  "JP",
  "KR",
  "MO",
  "MX",
  "NO",
  "PT",
  "SG",
  "TW",
  "US",
];
/** The languages of the catalogues, as a browser may name them without a region. */
const languages = [...new Set(tags.map((t) => new Intl.Locale(t).language))];

describe("matchLocale", () => {
  it("takes every language of the menu as itself, in any case", () => {
    fc.assert(
      fc.property(fc.constantFrom(...tags), fc.array(fc.boolean(), { minLength: 12, maxLength: 12 }), (tag, upper) => {
        const spelt = [...tag].map((c, i) => (upper[i % upper.length] ? c.toUpperCase() : c.toLowerCase())).join("");
        expect(matchLocale(spelt)).toBe(tag);
      }),
    );
  });

  it("reads a language of the menu with any region as that language's catalogue", () => {
    fc.assert(
      fc.property(fc.constantFrom(...languages), fc.constantFrom(...regions), (language, region) => {
        const match = matchLocale(`${language}-${region}`);
        expect(match).not.toBeNull();
        expect(new Intl.Locale(match!).language).toBe(language === "no" || language === "nn" ? "nb" : language);
      }),
    );
  });

  it.each([
    ["en", "en-GB"],
    ["en-AU", "en-GB"],
    ["en-IN", "en-GB"],
    ["en-IE", "en-GB"],
    ["en-US", "en-US"],
    ["en-CA", "en-US"],
    ["en-PH", "en-US"],
    ["pt", "pt-PT"],
    ["pt-BR", "pt-BR"],
    ["pt-AO", "pt-PT"],
    ["pt-MZ", "pt-PT"],
    ["zh", "zh-Hans"],
    ["zh-CN", "zh-Hans"],
    ["zh-SG", "zh-Hans"],
    ["zh-Hans-CN", "zh-Hans"],
    ["zh-TW", "zh-Hant"],
    ["zh-HK", "zh-Hant"],
    ["zh-MO", "zh-Hant"],
    ["zh-Hant-HK", "zh-Hant"],
    ["no", "nb"],
    ["nn", "nb"],
    ["nb-NO", "nb"],
    ["nn-NO", "nb"],
    ["iw", "he"],
    ["de-AT", "de"],
    ["de-CH", "de"],
    ["fr-CA", "fr"],
    ["es-MX", "es"],
    ["es-419", "es"],
    ["sr-Latn", null],
    ["ru", null],
    ["hu-HU", null],
    ["*", null],
    ["", null],
    ["not a tag", null],
    ["en-XA", PSEUDO_LOCALE],
  ])("reads %s as %s", (tag, expected) => {
    expect(matchLocale(tag)).toBe(expected);
  });

  it("never throws, and answers one of Sealpost's locales or nothing, whatever it is given", () => {
    fc.assert(
      fc.property(
        fc.oneof(fc.string(), fc.string({ unit: "grapheme" }), fc.stringMatching(/^[a-zA-Z]{1,8}(-[a-zA-Z0-9]{1,8}){0,3}$/)),
        (tag) => {
          const match = matchLocale(tag);
          expect(match === null || isLocale(match)).toBe(true);
        },
      ),
    );
  });
});

describe("acceptedLanguages", () => {
  const entry = fc.record({
    tag: fc.constantFrom("de", "fr-CH", "en-US", "ja", "pt-BR", "ar", "zh-TW"),
    q: fc.option(fc.integer({ min: 0, max: 1000 }), { nil: undefined }),
  });
  const qText = (q: number) => (q === 1000 ? "1" : `0.${String(q).padStart(3, "0")}`);

  it("orders the wanted tags by q-value, ties in the header's order, and leaves out q=0", () => {
    fc.assert(
      fc.property(fc.array(entry, { maxLength: 10 }), (entries) => {
        const header = entries.map((e) => (e.q === undefined ? e.tag : `${e.tag};q=${qText(e.q)}`)).join(", ");
        const expected = entries
          .map((e, at) => ({ ...e, at, weight: e.q ?? 1000 }))
          .filter((e) => e.weight > 0)
          .sort((a, b) => b.weight - a.weight || a.at - b.at)
          .map((e) => e.tag);
        expect(acceptedLanguages(header)).toEqual(expected);
      }),
    );
  });

  it("leaves out the wildcard and a malformed q, and reads parameters in any case and spacing", () => {
    expect(acceptedLanguages("*, de;q=0.5, fr;q=abc, ja;q=1.5, es ; Q = 0.7")).toEqual(["es", "de"]);
    expect(acceptedLanguages(null)).toEqual([]);
    expect(acceptedLanguages("")).toEqual([]);
  });

  it("reads only the start of a header of any length", () => {
    const long = Array.from({ length: 5000 }, (_, i) => `x${i};q=0.1`).join(",");
    expect(acceptedLanguages(`${long},de`)).not.toContain("de");
    expect(acceptedLanguages(long).length).toBeLessThanOrEqual(32);
  });
});

describe("resolveLocale", () => {
  const anyTag = fc.oneof(fc.constantFrom(...tags, "de-AT", "zh-TW", "nn", "ru", "xx", "", PSEUDO_LOCALE), fc.string({ maxLength: 12 }));
  const header = fc
    .array(fc.tuple(anyTag, fc.integer({ min: 0, max: 10 })), { maxLength: 5 })
    .map((parts) => parts.map(([t, q]) => `${t};q=${q === 10 ? "1" : `0.${q}`}`).join(","));

  it("takes the person's choice, else the delivery's language, else the browser's first known language, else the default", () => {
    fc.assert(
      fc.property(fc.option(anyTag), fc.option(anyTag), fc.option(header), (cookie, explicit, acceptLanguage) => {
        const fromBrowser = acceptedLanguages(acceptLanguage)
          .map(matchLocale)
          .find((m) => m !== null && m !== PSEUDO_LOCALE);
        const expected = matchLocale(cookie) ?? matchLocale(explicit) ?? fromBrowser ?? DEFAULT_LOCALE;
        expect(resolveLocale({ cookie, explicit, acceptLanguage })).toBe(expected);
      }),
    );
  });

  it("follows the cookie over the delivery and the browser, and the delivery over the browser", () => {
    expect(resolveLocale({ cookie: "ar", explicit: "fr", acceptLanguage: "de" })).toBe("ar");
    expect(resolveLocale({ cookie: null, explicit: "fr", acceptLanguage: "de" })).toBe("fr");
    expect(resolveLocale({ cookie: "tlh", explicit: null, acceptLanguage: "ru, de;q=0.9, en;q=0.8" })).toBe("de");
    expect(resolveLocale({ acceptLanguage: "ru, hu" })).toBe("en-GB");
    expect(resolveLocale({ acceptLanguage: "ru", fallback: "fr" })).toBe("fr");
  });

  it("gives the pseudo-locale to a test that sets it, never to a browser that asks for it", () => {
    expect(resolveLocale({ cookie: PSEUDO_LOCALE })).toBe(PSEUDO_LOCALE);
    expect(resolveLocale({ acceptLanguage: `${PSEUDO_LOCALE}, ja;q=0.5` })).toBe("ja");
  });
});

describe("a request's language", () => {
  it("reads the cookie among others as Next.js parses it, and the browser's header", () => {
    const request = (h: Record<string, string>) => new NextRequest("https://sealpost.example/d/x", { headers: h });
    expect(requestLocale(request({ cookie: `a=1; ${LOCALE_COOKIE}=ja; b=2`, "accept-language": "de" }), "fr")).toBe("ja");
    expect(requestLocale(request({ cookie: "a=1", "accept-language": "de-CH,de;q=0.9" }), null)).toBe("de");
    expect(requestLocale(request({ "accept-language": "de" }), "pt-BR")).toBe("pt-BR");
    expect(requestLocale(request({}))).toBe("en-GB");
    // Percent-encoded as a browser may send it; a value that does not decode is no choice.
    expect(requestLocale(request({ cookie: `${LOCALE_COOKIE}=zh%2DHant` }), null)).toBe("zh-Hant");
    expect(requestLocale(request({ cookie: `${LOCALE_COOKIE}=%E0%A4%A`, "accept-language": "fr" }), null)).toBe("fr");
  });
});

describe("the languages", () => {
  it("are written right to left in Arabic and Hebrew only", () => {
    expect(tags.filter((t) => localeDirection(t) === "rtl")).toEqual(["ar", "he"]);
    expect(localeDirection(PSEUDO_LOCALE)).toBe("ltr");
  });

  it("are each named in their own language, and each is one Intl writes dates and plurals for", () => {
    for (const l of LOCALES) {
      expect(isSupportedLocale(l.tag)).toBe(true);
      expect(Intl.DateTimeFormat.supportedLocalesOf(l.tag)).toEqual([l.tag]);
      expect(Intl.PluralRules.supportedLocalesOf(l.tag)).toEqual([l.tag]);
    }
    expect(new Set(LOCALES.map((l) => l.name)).size).toBe(LOCALES.length);
  });
});
