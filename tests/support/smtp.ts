import net, { type AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";

export interface ReceivedMail {
  /** Envelope recipients (RCPT TO). */
  to: string[];
  from: string;
  subject: string;
  /** The text/plain body, transfer-decoded, so links can be matched with a plain regex. */
  text: string;
  html: string | null;
  messageId: string;
  headers: Record<string, string>;
  raw: string;
}

export interface SmtpServer {
  port: number;
  url: string;
  messages: ReceivedMail[];
  /** Resolves with the predicate's first truthy result over the messages so far; rejects after timeoutMs. */
  waitFor<T>(predicate: (messages: ReceivedMail[]) => T | false | null | undefined | 0 | "", timeoutMs?: number): Promise<T>;
  /** Shuts down as a real server does: open sessions get "421 Server shutting down", then connections are refused. */
  stop(): Promise<void>;
  /** Listens again on the same port, keeping the messages received so far. */
  start(): Promise<void>;
  /** How many times a client has named this recipient (RCPT TO), refused or not. */
  attempts(recipient: string): number;
  close(): Promise<void>;
}

/** An SMTP answer refusing a recipient: a 4xx code for now, a 5xx for good. */
export interface SmtpRefusal {
  code: number;
  message: string;
}

export interface SmtpServerOptions {
  /** Answers the first N messages with 451 (a temporary failure) so that retries can be tested. */
  failFirst?: number;
  port?: number;
  /** Refuses a recipient at RCPT TO, given its address and the how-manieth time it is named (from 1). */
  refuse?: (recipient: string, attempt: number) => SmtpRefusal | null;
  /** Holds a recipient at RCPT TO until the promise settles: a slow server, one message at a time. */
  hold?: (recipient: string) => Promise<void> | null;
}

/** A real SMTP server on loopback for tests: no TLS, no auth required. */
export async function startSmtpServer(opts: SmtpServerOptions = {}): Promise<SmtpServer> {
  const messages: ReceivedMail[] = [];
  const named = new Map<string, number>();
  // waitFor looks again as soon as a message arrives (a bench measures to the last mail, not to a poll).
  const arrivals = new Set<() => void>();
  let toFail = opts.failFirst ?? 0;
  const create = () => {
    const server = new SMTPServer({
      secure: false,
      authOptional: true,
      allowInsecureAuth: true,
      disabledCommands: ["STARTTLS"],
      logger: false,
      size: 50 * 1024 * 1024,
      // How long close() lets open sessions finish before it answers them 421 and hangs up.
      closeTimeout: 200,
      onAuth: (_auth, _session, callback) => callback(null, { user: "test" }),
      onRcptTo(address, _session, callback) {
        const attempt = (named.get(address.address) ?? 0) + 1;
        named.set(address.address, attempt);
        const refusal = opts.refuse?.(address.address, attempt);
        if (refusal) return callback(Object.assign(new Error(refusal.message), { responseCode: refusal.code }));
        const held = opts.hold?.(address.address);
        if (held)
          return void held.then(
            () => callback(),
            () => callback(),
          );
        callback();
      },
      onData(stream, session, callback) {
        const chunks: Buffer[] = [];
        stream.on("data", (c: Buffer) => chunks.push(c));
        stream.on("error", (err) => callback(err));
        stream.on("end", () => {
          if (toFail > 0) {
            toFail--;
            return callback(Object.assign(new Error("Temporary failure, try again later"), { responseCode: 451 }));
          }
          const raw = Buffer.concat(chunks).toString("utf8");
          const to = session.envelope.rcptTo.map((a) => a.address);
          const from = session.envelope.mailFrom ? session.envelope.mailFrom.address : "";
          messages.push(receivedMail(raw, to, from));
          callback();
          for (const wake of arrivals) wake();
        });
      },
    });
    // A client that dies mid-session (the crash test SIGKILLs the app) resets its connection; that is
    // the client's failure, not the server's, so it must not surface as an uncaught error.
    server.on("error", (err: NodeJS.ErrnoException) => {
      if (err.code !== "ECONNRESET") console.error("[test smtp]", err);
    });
    return server;
  };
  let server: SMTPServer | null = null;
  let port = opts.port ?? 0;
  const listen = async () => {
    const s = create();
    await new Promise<void>((resolve, reject) => {
      s.server.once("error", reject);
      s.listen(port, "127.0.0.1", () => resolve());
    });
    port = (s.server.address() as AddressInfo).port;
    server = s;
  };
  const stop = async () => {
    const s = server;
    server = null;
    if (s) await new Promise<void>((resolve) => s.close(() => resolve()));
  };
  await listen();

  return {
    port,
    url: `smtp://127.0.0.1:${port}`,
    messages,
    async waitFor(predicate, timeoutMs = 10_000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const result = predicate(messages);
        if (result) return result;
        if (Date.now() > deadline) {
          const seen = messages.map((m) => `${m.to.join(",")}: ${m.subject}`).join("\n  ");
          throw new Error(`No matching mail within ${timeoutMs} ms; received ${messages.length}:\n  ${seen}`);
        }
        await new Promise<void>((resolve) => {
          const wake = () => {
            clearTimeout(timer);
            arrivals.delete(wake);
            resolve();
          };
          const timer = setTimeout(wake, 25);
          arrivals.add(wake);
        });
      }
    },
    stop,
    start: listen,
    attempts: (recipient) => named.get(recipient) ?? 0,
    close: stop,
  };
}

/** A TCP server on `port` that accepts connections and never says a word: an SMTP server hung before its greeting. */
export async function startSilentServer(port = 0): Promise<{ port: number; connections: () => number; close: () => Promise<void> }> {
  const sockets = new Set<net.Socket>();
  let accepted = 0;
  const server = net.createServer((socket) => {
    accepted++;
    sockets.add(socket);
    socket.on("error", () => {});
    socket.on("close", () => sockets.delete(socket));
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, "127.0.0.1", () => resolve());
  });
  return {
    port: (server.address() as AddressInfo).port,
    connections: () => accepted,
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}

/**
 * The message is parsed when a test first reads one of its parsed fields, not on arrival: the bench
 * receives thousands of mails on the cores Sealpost is measured on, and an MTA does not parse MIME.
 */
function receivedMail(raw: string, to: string[], from: string): ReceivedMail {
  let parsed: ReturnType<typeof parseMessage> | undefined;
  const get = () => (parsed ??= parseMessage(raw));
  return {
    to,
    from,
    raw,
    get subject() {
      return get().subject;
    },
    get text() {
      return get().text;
    },
    get html() {
      return get().html;
    },
    get messageId() {
      return get().messageId;
    },
    get headers() {
      return get().headers;
    },
  };
}

// A small MIME reader: enough for what nodemailer writes (one text part, maybe an html one).

function parseMessage(raw: string): Pick<ReceivedMail, "subject" | "text" | "html" | "messageId" | "headers"> {
  const { headers, body } = splitPart(raw);
  const parts = leafParts(headers, body);
  const text = parts.find((p) => contentType(p.headers).startsWith("text/plain"));
  const html = parts.find((p) => contentType(p.headers).startsWith("text/html"));
  return {
    headers,
    subject: decodeWords(headers["subject"] ?? ""),
    messageId: (headers["message-id"] ?? "").trim(),
    text: text ? decodeBody(text) : "",
    html: html ? decodeBody(html) : null,
  };
}

interface Part {
  headers: Record<string, string>;
  body: string;
}

function splitPart(raw: string): Part {
  const at = raw.search(/\r?\n\r?\n/);
  const head = at < 0 ? raw : raw.slice(0, at);
  const body = at < 0 ? "" : raw.slice(at).replace(/^\r?\n\r?\n/, "");
  const headers: Record<string, string> = {};
  for (const line of head.replace(/\r?\n[ \t]+/g, " ").split(/\r?\n/)) {
    const colon = line.indexOf(":");
    if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  return { headers, body };
}

const contentType = (h: Record<string, string>) => (h["content-type"] ?? "text/plain").toLowerCase();

function leafParts(headers: Record<string, string>, body: string): Part[] {
  const boundary = /boundary="?([^";]+)"?/i.exec(headers["content-type"] ?? "")?.[1];
  if (!contentType(headers).startsWith("multipart/") || !boundary) return [{ headers, body }];
  return body
    .split(`--${boundary}`)
    .slice(1)
    .filter((chunk) => !chunk.startsWith("--"))
    .flatMap((chunk) => {
      const part = splitPart(chunk.replace(/^\r?\n/, ""));
      return leafParts(part.headers, part.body.replace(/\r?\n$/, ""));
    });
}

function decodeBody(part: Part): string {
  const encoding = (part.headers["content-transfer-encoding"] ?? "7bit").toLowerCase();
  if (encoding === "base64") return Buffer.from(part.body.replace(/\s+/g, ""), "base64").toString("utf8");
  if (encoding === "quoted-printable") return decodeQuotedPrintable(part.body);
  return part.body;
}

function decodeQuotedPrintable(s: string): string {
  const bytes: number[] = [];
  const joined = s.replace(/=\r?\n/g, "");
  for (let i = 0; i < joined.length; i++) {
    const hex = joined[i] === "=" ? joined.slice(i + 1, i + 3) : "";
    if (/^[0-9A-Fa-f]{2}$/.test(hex)) {
      bytes.push(parseInt(hex, 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(joined[i], "utf8"));
    }
  }
  return Buffer.from(bytes).toString("utf8");
}

/** RFC 2047 encoded words (=?UTF-8?Q?...?= / =?UTF-8?B?...?=), as nodemailer writes non-ASCII subjects. */
function decodeWords(s: string): string {
  return s
    .replace(/\?=\s+=\?/g, "?==?")
    .replace(/=\?([^?]+)\?([QqBb])\?([^?]*)\?=/g, (_m, _charset: string, enc: string, text: string) =>
      enc.toUpperCase() === "B" ? Buffer.from(text, "base64").toString("utf8") : decodeQuotedPrintable(text.replace(/_/g, " ")),
    );
}
