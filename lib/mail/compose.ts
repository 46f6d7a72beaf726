import * as base64 from "nodemailer/lib/base64/index.js";
import MimeNode from "nodemailer/lib/mime-node/index.js";
import * as qp from "nodemailer/lib/qp/index.js";

/** A plain-text message: every mail Sealpost sends is one (links and codes, no markup to inject into). */
export interface MailMessage {
  from: string;
  to: string;
  subject: string;
  text: string;
  messageId: string;
  /** Defaults to now. */
  date?: Date;
}

export interface ComposedMail {
  envelope: { from: string; to: string[] };
  raw: Buffer;
}

/** Soft line length of encoded bodies, as nodemailer's encoders use. */
const LINE_LENGTH = 76;

/**
 * The whole message as one buffer, byte for byte what nodemailer's MailComposer makes of it (a unit
 * test checks generated messages against it). The headers are nodemailer's own (MimeNode: address
 * parsing, IDN domains, encoded words, folding); the body is encoded with nodemailer's encoders in
 * one call instead of through MailComposer's streams. In a notice batch those streams, each
 * operation a nextTick or setImmediate that Next.js wraps in the server, would make composing a large
 * share of the event loop's time. Sent as one buffer, the message
 * goes out in 4 socket writes (MAIL, RCPT, DATA, then the body with the final ".", see
 * coalesceWrites in transport.ts).
 */
export function composeMail(message: MailMessage): ComposedMail {
  // As MailComposer: an empty text is an empty part with no charset. baseBoundary: a single part has
  // no boundary, and MimeNode would draw one from randomBytes.
  const node = new MimeNode(message.text ? "text/plain; charset=utf-8" : "text/plain", { baseBoundary: "sealpost" });
  node.setContent(message.text);
  node.setHeader("from", message.from);
  node.setHeader("to", message.to);
  if (message.subject) node.setHeader("subject", message.subject);
  node.setHeader("message-id", message.messageId);
  if (message.date) node.setHeader("date", message.date as unknown as string);
  const encoding = node.getTransferEncoding();
  const raw = `${node.buildHeaders()}\r\n\r\n${encodeBody(Buffer.from(message.text), encoding)}`;
  const envelope = node.getEnvelope() as { from: string | false; to: string[] };
  return { envelope: { from: envelope.from || "", to: envelope.to }, raw: Buffer.from(withLastNewline(raw)) };
}

/** As nodemailer's stream encoders emit a body given in one piece. */
function encodeBody(body: Buffer, encoding: string): string {
  if (encoding === "quoted-printable") return qp.wrap(qp.encode(body), LINE_LENGTH);
  if (encoding === "base64") {
    // The encoder wraps whole 3-byte groups and appends the last one or two bytes' encoding unwrapped.
    const whole = body.length - (body.length % 3);
    return base64.wrap(base64.encode(body.subarray(0, whole)), LINE_LENGTH) + base64.encode(body.subarray(whole));
  }
  return body.toString("utf8");
}

/** A message ends with a line break (nodemailer's LastNewline: a lone CR is completed, else CRLF added). */
function withLastNewline(raw: string): string {
  if (raw.endsWith("\n")) return raw;
  return raw.endsWith("\r") ? `${raw}\n` : `${raw}\r\n`;
}
