import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { messagesFor } from "@/lib/i18n/catalogues";
import { LOCALES, PSEUDO_LOCALE, type SupportedLocale } from "@/lib/i18n/locales";
import { DECLARATION_SHA256, declarationRead } from "@/lib/workflow/portal/declaration";

const sha256 = (text: string) => createHash("sha256").update(text, "utf8").digest("hex");

describe("the participant's declaration, per language", () => {
  it.each(LOCALES.map((l) => l.tag as SupportedLocale))(
    "%s: the catalogue's text is the newest hash recorded, so an edit cannot go unrecorded",
    (locale) => {
      const text = messagesFor(locale).portal.check.declaration;
      expect(DECLARATION_SHA256[locale].at(-1)).toBe(sha256(text));
      expect(declarationRead(locale)).toEqual({ locale, sha256: sha256(text) });
    },
  );

  it("each language records the text in that language: no two languages share one, British and American English aside", () => {
    const newest = Object.entries(DECLARATION_SHA256)
      .filter(([l]) => l !== "en-US")
      .map(([, hashes]) => hashes.at(-1));
    expect(new Set(newest).size).toBe(newest.length);
  });

  it("a page in the pseudo-locale records the accented text it showed", () => {
    const read = declarationRead(PSEUDO_LOCALE);
    expect(read.locale).toBe(PSEUDO_LOCALE);
    expect(read.sha256).toBe(sha256(messagesFor(PSEUDO_LOCALE).portal.check.declaration));
    expect(read.sha256).not.toBe(DECLARATION_SHA256["en-GB"].at(-1));
  });
});
