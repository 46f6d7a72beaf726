import dc from "node:diagnostics_channel";
import http from "node:http";
import type { Socket } from "node:net";
import { Duplex } from "node:stream";
import { REFUSED_METHOD_HEADER } from "./allowed-methods";

/** The methods Next.js hands to routes and pages (its HTTP_METHODS); it answers any other with an empty 400 or a 500. */
const NEXT_METHODS = new Set(["GET", "HEAD", "OPTIONS", "POST", "PUT", "DELETE", "PATCH"]);
/** A request line worth answering: a method token and an origin-form (or `*`) target. */
const REQUEST_LINE = /^([!#$%&'*+\-.^_`|~0-9A-Za-z]{1,64}) (\/[\x21-\x7e]{0,8000}|\*) HTTP\/1\.[01]\r?\n/;
const HOST = /\r?\nhost:[ \t]*([\x21-\x7e]{1,255})[ \t]*\r?\n/i;
/** Node's own answers to a request it cannot parse, kept for every error but an unknown method. */
const NODE_ANSWERS: Record<string, string> = {
  HPE_HEADER_OVERFLOW: "431 Request Header Fields Too Large",
  HPE_CHUNK_EXTENSIONS_OVERFLOW: "413 Payload Too Large",
  ERR_HTTP_REQUEST_TIMEOUT: "408 Request Timeout",
};

let installed = false;
const guarded = new WeakSet<http.Server>();
/** Connections that carry a request the guard itself wrote, with its marker header. */
const replays = new WeakSet<object>();
/** Connections whose unparsable request is being answered: their later parse errors are not answered again. */
const answering = new WeakSet<object>();

/**
 * Makes every method reach the routes, so that each answers 405 problem+json with its own Allow:
 * Next.js throws on TRACE (Node's fetch Request refuses it: a 500 before any of our code runs),
 * answers PROPFIND and other methods outside its list with an empty 400, and Node's HTTP parser
 * refuses lower-case and unknown tokens with a bare 400 and drops CONNECT. The request of such a
 * method reaches Next.js as OPTIONS with the method in REFUSED_METHOD_HEADER (which no client
 * request keeps); one Node's parser refused, or a CONNECT, is written again as such a request on a
 * connection of its own and its answer sent back, then the connection is closed.
 *
 * It rides Node's `http.server.request.start` diagnostics channel, published for every request just
 * before the server hands it to Next.js; the first request also gives the server, on which the
 * parser-error and CONNECT listeners are added. Runs once per process, from instrumentation.ts.
 */
export function installMethodGuard(): void {
  if (installed) return;
  installed = true;
  dc.subscribe("http.server.request.start", (message) => {
    const { request, socket, server } = message as { request: http.IncomingMessage; socket: Socket; server: http.Server };
    if (!guarded.has(server)) guard(server);
    if (!replays.has(socket)) delete request.headers[REFUSED_METHOD_HEADER];
    const method = request.method ?? "";
    if (!NEXT_METHODS.has(method)) {
      request.headers[REFUSED_METHOD_HEADER] = method;
      request.method = "OPTIONS";
    }
  });
}

function guard(server: http.Server): void {
  guarded.add(server);
  server.on("clientError", (err: NodeJS.ErrnoException & { rawPacket?: Buffer }, socket: Socket) => {
    if (answering.has(socket)) return;
    const line = err.code === "HPE_INVALID_METHOD" ? REQUEST_LINE.exec(err.rawPacket?.toString("latin1") ?? "") : null;
    // Node's answer when nothing has gone out on the connection yet; with no listener it does this itself.
    const inFlight = (socket as Socket & { _httpMessage?: unknown })._httpMessage;
    if (line && socket.writable && !inFlight) {
      answering.add(socket);
      replay(server, socket, line[1], line[2], HOST.exec(err.rawPacket!.toString("latin1"))?.[1]);
      return;
    }
    if (socket.writable && socket.bytesWritten === 0)
      socket.write(`HTTP/1.1 ${NODE_ANSWERS[err.code ?? ""] ?? "400 Bad Request"}\r\nConnection: close\r\n\r\n`);
    socket.destroy(err);
  });
  // With no listener Node closes a CONNECT's connection without a word.
  server.on("connect", (req: http.IncomingMessage, socket: Socket) => {
    answering.add(socket);
    const target = req.url?.startsWith("/") ? req.url : "/";
    replay(server, socket, req.method ?? "CONNECT", target, req.headers.host);
  });
}

/** Writes the request again as OPTIONS carrying `method`, on a connection of its own, and sends its answer back on `socket`. */
function replay(server: http.Server, socket: Socket, method: string, target: string, host: string | undefined): void {
  const hostLine = host && /^[\x21-\x7e]{1,255}$/.test(host) ? host : "localhost";
  const request = `OPTIONS ${target} HTTP/1.1\r\nHost: ${hostLine}\r\n${REFUSED_METHOD_HEADER}: ${method}\r\nConnection: close\r\n\r\n`;
  let sent = false;
  const inner = new Duplex({
    read() {
      if (sent) return;
      sent = true;
      this.push(Buffer.from(request, "latin1"));
    },
    write(chunk: Buffer, _encoding, done) {
      if (socket.writable) socket.write(chunk, () => done());
      else done();
    },
    final(done) {
      socket.end();
      done();
      setImmediate(() => inner.destroy());
    },
  });
  // What the routes read of their connection: the client's addresses.
  for (const key of ["remoteAddress", "remotePort", "remoteFamily", "localAddress", "localPort"] as const) {
    Object.defineProperty(inner, key, { get: () => socket[key] });
  }
  socket.on("error", () => inner.destroy());
  // A client that keeps its end open is closed after a while.
  setTimeout(() => socket.destroy(), 10_000).unref();
  replays.add(inner);
  server.emit("connection", inner);
}
