import fc from "fast-check";
import MailComposer from "nodemailer/lib/mail-composer/index.js";
import { describe, expect, it } from "vitest";
import { composeMail, type MailMessage } from "@/lib/mail/compose";

/** What nodemailer's own composer makes of the same message: the reference composeMail must match. */
function byMailComposer(message: MailMessage): Promise<{ raw: Buffer; envelope: unknown }> {
  const node = new MailComposer(message).compile();
  const envelope = node.getEnvelope();
  return new Promise((resolve, reject) => node.build((err, raw) => (err ? reject(err) : resolve({ raw, envelope }))));
}

// Scripts that steer nodemailer's choice of transfer encoding: ASCII stays 7bit, mostly Latin text
// with accents goes quoted-printable, mostly non-Latin text base64.
const script = fc.constantFrom("a-z .,:/", "àéîõüßçñ", "Жанна Київ", "中文件名", "😀🎉", "\t\r\n=", "x");
const piece = fc
  .tuple(script, fc.integer({ min: 0, max: 40 }))
  .map(([chars, n]) => Array.from({ length: n }, (_, i) => [...chars][(i * 7) % [...chars].length]).join(""));
const text = fc.oneof(
  fc.array(piece, { maxLength: 12 }).map((xs) => xs.join(" ")),
  fc.string({ unit: "grapheme", maxLength: 300 }),
  fc.constantFrom("", ".", "x".repeat(998), `${"y".repeat(80)}\n.\n`, "ends with CR\r"),
);
const name = fc.oneof(
  fc.constant(""),
  fc.string({ unit: "grapheme", maxLength: 30 }),
  fc.constantFrom("García, Ana", 'The "Boss"', "Жанна"),
);
const domain = fc.constantFrom("example.test", "müller.example", "例え.テスト", "sub.example.co.uk");
const address = fc.tuple(fc.stringMatching(/^[a-z0-9][a-z0-9._+-]{0,20}$/), domain).map(([local, d]) => `${local}@${d}`);
const mailbox = fc.tuple(name, address).map(([n, a]) => (n ? { name: n, address: a } : a));
const format = (m: string | { name: string; address: string }) =>
  typeof m === "string" ? m : `"${m.name.replace(/["\\]/g, "")}" <${m.address}>`;

describe("composing mail", () => {
  it("makes the same bytes and envelope as nodemailer's MailComposer, for any sender, recipient, subject and text", async () => {
    await fc.assert(
      fc.asyncProperty(
        mailbox,
        mailbox,
        fc.string({ unit: "grapheme", maxLength: 200 }),
        text,
        fc.date({ noInvalidDate: true }),
        async (from, to, subject, body, date) => {
          const message: MailMessage = {
            from: format(from),
            to: format(to),
            subject,
            text: body,
            messageId: "<0b7c9d0e-1f2a-4b3c-8d4e-5f6a7b8c9d0e@sealpost.mail>",
            date,
          };
          const ours = composeMail(message);
          const theirs = await byMailComposer(message);
          expect(ours.raw.toString("utf8")).toBe(theirs.raw.toString("utf8"));
          expect(ours.raw.equals(theirs.raw)).toBe(true);
          expect(ours.envelope).toEqual(theirs.envelope);
        },
      ),
      { numRuns: 400 },
    );
  });

  it.each([
    ["7bit", "Hello,\nyour document is ready."],
    ["quoted-printable", "Hallo Jürgen, Ihr Dokument für Müller & Söhne ist bereit."],
    ["base64", "Жанна, ваш документ готов: Київ, 中文件名 😀"],
    // 58 bytes: 57 encode to exactly one line, which the encoder leaves unbroken, and the last byte joins it.
    ["base64", "Ж".repeat(29)],
  ])("encodes a body as %s where nodemailer does, and it reads back as the text", async (encoding, body) => {
    const message: MailMessage = {
      from: "no-reply@sealpost.test",
      to: "r@example.test",
      subject: "s",
      text: body,
      messageId: "<m@sealpost.mail>",
      date: new Date("2026-11-25T10:00:00Z"),
    };
    const raw = composeMail(message).raw.toString("utf8");
    expect(raw).toContain(`Content-Transfer-Encoding: ${encoding}\r\n`);
    expect(raw).toBe((await byMailComposer(message)).raw.toString("utf8"));
    const encoded = raw.slice(raw.indexOf("\r\n\r\n") + 4);
    const decoded =
      encoding === "base64"
        ? Buffer.from(encoded, "base64").toString("utf8")
        : encoding === "quoted-printable"
          ? Buffer.from(
              encoded.replace(/=\r\n/g, "").replace(/=([0-9A-F]{2})/g, (_, h: string) => String.fromCharCode(parseInt(h, 16))),
              "latin1",
            ).toString("utf8")
          : encoded;
    expect(decoded.replace(/\r\n$/, "")).toBe(body);
  });
});
