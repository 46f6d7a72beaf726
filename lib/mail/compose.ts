import type { SendMailOptions } from "nodemailer";
import MailComposer from "nodemailer/lib/mail-composer/index.js";

export interface ComposedMail {
  envelope: { from: string; to: string[] };
  raw: Buffer;
}

/**
 * The whole message as one buffer, built by nodemailer's own composer (the same headers and MIME
 * parts nodemailer's sendMail would stream). Sent as one buffer, the body goes out in one socket
 * write instead of one per MIME part: a text and HTML message was 13 client writes per message, each
 * a segment the server wakes for, and is 4 (MAIL, RCPT, DATA, then the body with the final ".",
 * see coalesceWrites in transport.ts).
 */
export function composeMail(message: SendMailOptions): Promise<ComposedMail> {
  const node = new MailComposer(message).compile();
  const envelope = node.getEnvelope() as { from: string | false; to: string[] };
  return new Promise((resolve, reject) =>
    node.build((err, raw) => (err ? reject(err) : resolve({ envelope: { from: envelope.from || "", to: envelope.to }, raw }))),
  );
}
