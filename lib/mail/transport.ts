import net from "node:net";
import SMTPConnection from "nodemailer/lib/smtp-connection/index.js";
import { parseConnectionUrl } from "nodemailer/lib/shared/index.js";
import { env } from "@/lib/env";
import type { ComposedMail } from "./compose";

export function mailFrom(): string {
  return env().MAIL_FROM;
}

export interface MailTransport {
  /** Resolves once the server accepted the message; rejects with nodemailer's error (code, responseCode). */
  send(mail: ComposedMail): Promise<SMTPConnection.SentMessageInfo>;
  close(): void;
}

const holder = globalThis as unknown as { __sealpostMail?: { key: string; transport: MailTransport } };

/**
 * One pooled transport per process. Opening an SMTP connection is the slow part (a server may wait
 * before its greeting), so messages share SMTP_POOL_SIZE long-lived connections and go out in parallel.
 * null without SMTP_URL: mail is then captured, not sent.
 */
export function mailTransport(): MailTransport | null {
  const e = env();
  if (!e.SMTP_URL) return null;
  const key = `${e.SMTP_URL}|${e.SMTP_POOL_SIZE}`;
  if (holder.__sealpostMail?.key !== key) {
    holder.__sealpostMail?.transport.close();
    const options: SMTPConnection.Options = {
      ...parseConnectionUrl(e.SMTP_URL),
      connectionTimeout: e.SMTP_TIMEOUT_MS,
      greetingTimeout: e.SMTP_TIMEOUT_MS,
      socketTimeout: 2 * e.SMTP_TIMEOUT_MS,
    };
    holder.__sealpostMail = { key, transport: new SmtpConnectionPool(options, e.SMTP_POOL_SIZE) };
  }
  return holder.__sealpostMail.transport;
}

export function closeMailTransport(): void {
  holder.__sealpostMail?.transport.close();
  holder.__sealpostMail = undefined;
}

interface Job {
  mail: ComposedMail;
  resolve: (info: SMTPConnection.SentMessageInfo) => void;
  reject: (err: unknown) => void;
}

interface Slot {
  connection: SMTPConnection | null;
  busy: boolean;
}

/**
 * Up to `size` connections, each sending one message at a time, opened when first needed and again
 * after a failure. It is nodemailer's own protocol client (SMTPConnection) under a pool of ours
 * rather than nodemailer's transport, because the transport handles every message as a mail to
 * compile: given the message we composed, it still built a MIME node around it, generated a
 * Message-ID and random boundary for it, ran its plugins and streamed it through three streams —
 * a large share of the event loop's time in a notice batch, for bytes it then sent as they were.
 * As nodemailer's pool does, a connection is closed after any failed message and the next message
 * gets a new one; connection-level failures (refused, timed out, dropped) keep nodemailer's codes.
 */
class SmtpConnectionPool implements MailTransport {
  private readonly queue: Job[] = [];
  private readonly slots: Slot[] = [];
  private closed = false;

  constructor(
    private readonly options: SMTPConnection.Options,
    private readonly size: number,
  ) {}

  send(mail: ComposedMail): Promise<SMTPConnection.SentMessageInfo> {
    if (this.closed) return Promise.reject(connectionError("The mail transport was closed"));
    return new Promise((resolve, reject) => {
      this.queue.push({ mail, resolve, reject });
      this.dispatch();
    });
  }

  close(): void {
    this.closed = true;
    for (const slot of this.slots) slot.connection?.close();
    for (const job of this.queue.splice(0)) job.reject(connectionError("The mail transport was closed"));
  }

  private dispatch(): void {
    while (this.queue.length && !this.closed) {
      let slot = this.slots.find((s) => !s.busy);
      if (!slot && this.slots.length < this.size) this.slots.push((slot = { connection: null, busy: false }));
      if (!slot) return;
      const job = this.queue.shift()!;
      slot.busy = true;
      void this.run(slot, job).finally(() => {
        slot.busy = false;
        this.dispatch();
      });
    }
  }

  private async run(slot: Slot, job: Job): Promise<void> {
    try {
      slot.connection ??= await this.open(slot);
      job.resolve(await sendOn(slot.connection, job.mail));
    } catch (err) {
      slot.connection?.close();
      slot.connection = null;
      job.reject(err);
    }
  }

  private async open(slot: Slot): Promise<SMTPConnection> {
    const socket = await connectSocket(this.options);
    const connection = new SMTPConnection({ ...this.options, connection: socket });
    // An idle connection the server drops or times out is forgotten (the next message opens another);
    // the listener also keeps its 'error' from being an uncaught exception.
    connection.on("error", () => {});
    connection.once("end", () => {
      if (slot.connection === connection) slot.connection = null;
    });
    try {
      await whileOpen(connection, (done) =>
        connection.connect(() => {
          // SMTP_URL carries at most a user and password (smtp://user:pass@host).
          const auth = this.options.auth as SMTPConnection.Credentials | undefined;
          if (auth && (connection as unknown as { allowsAuth?: boolean }).allowsAuth) connection.login(auth, (err) => done(err ?? null));
          else done(null);
        }),
      );
    } catch (err) {
      connection.close(); // a refused login leaves the session open
      throw err;
    }
    if (this.closed) connection.close();
    return connection;
  }
}

function sendOn(connection: SMTPConnection, mail: ComposedMail): Promise<SMTPConnection.SentMessageInfo> {
  let info: SMTPConnection.SentMessageInfo | undefined;
  return whileOpen(connection, (done) =>
    connection.send(mail.envelope, mail.raw, (err, sent) => {
      info = sent;
      done(err);
    }),
  ).then(() => info!);
}

/**
 * Runs a step of the protocol, settling when its callback is called or when the connection fails
 * first: nodemailer reports a connection lost mid-step by the connection's 'error' event, not to the
 * step's callback.
 */
function whileOpen(connection: SMTPConnection, step: (done: (err: Error | null) => void) => void): Promise<void> {
  return new Promise((resolve, reject) => {
    const finish = (err: Error | null) => {
      connection.off("error", finish);
      connection.off("end", ended);
      if (err) reject(err);
      else resolve();
    };
    const ended = () => finish(connectionError("Connection closed unexpectedly"));
    connection.once("error", finish);
    connection.once("end", ended);
    step(finish);
  });
}

function connectionError(message: string): Error {
  return Object.assign(new Error(message), { code: "ECONNECTION" });
}

/**
 * Opens a connection with Nagle's algorithm off. SMTP is a chatty exchange of small writes; with
 * Nagle on, each waits for the server's delayed ACK, so every message waits out that timer, even on
 * loopback. nodemailer takes the connected
 * socket as is and still does TLS (smtps or STARTTLS) on top. A failure to connect is reported with
 * nodemailer's codes (ETIMEDOUT, ECONNECTION), which the outbox reads as the server being down.
 */
function connectSocket(options: SMTPConnection.Options): Promise<net.Socket> {
  return new Promise((resolve, reject) => {
    const socket = net.connect({
      host: options.host ?? "localhost",
      port: options.port ?? (options.secure ? 465 : 587),
      noDelay: true,
      keepAlive: true,
    });
    const fail = (err: Error) => {
      socket.destroy();
      reject(err);
    };
    const timedOut = () => fail(Object.assign(new Error("Connection timeout"), { code: "ETIMEDOUT" }));
    const failed = (err: Error) => fail(Object.assign(err, { code: "ECONNECTION" }));
    socket.setTimeout(options.connectionTimeout ?? 15_000, timedOut);
    socket.once("error", failed);
    socket.once("connect", () => {
      // From here nodemailer owns the socket's timeouts and errors.
      socket.setTimeout(0);
      socket.off("timeout", timedOut);
      socket.off("error", failed);
      coalesceWrites(socket);
      resolve(socket);
    });
  });
}

/**
 * Makes the writes of one turn of the event loop leave in one segment. nodemailer writes a message's
 * body and the final "." separately, in the same turn: two segments, each a system call here and a
 * wake-up of the server, for every message. The
 * socket is corked at the first write of a turn and uncorked once the turn's callbacks have run, so
 * a command that waits for its reply is held for the rest of that turn only. Set once connected:
 * net.Socket's connect() puts its own write back on the instance.
 */
function coalesceWrites(socket: net.Socket): void {
  const write = socket.write;
  socket.write = function (this: net.Socket, ...args: unknown[]) {
    if (!this.writableCorked) {
      this.cork();
      setImmediate(() => this.uncork());
    }
    return (write as (...a: unknown[]) => boolean).apply(this, args);
  } as net.Socket["write"];
}
