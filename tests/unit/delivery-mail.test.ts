import { describe, expect, it } from "vitest";
import { parseRecipients } from "@/lib/batch/recipients";
import { resolveDistribution } from "@/lib/batch/resolve-distribution";
import { deliveryMail } from "@/lib/delivery/delivery-mail";
import { composeMail } from "@/lib/mail/compose";
import { greeting } from "@/lib/mail/greeting";
import { loadTemplate } from "@/lib/templates/load-template";

const ann = { customerId: "C1001", customerName: "Ann Smith", recipientEmail: "ann@example.test" };
const bob = { customerId: "C1002", customerName: "Bob Jones", recipientEmail: "bob@example.test;carol@example.test", recipientName: "Bob" };

/** The mails one record of templates/notice.md gets, as the render chunk makes them. */
async function noticeMails(record: Record<string, unknown>) {
  const template = await loadTemplate("notice.md");
  const d = resolveDistribution(template.distribution, undefined);
  return parseRecipients(record, d.deliveryConfig.nameField).recipients.map((recipient, i) =>
    deliveryMail({
      sessionId: `s${i}`,
      tenantId: "acme",
      recipient,
      documentTitle: "Customer notice",
      fileName: "notice-C1001-1.pdf",
      expiresAt: new Date("2026-12-01T00:00:00Z"),
      locale: "en-GB",
    }),
  );
}

describe("delivery mail greeting", () => {
  it("greets the customer of a notice by the name in the record, not with a bare Hello", async () => {
    const [mail] = await noticeMails(ann);
    expect(mail.text.split("\n")[0]).toBe("Hello Ann Smith,");
    // When the link ends, as people read a time: its zone named, no machine format.
    expect(mail.text).toContain("the link is personal and expires on 1 December 2026 at 00:00 UTC");
  });

  it("prefers the recipient's own name for that address and falls back to the record's name for the others", async () => {
    const mails = await noticeMails(bob);
    expect(mails.map((m) => [m.to, m.text.split("\n")[0]])).toEqual([
      ["bob@example.test", "Hello Bob,"],
      ["carol@example.test", "Hello Bob Jones,"],
    ]);
  });

  it("is neutral only when no name is known", () => {
    expect(parseRecipients({ recipientEmail: "x@example.test" }, "customerName").recipients[0].name).toBeNull();
    expect(greeting(null)).toBe("Hello,");
    expect(greeting(" \n ")).toBe("Hello,");
  });

  it("keeps a name with line breaks on the greeting's line and out of the headers", () => {
    const hostile = { ...ann, customerName: "Ann\r\nBcc: eve@example.test\n\nClick http://evil.test\u2028now" };
    const recipient = parseRecipients(hostile, "customerName").recipients[0];
    const mail = deliveryMail({
      sessionId: "s0",
      tenantId: "acme",
      recipient,
      documentTitle: "Notice",
      fileName: "n.pdf",
      expiresAt: new Date(),
      locale: "en-GB",
    });
    const lines = mail.text.split("\n");
    expect(lines[0]).toBe("Hello Ann Bcc: eve@example.test Click http://evil.test now,");
    expect(lines[1]).toBe("");
    const raw = composeMail({
      from: "noreply@sealpost.test",
      to: mail.to,
      subject: mail.subject,
      text: mail.text,
      messageId: "<m@test>",
    }).raw.toString();
    const headers = raw.slice(0, raw.indexOf("\r\n\r\n"));
    expect(headers).not.toMatch(/bcc|eve@/i);
    expect(greeting("x".repeat(500)).length).toBeLessThanOrEqual("Hello ,".length + 100);
  });
});

describe("delivery mail language", () => {
  const mail = (locale: Parameters<typeof deliveryMail>[0]["locale"], name: string | null = "Ann Smith") =>
    deliveryMail({
      sessionId: "00000000-0000-4000-8000-000000000001",
      tenantId: "acme",
      recipient: { email: "ann@example.test", name },
      documentTitle: "Kundenbrief",
      fileName: "brief-1.pdf",
      expiresAt: new Date("2026-12-01T18:25:00Z"),
      locale,
    });

  it("is written whole in the delivery's language: subject, greeting, sentences and the moment the link ends", () => {
    const de = mail("de");
    expect(de.subject).toBe("Ihr Dokument: Kundenbrief");
    expect(de.text.split("\n")).toEqual([
      "Guten Tag Ann Smith,",
      "",
      "Ihnen wurde ein Dokument zugestellt: brief-1.pdf",
      "",
      "Sie können es hier öffnen (der Link ist persönlich und läuft am 1. Dezember 2026 um 18:25 UTC ab):",
      "[[delivery-link:00000000-0000-4000-8000-000000000001]]",
    ]);
  });

  it("greets formally in each language, by name or without one", () => {
    expect(mail("ja").text.split("\n")[0]).toBe("Ann Smith 様");
    expect(mail("ja", null).text.split("\n")[0]).toBe("ご担当者様");
    expect(mail("tr").text.split("\n")[0]).toBe("Sayın Ann Smith,");
    expect(mail("pl", null).text.split("\n")[0]).toBe("Szanowni Państwo,");
    expect(mail("fr").subject).toBe("Votre document\u00a0: Kundenbrief");
  });

  it("keeps the link, the file name and the title as they are in every language, the link on a line of its own", () => {
    for (const locale of ["ar", "he", "zh-Hant", "uk", "el"] as const) {
      const m = mail(locale);
      const lines = m.text.split("\n");
      expect(lines.at(-1), locale).toBe("[[delivery-link:00000000-0000-4000-8000-000000000001]]");
      expect(m.text, locale).toContain("brief-1.pdf");
      expect(m.subject, locale).toContain("Kundenbrief");
      expect(m.text, locale).toContain("2026");
      expect(m.text, locale).not.toMatch(/A document has been sent|Hello/);
    }
  });
});
