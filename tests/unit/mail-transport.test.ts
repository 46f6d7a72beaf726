import fc from "fast-check";
import { SMTPServer } from "smtp-server";
import { afterEach, describe, expect, it } from "vitest";
import { resetEnvCache } from "@/lib/env";
import { composeMail } from "@/lib/mail/compose";
import { closeMailTransport, mailTransport } from "@/lib/mail/transport";
import { startSmtpServer, type SmtpServer } from "../support/smtp";

const useSmtp = (url: string | undefined) => {
  if (url === undefined) delete process.env.SMTP_URL;
  else process.env.SMTP_URL = url;
  resetEnvCache();
  closeMailTransport();
};

// Text as a template or a recipient's data may make it: any characters, and the lines SMTP itself
// gives a meaning to (a lone ".", a line starting with one, bare CR or LF).
const line = fc.oneof(
  fc.string({ unit: "grapheme", maxLength: 120 }),
  fc.constantFrom(".", "..", ". end", ".\r", "\r", "", "x".repeat(998)),
);
const text = fc.tuple(fc.array(line, { maxLength: 12 }), fc.constantFrom("\n", "\r\n")).map(([lines, eol]) => lines.join(eol));

describe("SMTP transport", () => {
  let smtp: SmtpServer | null = null;
  afterEach(async () => {
    useSmtp(undefined);
    await smtp?.close();
    smtp = null;
  });

  it("delivers every composed message byte for byte, whatever its subject and text", async () => {
    smtp = await startSmtpServer();
    useSmtp(smtp.url);
    let n = 0;
    await fc.assert(
      fc.asyncProperty(fc.string({ unit: "grapheme", maxLength: 80 }), text, async (subject, body) => {
        const composed = composeMail({
          from: "Sealpost <no-reply@sealpost.test>",
          to: `r${n}@example.test`,
          subject,
          text: body,
          messageId: `<m${n++}@sealpost.test>`,
        });
        const before = smtp!.messages.length;
        await mailTransport()!.send(composed);
        const received = smtp!.messages[before];
        expect(received.to).toEqual(composed.envelope.to);
        // SMTP carries lines ended by CRLF (a bare LF goes as CRLF), and leaves the line ends before
        // its end of data (CRLF "." CRLF) to the parties: compared up to those.
        const lines = (raw: string) => raw.replace(/\r?\n/g, "\r\n").replace(/(\r\n)+$/, "");
        expect(lines(received.raw)).toBe(lines(composed.raw.toString("utf8")));
      }),
      { numRuns: 60 },
    );
  });

  it("logs in with the user and password of SMTP_URL, and a refused login is the server's failure", async () => {
    const logins: string[] = [];
    const server = new SMTPServer({
      disabledCommands: ["STARTTLS"],
      allowInsecureAuth: true,
      logger: false,
      onAuth: (auth, _session, callback) => {
        logins.push(`${auth.username}:${auth.password}`);
        if (auth.password === "s3cret") callback(null, { user: auth.username });
        else callback(Object.assign(new Error("Invalid credentials"), { responseCode: 535 }));
      },
      onData: (stream, _session, callback) => {
        stream.resume();
        stream.on("end", () => callback());
      },
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", () => resolve()));
    const port = (server.server.address() as { port: number }).port;
    try {
      const composed = composeMail({
        from: "no-reply@sealpost.test",
        to: "r@example.test",
        subject: "s",
        text: "t",
        messageId: "<t@sealpost.test>",
      });
      useSmtp(`smtp://mailer:s3cret@127.0.0.1:${port}`);
      await expect(mailTransport()!.send(composed)).resolves.toMatchObject({ accepted: ["r@example.test"] });
      useSmtp(`smtp://mailer:wrong@127.0.0.1:${port}`);
      // EAUTH is among the codes the outbox reads as the server's fault: the message keeps its attempts.
      await expect(mailTransport()!.send(composed)).rejects.toMatchObject({ code: "EAUTH" });
      expect(logins).toEqual(["mailer:s3cret", "mailer:wrong"]);
    } finally {
      closeMailTransport(); // the server's close waits for open sessions
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });

  it("fails a message whose connection the server drops mid-message, and sends the next over a new connection", async () => {
    let connections = 0;
    let dropNext = true;
    const server = new SMTPServer({
      disabledCommands: ["STARTTLS"],
      authOptional: true,
      logger: false,
      onConnect: (_session, callback) => {
        connections++;
        callback();
      },
      onData: (stream, _session, callback) => {
        stream.resume();
        stream.on("end", () => {
          if (!dropNext) return callback();
          dropNext = false;
          // Gone without an answer: the client learns it from the closed socket, not from a reply.
          for (const connection of server.connections) connection.close();
        });
      },
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", () => resolve()));
    const port = (server.server.address() as { port: number }).port;
    try {
      useSmtp(`smtp://127.0.0.1:${port}`);
      const composed = composeMail({
        from: "no-reply@sealpost.test",
        to: "r@example.test",
        subject: "s",
        text: "t",
        messageId: "<t@sealpost.test>",
      });
      await expect(mailTransport()!.send(composed)).rejects.toMatchObject({ code: "ECONNECTION" });
      await expect(mailTransport()!.send(composed)).resolves.toMatchObject({ accepted: ["r@example.test"] });
      expect(connections).toBe(2);
    } finally {
      closeMailTransport(); // the server's close waits for open sessions
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });
});
