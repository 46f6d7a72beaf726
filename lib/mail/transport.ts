import net from "node:net";
import nodemailer, { type Transporter } from "nodemailer";
import SMTPPool from "nodemailer/lib/smtp-pool/index.js";
import { env } from "@/lib/env";

export function mailFrom(): string {
  return env().MAIL_FROM;
}

const holder = globalThis as unknown as { __sealpostMail?: { key: string; transport: Transporter } };

/**
 * One pooled transport per process. Opening an SMTP connection is the slow part (a server may wait
 * before its greeting), so messages share SMTP_POOL_SIZE long-lived connections and go out in parallel.
 * null without SMTP_URL: mail is then captured, not sent.
 */
export function mailTransport(): Transporter | null {
  const e = env();
  if (!e.SMTP_URL) return null;
  const key = `${e.SMTP_URL}|${e.SMTP_POOL_SIZE}`;
  if (holder.__sealpostMail?.key !== key) {
    holder.__sealpostMail?.transport.close();
    // Built from SMTPPool directly: createTransport({ url, pool }) would drop `pool` when it parses the URL.
    const pool = new SMTPPool({
      pool: true,
      url: e.SMTP_URL,
      maxConnections: e.SMTP_POOL_SIZE,
      maxMessages: Infinity,
      connectionTimeout: e.SMTP_TIMEOUT_MS,
      greetingTimeout: e.SMTP_TIMEOUT_MS,
      socketTimeout: 2 * e.SMTP_TIMEOUT_MS,
      getSocket: connectNoDelay,
    });
    holder.__sealpostMail = { key, transport: nodemailer.createTransport(pool) };
  }
  return holder.__sealpostMail.transport;
}

export function closeMailTransport(): void {
  holder.__sealpostMail?.transport.close();
  holder.__sealpostMail = undefined;
}

type SocketCallback = (err: Error | null, socketOptions?: { connection: net.Socket }) => void;

/**
 * Opens the pool's connections ourselves to turn Nagle's algorithm off. SMTP is a chatty exchange of
 * small writes; with Nagle on, each waits for the server's delayed ACK and a message took ~40 ms on
 * loopback (23 messages/s per connection, measured); with it off, over 900. nodemailer takes the
 * connected socket as is and still does TLS (smtps or STARTTLS) on top.
 */
function connectNoDelay(options: { host?: string; port?: number; secure?: boolean; connectionTimeout?: number }, callback: SocketCallback): void {
  const socket = net.connect({ host: options.host ?? "localhost", port: options.port ?? (options.secure ? 465 : 587), noDelay: true, keepAlive: true });
  let settled = false;
  // Never hand nodemailer an error here: its pool keeps a resource whose getSocket failed as busy for
  // ever, and once SMTP_POOL_SIZE connection attempts have failed (an SMTP outage) every later message
  // waits behind them until the process restarts. Without a socket, nodemailer connects by itself,
  // fails the way it does handle, and drops the resource.
  const fallBack = () => {
    socket.destroy();
    if (!settled) callback(null);
    settled = true;
  };
  socket.setTimeout(options.connectionTimeout ?? 15_000, fallBack);
  socket.on("error", fallBack);
  socket.once("connect", () => {
    socket.setTimeout(0);
    socket.removeListener("error", fallBack);
    settled = true;
    callback(null, { connection: socket });
  });
}
