import net from "node:net";

export interface RawAnswer {
  status: number;
  /** Header names lower-cased. */
  headers: Record<string, string>;
  body: string;
}

/**
 * HTTP/1.1 requests written by hand, for what fetch and node:http will not send: TRACE, CONNECT,
 * lower-case and unknown method tokens, requests after another on the same connection. Each call
 * opens a connection, writes the requests one after the other (each once the previous answer is in)
 * and reads the answers.
 */
export async function rawRequests(
  baseUrl: string,
  requests: Array<{ method: string; path: string; headers?: Record<string, string> }>,
): Promise<RawAnswer[]> {
  const url = new URL(baseUrl);
  const socket = net.connect(Number(url.port), url.hostname);
  socket.setTimeout(15_000, () => socket.destroy(new Error("no answer within 15 s")));
  let buffer = Buffer.alloc(0);
  let closed = false;
  let wake: (() => void) | null = null;
  socket.on("data", (d: Buffer) => {
    buffer = Buffer.concat([buffer, d]);
    wake?.();
  });
  socket.on("close", () => {
    closed = true;
    wake?.();
  });
  socket.on("error", () => {});
  await new Promise<void>((resolve, reject) => {
    socket.once("connect", resolve);
    socket.once("error", reject);
  });
  const more = () => new Promise<void>((resolve) => (wake = resolve));
  const answers: RawAnswer[] = [];
  try {
    for (const [i, r] of requests.entries()) {
      const last = i === requests.length - 1;
      const headers = { host: url.host, ...(last ? { connection: "close" } : {}), ...r.headers };
      socket.write(
        `${r.method} ${r.path} HTTP/1.1\r\n${Object.entries(headers)
          .map(([k, v]) => `${k}: ${v}\r\n`)
          .join("")}\r\n`,
      );
      for (;;) {
        const parsed = parseAnswer(buffer, r.method === "HEAD");
        if (parsed) {
          answers.push(parsed.answer);
          buffer = buffer.subarray(parsed.length);
          break;
        }
        if (closed) {
          if (buffer.length)
            throw new Error(`incomplete answer to ${r.method} ${r.path}: ${JSON.stringify(buffer.toString("latin1").slice(0, 300))}`);
          throw new Error(`connection closed without an answer to ${r.method} ${r.path}`);
        }
        await more();
      }
    }
  } finally {
    socket.destroy();
  }
  return answers;
}

export async function rawRequest(baseUrl: string, method: string, path: string, headers?: Record<string, string>): Promise<RawAnswer> {
  return (await rawRequests(baseUrl, [{ method, path, headers }]))[0];
}

/** One complete answer at the start of `buf` (Content-Length or chunked), or null while more is due. */
function parseAnswer(buf: Buffer, head: boolean): { answer: RawAnswer; length: number } | null {
  const end = buf.indexOf("\r\n\r\n");
  if (end < 0) return null;
  const [statusLine, ...lines] = buf.subarray(0, end).toString("latin1").split("\r\n");
  const status = Number(/^HTTP\/1\.[01] (\d{3})/.exec(statusLine)?.[1]);
  const headers: Record<string, string> = {};
  for (const line of lines) {
    const colon = line.indexOf(":");
    headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  let at = end + 4;
  const noBody = head || status === 204 || status === 304 || (status >= 100 && status < 200);
  if (noBody) return { answer: { status, headers, body: "" }, length: at };
  if (/chunked/i.test(headers["transfer-encoding"] ?? "")) {
    const chunks: Buffer[] = [];
    for (;;) {
      const lineEnd = buf.indexOf("\r\n", at);
      if (lineEnd < 0) return null;
      const size = parseInt(buf.subarray(at, lineEnd).toString("latin1"), 16);
      if (buf.length < lineEnd + 2 + size + 2) return null;
      chunks.push(buf.subarray(lineEnd + 2, lineEnd + 2 + size));
      at = lineEnd + 2 + size + 2;
      if (size === 0) return { answer: { status, headers, body: Buffer.concat(chunks).toString("utf8") }, length: at };
    }
  }
  const length = Number(headers["content-length"] ?? "0");
  if (buf.length < at + length) return null;
  return { answer: { status, headers, body: buf.subarray(at, at + length).toString("utf8") }, length: at + length };
}

/**
 * Writes one whole request and closes the connection without reading the answer: a browser closed
 * right after its click. Resolves once the request is handed to the kernel.
 */
export async function sendAndHangUp(
  baseUrl: string,
  r: { method: string; path: string; headers?: Record<string, string>; body?: string },
): Promise<void> {
  const url = new URL(baseUrl);
  const socket = net.connect(Number(url.port), url.hostname);
  socket.on("error", () => {});
  await new Promise<void>((resolve, reject) => {
    socket.once("connect", resolve);
    socket.once("error", reject);
  });
  const body = Buffer.from(r.body ?? "");
  const headers = { host: url.host, "content-length": String(body.length), ...r.headers };
  const head = `${r.method} ${r.path} HTTP/1.1\r\n${Object.entries(headers)
    .map(([k, v]) => `${k}: ${v}\r\n`)
    .join("")}\r\n`;
  await new Promise<void>((resolve) => socket.write(Buffer.concat([Buffer.from(head), body]), () => resolve()));
  socket.destroy();
}
