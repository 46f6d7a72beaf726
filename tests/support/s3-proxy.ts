import http from "node:http";
import type net from "node:net";

export interface S3Proxy {
  endpoint: string;
  /** The next `n` requests are answered by the proxy itself with `status` and an S3 error `code`. */
  failNext(n: number, status: number, code: string): void;
  /** Requests are held (not passed on) until release(); `held()` counts those waiting. */
  hold(): void;
  held(): number;
  release(): void;
  /** Requests seen since the last failNext(). */
  seen(): number;
  close(): Promise<void>;
}

/**
 * A proxy in front of a real S3 server that injects what the server itself cannot be told to do:
 * answers such as 503 SlowDown or 403, and requests left waiting. Headers go on unchanged (the host
 * too), so the signature still matches what the client signed.
 */
export async function startS3Proxy(target: string): Promise<S3Proxy> {
  const upstream = new URL(target);
  let failures = { left: 0, status: 0, code: "" };
  let seen = 0;
  let holding = false;
  let waiting: Array<() => void> = [];
  const pass = (req: http.IncomingMessage, res: http.ServerResponse) => {
    const up = http.request(
      { host: upstream.hostname, port: upstream.port, method: req.method, path: req.url, headers: req.headers },
      (answer) => {
        res.writeHead(answer.statusCode!, answer.headers);
        answer.pipe(res);
      },
    );
    up.on("error", () => res.destroy());
    req.pipe(up);
  };
  const server = http.createServer((req, res) => {
    seen++;
    if (failures.left > 0) {
      failures.left--;
      req.resume();
      res
        .writeHead(failures.status, { "content-type": "application/xml" })
        .end(`<?xml version="1.0"?><Error><Code>${failures.code}</Code><Message>injected by the test</Message></Error>`);
      return;
    }
    if (holding) waiting.push(() => pass(req, res));
    else pass(req, res);
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  return {
    endpoint: `http://127.0.0.1:${(server.address() as net.AddressInfo).port}`,
    failNext: (left, status, code) => ((failures = { left, status, code }), (seen = 0)),
    hold: () => (holding = true),
    held: () => waiting.length,
    release() {
      holding = false;
      const go = waiting;
      waiting = [];
      go.forEach((f) => f());
    },
    seen: () => seen,
    close: () => new Promise<void>((r) => (server.closeAllConnections(), server.close(() => r()))),
  };
}
