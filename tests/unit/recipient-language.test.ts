import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { parseRecipients } from "@/lib/batch/recipients";
import { LOCALES } from "@/lib/i18n/locales";
import { localizedPage } from "@/lib/http/localized-pages";
import type { OpenedSession } from "@/lib/delivery/open-session";
import { pageMethods } from "@/lib/http/allowed-methods";
import { closedLinkResponse } from "@/lib/http/closed-link-response";
import { isLocalPath } from "@/lib/http/page-path";

type Closed = Exclude<OpenedSession, { state: "active" }>;

describe("a closed link's plain answer", () => {
  it("says what its page says, in the request's language, and names that language", async () => {
    const unknown = closedLinkResponse({ state: "unknown" }, "de");
    expect(unknown.status).toBe(404);
    expect(await unknown.text()).toBe("Link nicht erkannt");
    expect(unknown.headers.get("content-language")).toBe("de");
    const revoked = closedLinkResponse({ state: "revoked" } as Closed, "ja");
    expect(revoked.status).toBe(410);
    expect(await revoked.text()).toBe("このリンクは取り消されました");
    expect(await closedLinkResponse({ state: "expired" } as Closed, "en-GB").text()).toBe("This link has expired");
  });
});

describe("the recipient's page", () => {
  it("takes the language menu's POST, as the console's pages take their forms'; its file and pictures answer for themselves", () => {
    expect(pageMethods("/d/some-token")).toEqual(["GET", "POST"]);
    expect(pageMethods("/sign/some-token")).toEqual(["GET", "POST"]);
    expect(pageMethods("/")).toEqual(["GET"]);
    expect(pageMethods("/d/some-token/file")).toBeNull();
    expect(pageMethods("/d/some-token/pages/1")).toBeNull();
    expect(pageMethods("/portal/x")).toEqual(["GET", "POST"]);
  });

  it("is a page whose language follows what it opens, found by its address", () => {
    expect(localizedPage("/d/abc")).toEqual({ kind: "delivery", token: "abc" });
    expect(localizedPage("/d/abc/file")).toBeNull();
    expect(localizedPage("/portal/x")).toEqual({ kind: "portal", workflowId: "x", token: null, lang: null });
    expect(localizedPage("/portal/x?pt=t.o.k&lang=de")).toEqual({ kind: "portal", workflowId: "x", token: "t.o.k", lang: "de" });
    expect(localizedPage("/portal/x/y")).toBeNull();
    expect(localizedPage("/docs/api")).toBeNull();
    expect(localizedPage(null)).toBeNull();
  });
});

describe("the path a form sends the browser back to", () => {
  it("is a path of this site, never another host's", () => {
    expect(isLocalPath("/d/abc")).toBe(true);
    for (const bad of ["//evil.test/x", "/\\evil.test", "https://evil.test", "d/abc", "", null, undefined])
      expect(isLocalPath(bad), String(bad)).toBe(false);
    fc.assert(
      fc.property(fc.string(), (s) => {
        if (isLocalPath(s)) expect(new URL(s, "https://sealpost.test").host).toBe("sealpost.test");
      }),
    );
  });
});

describe("a batch record's recipientLocale", () => {
  const record = (recipientLocale: unknown, recipientEmail = "ana@example.test;bo@example.test;cy@example.test") => ({
    recipientEmail,
    recipientName: "Ana;Bo;Cy",
    recipientLocale,
  });

  it("names each address's language by position, regional tags read as their language's, an empty entry leaving it to the document", () => {
    const { recipients, errors, warnings } = parseRecipients(record("de-AT; ;ar"));
    expect(recipients.map((r) => [r.email, r.locale])).toEqual([
      ["ana@example.test", "de"],
      ["bo@example.test", null],
      ["cy@example.test", "ar"],
    ]);
    expect([errors, warnings]).toEqual([[], []]);
  });

  it("sends the record all the same when a tag is not one of Sealpost's languages or the counts differ, and says so", () => {
    const { recipients, errors, warnings } = parseRecipients(record("tlh;fr"));
    expect(errors).toEqual([]);
    expect(recipients.map((r) => r.locale)).toEqual([null, "fr", null]);
    expect(warnings).toHaveLength(2);
    expect(warnings[0]).toMatch(
      /^recipientLocale: "tlh" is not a language Sealpost writes \(en-GB, .*\); "ana@example.test" gets the mail in the document's language$/,
    );
    expect(warnings[1]).toBe("recipientLocale: 2 languages for 3 addresses; languages are matched by position");
  });

  it("refuses a value that is not text, and never throws on any value", () => {
    expect(parseRecipients(record(["de", "fr"])).errors).toEqual([
      "recipientLocale: must be a string of language tags separated by semicolons, such as de;fr",
    ]);
    fc.assert(
      fc.property(fc.anything(), fc.string(), (value, text) => {
        for (const r of [parseRecipients(record(value)), parseRecipients(record(text))]) {
          for (const person of r.recipients) expect(person.locale === null || LOCALES.some((l) => l.tag === person.locale)).toBe(true);
          for (const w of r.warnings) expect(w.length).toBeLessThan(1000);
        }
      }),
    );
  });
});
