import { describe, expect, it } from "vitest";
import type { Principal } from "@/lib/auth/principal";
import { reportBody, reportQuery } from "@/lib/explain/api-schemas";
import { reportLocale } from "@/lib/explain/report/get-report";

/** Which language an explain report is written in: `lang` when it names one of the catalogues, else the tenant's default, else en-GB. */
const staffOf = (defaultLocale: string | null) => ({ tenant: { id: "acme", defaultLocale } }) as unknown as Principal;

describe("the explain report's language", () => {
  it("is the one `lang` asks for, matched to a catalogue as every tag is", () => {
    expect(reportQuery.parse({ id: "c-1", lang: "fr" })).toEqual({ correlationId: "c-1", mode: "summary", lang: "fr" });
    expect(reportQuery.parse({ id: "c-1", lang: "de-DE" }).lang).toBe("de");
    expect(reportQuery.parse({ id: "c-1", lang: "pt" }).lang).toBe("pt-PT");
    expect(reportQuery.parse({ id: "c-1", lang: "zh-TW" }).lang).toBe("zh-Hant");
    expect(reportBody.parse({ correlationId: "c-1", lang: "AR" }).lang).toBe("ar");
    expect(reportLocale(staffOf("de"), "ja")).toBe("ja");
  });

  it("refuses a `lang` no catalogue writes rather than answer in another language", () => {
    for (const lang of ["xx", "klingon", "en-XA", "*", "a".repeat(40)]) {
      expect(reportQuery.safeParse({ id: "c-1", lang }).success, lang).toBe(false);
      expect(reportBody.safeParse({ correlationId: "c-1", lang }).success, lang).toBe(false);
    }
  });

  it("without `lang` is the tenant's default where it names a catalogue, else British English", () => {
    expect(reportQuery.parse({ id: "c-1" }).lang).toBeNull();
    expect(reportQuery.parse({ id: "c-1", lang: "" }).lang).toBeNull();
    expect(reportLocale(staffOf("de-AT"), null)).toBe("de");
    expect(reportLocale(staffOf("he"))).toBe("he");
    expect(reportLocale(staffOf("tlh"))).toBe("en-GB");
    expect(reportLocale(staffOf(null))).toBe("en-GB");
  });
});
