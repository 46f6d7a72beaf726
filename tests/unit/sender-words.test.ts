import { describe, expect, it } from "vitest";
import { messagesFor } from "@/lib/i18n/catalogues";
import { LOCALES } from "@/lib/i18n/locales";
import { senderWords } from "@/lib/i18n/sender";
import { translatorFor } from "@/lib/i18n/translator";

/**
 * The mails that name the sending organisation, where a workflow names none: each has a whole
 * sentence of its own in every language (the `named` select of lib/i18n/sender.ts), with no stand-in
 * name and no empty place where the name would have stood.
 */
const MAIL_KEYS = Object.entries(messagesFor("en-GB").mail).flatMap(([group, messages]) =>
  Object.entries(messages as Record<string, string>)
    .filter(([, message]) => message.includes("{organisation}"))
    .map(([key]) => `mail.${group}.${key}`),
);

const values = {
  title: "Mietvertrag",
  role: "Mieterin",
  name: "Dora Deutsch",
  initiator: "dora@example.test",
  until: new Date("2026-12-01T18:25:00Z"),
  hours: 4,
};

describe("a mail that names the sending organisation", () => {
  it("is found, so that the checks below read every one", () => {
    expect(MAIL_KEYS).toContain("mail.passcode.subject");
    expect(MAIL_KEYS).toContain("mail.signInvite.asks");
    expect(MAIL_KEYS.length).toBeGreaterThan(15);
  });

  it("chooses between its sentence with the name and its sentence without", () => {
    expect(senderWords("Acme GmbH")).toEqual({ named: "yes", organisation: "Acme GmbH" });
    expect(senderWords(null)).toEqual({ named: "no", organisation: "" });
    expect(senderWords("")).toEqual({ named: "no", organisation: "" });
  });

  it("reads as a whole sentence without a name in every language, and names the organisation where there is one", () => {
    const problems: string[] = [];
    for (const { tag } of LOCALES) {
      const t = translatorFor(tag) as unknown as (key: string, v: object) => string;
      for (const key of MAIL_KEYS) {
        for (const purpose of ["sign", "form"]) {
          const named = t(key, { ...values, purpose, ...senderWords("Acme GmbH") });
          const anonymous = t(key, { ...values, purpose, ...senderWords(null) });
          if (!named.includes("Acme GmbH")) problems.push(`${tag} ${key}: the name is missing from "${named}"`);
          if (/Sealpost|Acme/.test(anonymous)) problems.push(`${tag} ${key}: a name in "${anonymous}"`);
          // What an empty name leaves: "()", "（）", a subject that starts with its colon, a doubled space.
          if (/\(\s*\)|（\s*）|^\s*[:：]|\s[:：]\s*$| {2}/.test(anonymous)) problems.push(`${tag} ${key}: a gap in "${anonymous}"`);
        }
      }
    }
    expect(problems).toEqual([]);
  });

  it("is written with the named select, so that no caller can leave the name empty in a sentence that needs it", () => {
    const english = messagesFor("en-GB").mail as Record<string, Record<string, string>>;
    for (const key of MAIL_KEYS) {
      const [, group, name] = key.split(".");
      expect(english[group][name], key).toMatch(/^\{named, select, yes \{/);
    }
  });
});

describe("a message that cannot be written", () => {
  it("throws instead of sending its key as the text (a select without its case, an argument left out, a key no catalogue has)", () => {
    const ar = translatorFor("ar");
    expect(() => ar("mail.signReminder.waiting", { title: "T", until: new Date() } as never)).toThrow();
    expect(() => translatorFor("de")("mail.invitation.subject", { title: "T" } as never)).toThrow();
    expect(() => translatorFor("en-GB")("mail.nothing.here" as never)).toThrow();
    expect(ar("mail.signReminder.waiting", { ...senderWords("Acme"), title: "T", until: new Date() })).toContain("Acme");
  });
});
